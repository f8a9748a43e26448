import { templateContent } from "./dom";

/** localStorage key: set once the visitor has answered the suggestion or switched language. */
export const LANGUAGE_CHOICE_KEY = "lang-suggestion";

function read(win: Window): string | null {
  try {
    return win.localStorage.getItem(LANGUAGE_CHOICE_KEY);
  } catch {
    return null; // storage blocked: the banner shows, and closes for this page
  }
}

function remember(win: Window): void {
  try {
    win.localStorage.setItem(LANGUAGE_CHOICE_KEY, "answered");
  } catch {
    /* storage blocked: nothing to remember it in */
  }
}

/** Whether the browser's language preferences name Nepali (ne, ne-NP, ne-IN...). */
export function prefersNepali(languages: readonly string[]): boolean {
  return languages.some((lang) => /^ne(-|$)/i.test(lang));
}

/**
 * The Accept-Language suggestion, decided in the browser from navigator.languages so
 * that every English page is one response for everyone (cacheable, no Vary: Accept-Language, no
 * redirect). English pages carry the banner in a <template> (components/site/LanguageSwitch.tsx);
 * it is shown to browsers that prefer Nepali, until the visitor follows it, dismisses it, or uses
 * the header's switcher. Without JavaScript nothing is suggested and nothing is missing.
 */
export function initLanguageSuggestion(doc: Document, win: Window = window): void {
  // Any switch of language is an answer: no suggestion after it, on any page.
  doc.addEventListener("click", (event) => {
    if ((event.target as Element | null)?.closest("[data-lang-switch]")) remember(win);
  });
  const template = doc.querySelector<HTMLTemplateElement>("template[data-lang-suggest-template]");
  if (!template || read(win) || !prefersNepali(win.navigator.languages ?? [win.navigator.language])) return;
  // Right after the header in the document (early in the Tab order); on screen it is fixed at the
  // bottom, so nothing on the page moves.
  const header = doc.querySelector("body header");
  if (header) header.after(templateContent(template));
  else doc.body.append(templateContent(template));
  const banner = doc.querySelector<HTMLElement>("[data-lang-suggest]");
  banner?.querySelector("[data-lang-dismiss]")?.addEventListener("click", () => {
    remember(win);
    banner.remove();
  });
}
