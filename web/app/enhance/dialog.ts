/**
 * The behaviour of components/ui/Modal.tsx for pages without React: focus moves into the
 * dialog and is trapped there (Tab and Shift+Tab cycle), Escape, the backdrop and any
 * [data-dialog-close] ask to close, focus returns where it was, and the page behind does not scroll.
 */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), video[controls], iframe, [tabindex]:not([tabindex="-1"])';

export interface DialogOptions {
  /** The visitor asked to close (Escape, backdrop, a close control). */
  onRequestClose: () => void;
  /** Where focus goes back to when the dialog is disposed (default: what had it before). */
  returnFocus?: HTMLElement | null;
}

/** Makes `root` (a [data-dialog] element already in the document) modal. Returns its disposer. */
export function activateDialog(root: HTMLElement, options: DialogOptions): (opts?: { remove?: boolean }) => void {
  const doc = root.ownerDocument;
  const panel = root.querySelector<HTMLElement>('[role="dialog"]') ?? root;
  const previouslyFocused = options.returnFocus ?? (doc.activeElement as HTMLElement | null);
  const focusables = () => Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
  const initial = panel.querySelector<HTMLElement>("[data-autofocus]") ?? focusables()[0] ?? panel;
  initial.focus({ preventScroll: true });

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.preventDefault();
      options.onRequestClose();
      return;
    }
    if (event.key !== "Tab") return;
    const items = focusables();
    if (items.length === 0) {
      event.preventDefault();
      panel.focus();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = doc.activeElement;
    if (event.shiftKey && (active === first || !panel.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };
  const onClick = (event: MouseEvent) => {
    const target = event.target as Element | null;
    if (target?.closest("[data-dialog-backdrop], [data-dialog-close]")) {
      event.preventDefault();
      options.onRequestClose();
    }
  };
  doc.addEventListener("keydown", onKeyDown);
  root.addEventListener("click", onClick);
  const overflow = doc.body.style.overflow;
  doc.body.style.overflow = "hidden";

  return ({ remove = true } = {}) => {
    doc.removeEventListener("keydown", onKeyDown);
    root.removeEventListener("click", onClick);
    doc.body.style.overflow = overflow;
    if (remove) root.remove();
    if (previouslyFocused && doc.contains(previouslyFocused)) previouslyFocused.focus({ preventScroll: true });
  };
}

/**
 * A copy of what a <template> holds. Parsed HTML puts it in `content`; a template created by a
 * DOM renderer (React in a unit test) holds it as ordinary children: both are handled.
 */
export function templateContent(template: HTMLTemplateElement): DocumentFragment {
  if (template.content.childNodes.length > 0) return template.content.cloneNode(true) as DocumentFragment;
  const fragment = template.ownerDocument.createDocumentFragment();
  for (const node of Array.from(template.childNodes)) fragment.append(node.cloneNode(true));
  return fragment;
}

/** The first element of a <template>, cloned (null when the template is missing or empty). */
export function cloneTemplate(template: HTMLTemplateElement | null): HTMLElement | null {
  return template ? (templateContent(template).firstElementChild as HTMLElement | null) : null;
}

/** A plain left click without modifier keys: the kind of click a page may take over. */
export function isPlainClick(event: MouseEvent): boolean {
  return !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
