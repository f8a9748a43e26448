import { activateDialog } from "~/components/ui/dialog/enhance";
import { cloneTemplate, isPlainClick } from "~/enhance/dom";

interface Open {
  id: string;
  dispose: () => void;
}

/**
 * Gallery images ([data-gallery-open], real links to /gallery?page={n}&image={id}) open their dialog
 * from <template data-image-dialog-for={id}> with a history entry of their own, as the server
 * would render it: Back, Escape, the backdrop and Close all return to the grid, and focus goes
 * back to the image that was opened. A dialog the server rendered (a shared ?image= link)
 * closes by replacing the URL with the grid's.
 */
export function initGallery(doc: Document, win: Window = window): void {
  const grid = doc.querySelector("[data-testid='image-grid']");
  if (!grid) return;
  let current: Open | null = null;

  const opener = (id: string) => grid.querySelector<HTMLElement>(`[data-gallery-open="${CSS.escape(id)}"]`);
  const idInUrl = () => new URL(win.location.href).searchParams.get("image");

  const show = (id: string, onRequestClose: () => void): boolean => {
    const template = doc.querySelector<HTMLTemplateElement>(`template[data-image-dialog-for="${CSS.escape(id)}"]`);
    const dialog = cloneTemplate(template);
    if (!template || !dialog) return false;
    template.before(dialog);
    current = { id, dispose: activateDialog(dialog, { onRequestClose, returnFocus: opener(id) }) };
    return true;
  };
  const hide = () => {
    current?.dispose();
    current = null;
  };

  // Rendered by the server for a shared link.
  // (querySelector does not look into <template>s, so this finds only a dialog on the page.)
  const renderedContent = doc.querySelector<HTMLElement>("[data-image-dialog]");
  const rendered = renderedContent?.closest<HTMLElement>("[data-dialog]");
  if (renderedContent && rendered) {
    const id = renderedContent.dataset.imageDialog ?? "";
    const closeHref = rendered.querySelector<HTMLAnchorElement>("a[data-dialog-close]")?.href;
    current = {
      id,
      dispose: activateDialog(rendered, {
        returnFocus: opener(id),
        onRequestClose: () => {
          if (closeHref) win.history.replaceState(null, "", closeHref);
          hide();
        },
      }),
    };
  }

  grid.addEventListener("click", (event: Event) => {
    if (!(event instanceof MouseEvent)) return;
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>("a[data-gallery-open]");
    if (!link || !isPlainClick(event)) return;
    const id = link.dataset.galleryOpen ?? "";
    event.preventDefault();
    win.history.pushState({ galleryImage: id }, "", link.href);
    if (!show(id, () => win.history.back())) win.location.assign(link.href);
  });

  win.addEventListener("popstate", () => {
    const id = idInUrl();
    if (current && current.id !== id) hide();
    if (id && !current) show(id, () => win.history.back());
  });
}
