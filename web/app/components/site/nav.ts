import type { MessageKey } from "~/lib/i18n";

/** Header navigation, in the spec's order (section 2). */
export const NAV_ITEMS: { to: string; label: MessageKey }[] = [
  { to: "/", label: "nav.home" },
  { to: "/objectives", label: "nav.objectives" },
  { to: "/current-committee", label: "nav.committee" },
  { to: "/organization", label: "nav.organization" },
  { to: "/gallery", label: "nav.gallery" },
  { to: "/blogs", label: "nav.blogs" },
  { to: "/contact", label: "nav.contact" },
];

/** The ways to give: the header's Donate button leads there, the footer lists it with the pages. */
export const DONATE_ITEM: { to: string; label: MessageKey } = { to: "/donate", label: "nav.donate" };
