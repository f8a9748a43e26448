import type { MessageKey } from "~/lib/i18n";

/** Spec section 9: the donation presets and payment options. */
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

export function formatNpr(amount: number): string {
  return amount.toLocaleString("en-IN");
}
