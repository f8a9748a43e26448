import type { Page } from "@playwright/test";

/** The admin lists with View, Edit and Delete on every row. */
export const LISTS = ["/teams", "/gallery/images", "/gallery/videos", "/bloglist"] as const;

/**
 * For every row action of the list (View, Edit, Delete): scrolled into view as a visitor would,
 * is its whole box inside the viewport and inside every ancestor that clips, and is it what a
 * click at its centre hits? Returns what is not.
 */
/** `words`: how each control's text begins (a regular expression). */
export const actionsOutOfReach = (page: Page, words: readonly string[] = ["View", "Edit", "Delete"]) =>
  page.locator("main tbody").evaluate((tbody, words) => {
    const problems: string[] = [];
    const rows = [...tbody.querySelectorAll("tr")];
    for (const row of rows) {
      // The signed-in manager's own row on /staff has no actions.
      if (row.textContent?.includes("(you)")) continue;
      for (const word of words) {
        const control = [...row.querySelectorAll("a")].find((a) => new RegExp(`^(?:${word})`).test(a.textContent?.trim() ?? ""));
        if (!control) {
          problems.push(`row ${rows.indexOf(row)}: no ${word}`);
          continue;
        }
        control.scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" });
        const box = control.getBoundingClientRect();
        let { left, top, right, bottom } = box;
        for (let node = control.parentElement; node; node = node.parentElement) {
          const style = getComputedStyle(node);
          const clip = node.getBoundingClientRect();
          if (style.overflowX !== "visible") [left, right] = [Math.max(left, clip.left), Math.min(right, clip.right)];
          if (style.overflowY !== "visible") [top, bottom] = [Math.max(top, clip.top), Math.min(bottom, clip.bottom)];
        }
        [left, top] = [Math.max(left, 0), Math.max(top, 0)];
        [right, bottom] = [Math.min(right, document.documentElement.clientWidth), Math.min(bottom, window.innerHeight)];
        const whole =
          box.width > 0 && left <= box.left + 0.5 && right >= box.right - 0.5 && top <= box.top + 0.5 && bottom >= box.bottom - 0.5;
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        if (!whole || !hit || !control.contains(hit)) {
          problems.push(
            `${control.getAttribute("href")}: box ${JSON.stringify(box)}, visible ${JSON.stringify({ left, top, right, bottom })}, hit ${hit?.tagName}`,
          );
        }
      }
    }
    return { rows: rows.length, problems };
  }, words);
