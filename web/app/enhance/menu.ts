/**
 * The mobile menu is a native <details> (it opens without JavaScript). This adds Escape to
 * close it (focus back on its button), and closes it when the page comes back from the
 * back/forward cache (React closed it after every navigation by re-keying it).
 */
export function initMenu(doc: Document, win: Window = window): void {
  const menus = Array.from(doc.querySelectorAll<HTMLDetailsElement>("details[data-menu]"));
  for (const menu of menus) {
    menu.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || !menu.open) return;
      menu.open = false;
      menu.querySelector("summary")?.focus();
    });
  }
  win.addEventListener("pageshow", (event) => {
    if (event.persisted) for (const menu of menus) menu.open = false;
  });
}
