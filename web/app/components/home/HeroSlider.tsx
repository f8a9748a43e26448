import { useEffect, useReducer, useState } from "react";
import { Link } from "react-router";
import { Img } from "~/components/ui/Img";
import { ChevronLeft, ChevronRight, Pause, Play } from "~/components/ui/icons";
import type { HeroSlideView } from "~/lib/content/types";
import { useT } from "~/lib/i18n";
import { usePrefersReducedMotion } from "~/lib/use-media-query";
import { initialSliderState, SLIDE_INTERVAL_MS, sliderReducer } from "./slider-state";

interface HeroSliderProps {
  slides: HeroSlideView[];
  /** Opens the donation dialog (the link works without JavaScript too). */
  onDonate?: (event: React.MouseEvent<HTMLAnchorElement>) => void;
}

/**
 * Full-height hero slider (spec sections 2, 4). Server-rendered with the first slide
 * showing. Auto-advances every 7 s, restarting the timer on every change; pauses while
 * hovered, while focus is inside, when the visitor presses pause, and never moves by
 * itself under prefers-reduced-motion.
 */
export function HeroSlider({ slides, onDonate }: HeroSliderProps) {
  const t = useT();
  const [state, dispatch] = useReducer(sliderReducer, slides.length, initialSliderState);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [userPaused, setUserPaused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  // Images of later slides wait until the page has loaded: the first one is the LCP.
  const [loadAll, setLoadAll] = useState(false);
  const count = slides.length;
  const autoPlay = count > 1 && !reducedMotion;
  const running = autoPlay && !hovered && !focused && !userPaused;

  useEffect(() => {
    if (!running) return;
    // state.index is a dependency on purpose: every change (auto, button, dot) restarts the full interval.
    const timer = window.setTimeout(() => dispatch({ type: "next" }), SLIDE_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [running, state.index]);

  useEffect(() => {
    if (document.readyState === "complete") {
      setLoadAll(true);
      return;
    }
    const onLoad = () => setLoadAll(true);
    window.addEventListener("load", onLoad, { once: true });
    return () => window.removeEventListener("load", onLoad);
  }, []);

  if (count === 0) return null;
  const animating = state.previous !== null;

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t("home.slider.label")}
      className="on-dark relative isolate h-[calc(100svh-4rem)] min-h-[30rem] max-h-[60rem] overflow-hidden bg-night text-white"
      // Mouse only: a tap on a phone fires "enter" without a matching "leave".
      onPointerEnter={(event) => event.pointerType === "mouse" && setHovered(true)}
      onPointerLeave={(event) => event.pointerType === "mouse" && setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      data-testid="hero-slider"
      data-active-slide={state.index}
    >
      <div aria-live={running ? "off" : "polite"} className="absolute inset-0">
        {slides.map((slide, i) => {
          const active = i === state.index;
          const leaving = !active && i === state.previous;
          const animation = !animating
            ? ""
            : active
              ? state.direction === 1 ? "animate-slide-in-next" : "animate-slide-in-prev"
              : leaving
                ? state.direction === 1 ? "animate-slide-out-next" : "animate-slide-out-prev"
                : "";
          const showImage = i === 0 || loadAll || active || leaving;
          return (
            <div
              key={i}
              role="group"
              aria-roledescription="slide"
              aria-label={t("home.slider.slide", { current: i + 1, total: count })}
              aria-hidden={!active}
              inert={!active}
              data-slide={i}
              className={`absolute inset-0 ${active ? "z-10 visible" : leaving ? "z-0 visible" : "z-0 invisible"} ${animation}`}
            >
              {slide.image && showImage ? (
                <Img
                  image={slide.image}
                  sizes="100vw"
                  priority={i === 0}
                  className="absolute inset-0 size-full object-cover"
                />
              ) : null}
              <div
                aria-hidden="true"
                className="absolute inset-0 bg-linear-to-t from-night/90 via-night/45 to-night/10 md:bg-linear-to-r md:from-night/85 md:via-night/45 md:to-transparent"
              />
              <div className="container-page relative flex h-full flex-col justify-end pt-8 pb-40 md:justify-center">
                <div className="max-w-2xl">
                  <h2
                    className="text-3xl font-bold tracking-tight text-balance [text-shadow:0_2px_14px_rgb(0_0_0/0.5)] sm:text-4xl md:text-5xl lg:text-6xl"
                    dangerouslySetInnerHTML={{ __html: slide.headingHtml }}
                  />
                  <p
                    className="mt-4 text-lg text-white/95 [text-shadow:0_1px_8px_rgb(0_0_0/0.55)] sm:text-xl"
                    dangerouslySetInnerHTML={{ __html: slide.textHtml }}
                  />
                </div>
              </div>
            </div>
          );
        })}
      </div>

      <div className="container-page pointer-events-none absolute inset-x-0 bottom-0 z-20 pb-6 sm:pb-8">
        <div className="pointer-events-auto flex flex-wrap items-center gap-3">
          <a href="/contact#donate" onClick={onDonate} className="btn btn-primary shadow-lg">
            {t("donate.button")}
          </a>
          <Link to="/organization" className="btn border border-white/60 bg-night/30 text-white backdrop-blur-sm hover:bg-white/15">
            {t("home.hero.learnMore")}
          </Link>
        </div>
        {count > 1 ? (
          <div className="pointer-events-auto mt-5 flex items-center gap-2">
            <button
              type="button"
              onClick={() => dispatch({ type: "prev" })}
              aria-label={t("home.slider.previous")}
              className="grid size-11 place-items-center rounded-full bg-white/15 backdrop-blur-sm hover:bg-white/25"
            >
              <ChevronLeft size={22} />
            </button>
            <button
              type="button"
              onClick={() => dispatch({ type: "next" })}
              aria-label={t("home.slider.next")}
              className="grid size-11 place-items-center rounded-full bg-white/15 backdrop-blur-sm hover:bg-white/25"
            >
              <ChevronRight size={22} />
            </button>
            <div className="ml-2 flex items-center">
              {slides.map((_, i) => (
                <button
                  key={i}
                  type="button"
                  onClick={() => dispatch({ type: "goto", index: i })}
                  aria-label={t("home.slider.goTo", { number: i + 1 })}
                  aria-current={i === state.index ? "true" : undefined}
                  className="group grid size-8 place-items-center"
                >
                  <span
                    aria-hidden="true"
                    className={`block h-2.5 rounded-full transition-all ${i === state.index ? "w-7 bg-saffron" : "w-2.5 bg-white/60 group-hover:bg-white"}`}
                  />
                </button>
              ))}
            </div>
            {autoPlay ? (
              <button
                type="button"
                onClick={() => setUserPaused((p) => !p)}
                aria-label={userPaused ? t("home.slider.play") : t("home.slider.pause")}
                className="ml-auto grid size-11 place-items-center rounded-full bg-white/15 backdrop-blur-sm hover:bg-white/25"
              >
                {userPaused ? <Play size={18} /> : <Pause size={18} />}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}
