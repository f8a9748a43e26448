/** What can take focus inside a dialog. */
export const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), video[controls], iframe, [tabindex]:not([tabindex="-1"])';

export interface FocusTrapOptions {
  /** Escape was pressed. */
  onEscape: () => void;
  /** Where focus goes back to at the end (default: what had it before). */
  returnFocus?: HTMLElement | null;
  /** What counts as focusable inside the container. */
  focusable?: string;
  /** Skip elements that are not rendered (offsetParent null), e.g. in a collapsed part of a
   * drawer. Dialogs show all of their content and pass false. */
  visibleOnly?: boolean;
}

/**
 * Makes `container` modal for the keyboard, for React (useFocusTrap) and the enhancement script
 * (dialog/enhance.ts) alike: focus moves in (its [data-autofocus] element first), Tab and Shift+Tab
 * cycle inside it, Escape calls onEscape, the page behind does not scroll. The returned function
 * ends all of it and puts focus back where it was.
 */
export function trapFocus(
  container: HTMLElement,
  { onEscape, returnFocus, focusable = FOCUSABLE, visibleOnly = true }: FocusTrapOptions,
): () => void {
  const doc = container.ownerDocument;
  const previouslyFocused = returnFocus ?? (doc.activeElement as HTMLElement | null);
  const focusables = () =>
    Array.from(container.querySelectorAll<HTMLElement>(focusable)).filter((el) => !visibleOnly || el.offsetParent !== null);
  const initial = container.querySelector<HTMLElement>("[data-autofocus]") ?? focusables()[0] ?? container;
  initial.focus({ preventScroll: true });

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.preventDefault();
      onEscape();
      return;
    }
    if (event.key !== "Tab") return;
    const items = focusables();
    if (items.length === 0) {
      event.preventDefault();
      container.focus();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const current = doc.activeElement;
    if (event.shiftKey && (current === first || !container.contains(current))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (current === last || !container.contains(current))) {
      event.preventDefault();
      first.focus();
    }
  };
  doc.addEventListener("keydown", onKeyDown);
  const { overflow } = doc.body.style;
  doc.body.style.overflow = "hidden";
  return () => {
    doc.removeEventListener("keydown", onKeyDown);
    doc.body.style.overflow = overflow;
    if (previouslyFocused && doc.contains(previouslyFocused)) previouslyFocused.focus({ preventScroll: true });
  };
}
