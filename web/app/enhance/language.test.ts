// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { initLanguageSuggestion, LANGUAGE_CHOICE_KEY, prefersNepali } from "./language";

const PAGE = `
  <header>header</header>
  <a data-lang-switch href="/ne/objectives">switch</a>
  <template data-lang-suggest-template><aside data-lang-suggest><a data-lang-switch href="/ne/objectives">ne</a><button data-lang-dismiss>No thanks</button></aside></template>`;

function setup(languages: string[]) {
  document.body.innerHTML = PAGE;
  Object.defineProperty(window.navigator, "languages", { value: languages, configurable: true });
  initLanguageSuggestion(document, window);
  return () => document.querySelector("[data-lang-suggest]");
}

describe("Accept-Language suggestion (decided in the browser)", () => {
  afterEach(() => localStorage.clear());

  it("recognises Nepali among the browser's languages", () => {
    expect(prefersNepali(["en-GB", "ne-NP"])).toBe(true);
    expect(prefersNepali(["ne"])).toBe(true);
    expect(prefersNepali(["en-US", "new"])).toBe(false);
    expect(prefersNepali([])).toBe(false);
  });

  it("shows the banner after the header for browsers that prefer Nepali, and not for others", () => {
    expect(setup(["en-GB"])()).toBeNull();
    const banner = setup(["en-GB", "ne"]);
    expect(banner()).not.toBeNull();
    expect(document.querySelector("header")!.nextElementSibling).toBe(banner());
  });

  it("goes away for good when dismissed or when the visitor switches language", () => {
    const banner = setup(["ne-NP"]);
    (banner()!.querySelector("[data-lang-dismiss]") as HTMLButtonElement).click();
    expect(banner()).toBeNull();
    expect(localStorage.getItem(LANGUAGE_CHOICE_KEY)).toBe("answered");
    expect(setup(["ne-NP"])()).toBeNull();

    localStorage.clear();
    setup(["ne-NP"]);
    (document.querySelector("a[data-lang-switch]") as HTMLAnchorElement).addEventListener("click", (e) => e.preventDefault());
    (document.querySelector("a[data-lang-switch]") as HTMLAnchorElement).click();
    expect(localStorage.getItem(LANGUAGE_CHOICE_KEY)).toBe("answered");
  });
});
