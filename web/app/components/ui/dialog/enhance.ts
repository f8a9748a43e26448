import { trapFocus } from "./focus-trap";

/**
 * The behaviour of Modal.tsx for pages without React: focus moves into the dialog and is trapped
 * there (focus-trap.ts), Escape, the backdrop and any [data-dialog-close] ask to close, focus
 * returns where it was, and the page behind does not scroll.
 */

export interface DialogOptions {
  /** The visitor asked to close (Escape, backdrop, a close control). */
  onRequestClose: () => void;
  /** Where focus goes back to when the dialog is disposed (default: what had it before). */
  returnFocus?: HTMLElement | null;
}

/** Makes `root` (a [data-dialog] element already in the document) modal. Returns its disposer. */
export function activateDialog(root: HTMLElement, options: DialogOptions): (opts?: { remove?: boolean }) => void {
  const panel = root.querySelector<HTMLElement>('[role="dialog"]') ?? root;
  const release = trapFocus(panel, { onEscape: options.onRequestClose, returnFocus: options.returnFocus, visibleOnly: false });
  const onClick = (event: MouseEvent) => {
    const target = event.target as Element | null;
    if (target?.closest("[data-dialog-backdrop], [data-dialog-close]")) {
      event.preventDefault();
      options.onRequestClose();
    }
  };
  root.addEventListener("click", onClick);
  return ({ remove = true } = {}) => {
    root.removeEventListener("click", onClick);
    if (remove) root.remove();
    release();
  };
}
