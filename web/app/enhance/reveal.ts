/**
 * Benefit cards fade in and slide up once when scrolled into view (
 * 0.5 s, delayed 0.1 s x the card's index), with CSS transitions started by an
 * IntersectionObserver. Cards are hidden only here, by the script, so without JavaScript (or
 * before it runs) they are simply there. Under prefers-reduced-motion they fade without moving.
 */
export function initReveal(doc: Document, win: Window & typeof globalThis = window): void {
  const cards = Array.from(doc.querySelectorAll<HTMLElement>("[data-reveal]"));
  if (cards.length === 0 || typeof win.IntersectionObserver !== "function") return;
  const still = win.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
  const observer = new win.IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const card = entry.target as HTMLElement;
        observer.unobserve(card);
        const duration = Number(card.dataset.revealDuration ?? 0.5);
        const delay = Number(card.dataset.revealDelay ?? 0);
        card.style.transition = `opacity ${duration}s ease-out ${delay}s, transform ${duration}s ease-out ${delay}s`;
        card.style.opacity = "1";
        card.style.transform = "none";
      }
    },
    { threshold: 0.15 },
  );
  for (const card of cards) {
    card.style.opacity = "0";
    card.style.transform = still ? "none" : "translateY(32px)";
    observer.observe(card);
  }
}
