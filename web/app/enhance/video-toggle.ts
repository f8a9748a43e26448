/** Read more / Show less on video descriptions (components/gallery/VideoCard.tsx). */
export function initVideoToggles(doc: Document): void {
  doc.addEventListener("click", (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>("button[data-video-toggle]");
    if (!button) return;
    const description = doc.getElementById(button.getAttribute("aria-controls") ?? "");
    if (!description) return;
    const expanded = button.getAttribute("aria-expanded") !== "true";
    description.querySelector("[data-video-short]")?.classList.toggle("hidden", expanded);
    description.querySelector("[data-video-full]")?.classList.toggle("hidden", !expanded);
    button.setAttribute("aria-expanded", String(expanded));
    button.textContent = (expanded ? button.dataset.labelLess : button.dataset.labelMore) ?? "";
  });
}
