/** Shared class lists of the admin panel's controls (Tailwind utilities, no global CSS). */
export const INPUT =
  "block w-full rounded-lg border border-[#b9a58f] bg-white px-3 py-2.5 text-base text-ink shadow-sm placeholder:text-muted/70 focus:border-clay focus:outline-3 focus:outline-offset-0 focus:outline-saffron aria-[invalid=true]:border-red-600";

export const LABEL = "block font-semibold text-ink";
export const FIELD_ERROR = "mt-1.5 text-sm font-medium text-red-700";
export const HINT = "mt-1 text-sm text-muted";
export const CARD = "rounded-2xl border border-sand-200 bg-white shadow-card";

/**
 * Nepali text in the (English) admin: Devanagari from the site's own Noto Sans
 * Devanagari (app.css, loaded only for those characters), Latin from the usual stacks, and
 * the extra line height Devanagari's vowel signs need.
 */
export const DEVANAGARI = "[font-family:'Noto_Sans_Devanagari',ui-sans-serif,system-ui,sans-serif] leading-relaxed";
/** The same for headings inside rendered Markdown (app.css gives h1-h3 the serif stack). */
export const DEVANAGARI_HEADINGS = "[&_:is(h1,h2,h3,h4)]:[font-family:'Noto_Sans_Devanagari',ui-sans-serif,system-ui,sans-serif]";
