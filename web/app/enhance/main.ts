// The one script public pages load (docs/decisions/006-public-pages-without-react.md): the
// pages are complete HTML from the server; this adds what needs a script. No React, no router.
import { initGallery } from "~/components/gallery/image-dialog/enhance";
import { initSlider } from "~/components/home/hero-slider/enhance";
import { initDonate } from "~/components/site/donation/enhance";
import { initLanguageSuggestion } from "./language";
import { initMenu } from "./menu";
import { initPendingNavigation } from "./navigation";
import { initReveal } from "./reveal";
import { initVideoToggles } from "./video-toggle";

export function enhance(doc: Document = document, win: Window & typeof globalThis = window): void {
  initSlider(doc, win);
  initReveal(doc, win);
  initMenu(doc, win);
  initVideoToggles(doc);
  // Dialog openers take their clicks first; the pending view reacts only to clicks they left alone.
  initDonate(doc);
  initGallery(doc, win);
  initPendingNavigation(doc, win);
  initLanguageSuggestion(doc, win);
  // The page is interactive (browser tests wait for this, as for React's hydration).
  doc.documentElement.dataset.hydrated = "";
}

enhance();
