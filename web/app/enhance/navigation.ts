import { pendingKind } from "~/components/site/pending";
import { isPlainClick, templateContent } from "./dom";

/**
 * While the browser fetches the next page, show what the spec asks for (section 2): a spinner
 * for the committee, 6 placeholders for the blogs, the loading texts of blog details and the
 * gallery, from <template data-pending> (components/site/PendingView.tsx), plus the top
 * progress bar. The navigation itself stays the browser's own (no client-side router).
 * A page restored from the back/forward cache gets its content back.
 */
export function initPendingNavigation(doc: Document, win: Window = window): void {
  const main = doc.getElementById("main");
  const progress = doc.querySelector<HTMLElement>("[data-progress]");
  let saved: Node[] | null = null;

  const setBusy = (busy: boolean) => {
    progress?.classList.toggle("scale-x-75", busy);
    progress?.classList.toggle("scale-x-0", !busy);
    if (busy) main?.setAttribute("aria-busy", "true");
    else main?.removeAttribute("aria-busy");
  };

  doc.addEventListener("click", (event) => {
    if (!isPlainClick(event)) return;
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>("a[href]");
    if (!link || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
    const url = new URL(link.href, win.location.href);
    const here = new URL(win.location.href);
    if (url.origin !== here.origin || url.pathname === here.pathname || !/^https?:$/.test(url.protocol)) return;
    setBusy(true);
    const kind = pendingKind(url);
    const template = kind ? doc.querySelector<HTMLTemplateElement>(`template[data-pending="${kind}"]`) : null;
    if (!main || !template) return;
    saved ??= Array.from(main.childNodes);
    main.replaceChildren(templateContent(template));
  });

  win.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    setBusy(false);
    if (main && saved) main.replaceChildren(...saved);
    saved = null;
  });
}
