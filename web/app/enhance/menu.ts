/**
 * The mobile menu is a native <details> (it opens without JavaScript). A script makes it
 * behave like a menu: it closes on Escape wherever focus is (focus goes back to its button
 * when it was inside), on a tap or click outside it, and when Tab moves focus out of it. It
 * also closes when the page comes back from the back/forward cache.
 */
export function bindMenu(menu: HTMLDetailsElement, doc: Document = menu.ownerDocument): () => void {
  const close = (returnFocus: boolean) => {
    if (!menu.open) return;
    menu.open = false;
    if (returnFocus) menu.querySelector("summary")?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && menu.open) close(menu.contains(doc.activeElement));
  };
  const onPointerDown = (event: Event) => {
    if (menu.open && !menu.contains(event.target as Node)) close(false);
  };
  const onFocusOut = (event: FocusEvent) => {
    // relatedTarget is null when focus leaves the page (another window): keep the menu then.
    const next = event.relatedTarget as Node | null;
    if (next && !menu.contains(next)) close(false);
  };
  doc.addEventListener("keydown", onKeyDown);
  doc.addEventListener("pointerdown", onPointerDown);
  menu.addEventListener("focusout", onFocusOut);
  return () => {
    doc.removeEventListener("keydown", onKeyDown);
    doc.removeEventListener("pointerdown", onPointerDown);
    menu.removeEventListener("focusout", onFocusOut);
  };
}

export function initMenu(doc: Document, win: Window = window): void {
  const menus = Array.from(doc.querySelectorAll<HTMLDetailsElement>("details[data-menu]"));
  for (const menu of menus) bindMenu(menu, doc);
  win.addEventListener("pageshow", (event) => {
    if (event.persisted) for (const menu of menus) menu.open = false;
  });
}
