/** Shared class lists of the admin panel's controls (Tailwind utilities, no global CSS). */
export const INPUT =
  "block w-full rounded-lg border border-[#b9a58f] bg-white px-3 py-2.5 text-base text-ink shadow-sm placeholder:text-muted/70 focus:border-clay focus:outline-3 focus:outline-offset-0 focus:outline-saffron aria-[invalid=true]:border-red-600";

export const LABEL = "block font-semibold text-ink";
export const FIELD_ERROR = "mt-1.5 text-sm font-medium text-red-700";
export const HINT = "mt-1 text-sm text-muted";
export const CARD = "rounded-2xl border border-sand-200 bg-white shadow-card";
