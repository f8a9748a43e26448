import type { MessageKey } from "~/lib/i18n";
// Not from ~/lib/i18n: the enhancement script imports this module and must not bring React along.
import { toDevanagariDigits } from "~/lib/i18n/digits";
import type { Locale } from "~/lib/i18n/paths";

/** The donation presets and payment options. */
export const DONATION_PRESETS_NPR = [1000, 2000, 3000, 4000, 5000] as const;

export const PAYMENT_OPTIONS: { id: string; label: MessageKey }[] = [
  { id: "paypal", label: "donate.method.paypal" },
  { id: "offline", label: "donate.method.offline" },
  { id: "credit", label: "donate.method.credit" },
  { id: "debit", label: "donate.method.debit" },
];

/** A mailto: link with the chosen amount and method filled in. Nothing is paid here. */
export function donationMailto(email: string, subject: string, body: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** An amount grouped as in Nepal (1,00,000), in the page's digits. */
export function formatNpr(amount: number, locale: Locale): string {
  const grouped = amount.toLocaleString("en-IN");
  return locale === "ne" ? toDevanagariDigits(grouped) : grouped;
}
