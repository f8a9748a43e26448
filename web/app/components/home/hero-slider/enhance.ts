import { initialSliderState, SLIDE_INTERVAL_MS, type SliderAction, sliderReducer } from "./slider-state";
import { templateContent } from "~/enhance/dom";

const DOT_ACTIVE = ["w-7", "bg-saffron"];
const DOT_IDLE = ["w-2.5", "bg-white/60", "group-hover:bg-white"];

/**
 * The hero slider (HeroSlider.tsx beside it): 3 slides, the index
 * wraps both ways, the direction is kept for the animation, it advances every 7 s and the timer
 * restarts whenever the slide changes. It pauses while a mouse hovers it, while focus is inside
 * it and when the visitor presses pause, and never moves by itself under prefers-reduced-motion.
 * The other slides' images come out of their <template>s once the page has loaded.
 */
export function initSlider(doc: Document, win: Window = window): void {
  const root = doc.querySelector<HTMLElement>("[data-slider]");
  if (!root) return;
  const slides = Array.from(root.querySelectorAll<HTMLElement>("[data-slide]"));
  const dots = Array.from(root.querySelectorAll<HTMLButtonElement>("[data-slider-dot]"));
  const toggle = root.querySelector<HTMLButtonElement>("[data-slider-toggle]");
  const live = root.querySelector<HTMLElement>("[data-slider-live]");
  const motionQuery = win.matchMedia?.("(prefers-reduced-motion: reduce)");

  let state = initialSliderState(slides.length);
  let hovered = false;
  let focused = false;
  let userPaused = false;
  let reducedMotion = motionQuery?.matches ?? false;
  let timer: number | undefined;

  const autoPlay = () => slides.length > 1 && !reducedMotion;
  const running = () => autoPlay() && !hovered && !focused && !userPaused;

  const showImage = (slide: HTMLElement) => {
    const template = slide.querySelector<HTMLTemplateElement>("template[data-slide-image]");
    if (template) template.replaceWith(templateContent(template));
  };

  const render = () => {
    const animating = state.previous !== null;
    slides.forEach((slide, i) => {
      const active = i === state.index;
      const leaving = !active && i === state.previous;
      const animation = !animating
        ? ""
        : active
          ? state.direction === 1
            ? "animate-slide-in-next"
            : "animate-slide-in-prev"
          : leaving
            ? state.direction === 1
              ? "animate-slide-out-next"
              : "animate-slide-out-prev"
            : "";
      if (active || leaving) showImage(slide);
      slide.className = `absolute inset-0 ${active ? "z-10 visible" : leaving ? "z-0 visible" : "z-0 invisible"} ${animation}`.trim();
      slide.setAttribute("aria-hidden", String(!active));
      slide.inert = !active;
    });
    root.dataset.activeSlide = String(state.index);
    dots.forEach((dot, i) => {
      const active = i === state.index;
      if (active) dot.setAttribute("aria-current", "true");
      else dot.removeAttribute("aria-current");
      const bar = dot.querySelector("span");
      bar?.classList.remove(...(active ? DOT_IDLE : DOT_ACTIVE));
      bar?.classList.add(...(active ? DOT_ACTIVE : DOT_IDLE));
    });
    live?.setAttribute("aria-live", running() ? "off" : "polite");
    if (toggle) {
      toggle.hidden = !autoPlay();
      toggle.setAttribute("aria-label", (userPaused ? toggle.dataset.labelPlay : toggle.dataset.labelPause) ?? "");
      toggle.querySelector("[data-when-running]")?.classList.toggle("hidden", userPaused);
      toggle.querySelector("[data-when-paused]")?.classList.toggle("hidden", !userPaused);
    }
  };

  // Every change (automatic, a button, a dot) and every pause or resume restarts the full interval.
  const schedule = () => {
    if (timer !== undefined) win.clearTimeout(timer);
    timer = running() ? win.setTimeout(() => dispatch({ type: "next" }), SLIDE_INTERVAL_MS) : undefined;
  };
  const dispatch = (action: SliderAction) => {
    const next = sliderReducer(state, action);
    if (next === state) return;
    state = next;
    render();
    schedule();
  };
  const update = (change: () => void) => {
    const before = running();
    change();
    render();
    if (running() !== before) schedule();
  };

  root.querySelector("[data-slider-prev]")?.addEventListener("click", () => dispatch({ type: "prev" }));
  root.querySelector("[data-slider-next]")?.addEventListener("click", () => dispatch({ type: "next" }));
  dots.forEach((dot) => dot.addEventListener("click", () => dispatch({ type: "goto", index: Number(dot.dataset.sliderDot) })));
  toggle?.addEventListener("click", () => update(() => (userPaused = !userPaused)));
  // Mouse only: a tap on a phone fires "enter" without a matching "leave".
  root.addEventListener("pointerenter", (e) => e.pointerType === "mouse" && update(() => (hovered = true)));
  root.addEventListener("pointerleave", (e) => e.pointerType === "mouse" && update(() => (hovered = false)));
  root.addEventListener("focusin", () => update(() => (focused = true)));
  root.addEventListener("focusout", (e) => {
    if (!root.contains(e.relatedTarget as Node | null)) update(() => (focused = false));
  });
  motionQuery?.addEventListener?.("change", (e) => update(() => (reducedMotion = e.matches)));

  const loadAll = () => slides.forEach(showImage);
  if (doc.readyState === "complete") loadAll();
  else win.addEventListener("load", loadAll, { once: true });

  render();
  schedule();
}
