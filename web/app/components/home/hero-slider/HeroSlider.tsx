import { Link } from "react-router";
import { Img } from "~/components/ui/Img";
import { IconChevronLeft, IconChevronRight, IconPause, IconPlay } from "~/components/ui/icons";
import type { HeroSlideView } from "~/lib/content/types";
import { useLocalizePath, useT } from "~/lib/i18n";

interface HeroSliderProps {
  slides: HeroSlideView[];
  /** "en" when the slides are the English text on a Nepali page (ADR 005 fallback). */
  contentLang?: "en";
}

/** The hero covers the screen; its image fills it (object-cover), so on a portrait phone it
 * is shown about as wide as the section is tall times the photo's aspect (16:9). */
const HERO_SIZES = "(max-aspect-ratio: 3/4) 150vw, 100vw";
const HERO_SHOWN = [320, 1920] as const;

/**
 * Full-height hero slider, rendered on the server with the first slide
 * showing; ./enhance.ts makes it move: every 7 s, restarting the timer on every change,
 * pausing while hovered, while focus is inside, when the visitor presses pause, and never
 * moving by itself under prefers-reduced-motion. The markup below is its contract (data-*).
 * The other slides' images wait in <template>s until the page has loaded: the first is the LCP.
 */
export function HeroSlider({ slides, contentLang }: HeroSliderProps) {
  const t = useT();
  const href = useLocalizePath();
  const count = slides.length;
  if (count === 0) return null;

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t("home.slider.label")}
      className="on-dark relative isolate h-[calc(100svh-4rem)] min-h-[30rem] max-h-[60rem] overflow-hidden bg-night text-white"
      data-testid="hero-slider"
      data-slider=""
      data-active-slide={0}
    >
      <div aria-live="off" className="absolute inset-0" data-slider-live="">
        {slides.map((slide, i) => {
          const active = i === 0;
          const image = slide.image ? (
            <Img
              image={slide.image}
              sizes={HERO_SIZES}
              shown={HERO_SHOWN}
              priority={i === 0}
              eager={i !== 0}
              preloadInHead={i === 0}
              className="absolute inset-0 size-full object-cover"
            />
          ) : null;
          return (
            <div
              key={i}
              role="group"
              aria-roledescription="slide"
              aria-label={t("home.slider.slide", { current: i + 1, total: count })}
              aria-hidden={!active}
              inert={!active}
              data-slide={i}
              className={`absolute inset-0 ${active ? "z-10 visible" : "z-0 invisible"}`}
            >
              {i === 0 ? image : image ? <template data-slide-image="">{image}</template> : null}
              <div
                aria-hidden="true"
                className="absolute inset-0 bg-linear-to-t from-night/90 via-night/45 to-night/10 md:bg-linear-to-r md:from-night/85 md:via-night/45 md:to-transparent"
              />
              <div className="container-page relative flex h-full flex-col justify-end pt-8 pb-40 md:justify-center">
                <div className="max-w-2xl" lang={contentLang}>
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
          <a href={href("/donate")} data-donate="" className="btn btn-primary shadow-lg">
            {t("donate.button")}
          </a>
          <Link to={href("/organization")} className="btn border border-white/60 bg-night/30 text-white backdrop-blur-sm hover:bg-white/15">
            {t("home.hero.learnMore")}
          </Link>
        </div>
        {count > 1 ? (
          // Without JavaScript the buttons could do nothing: hidden (root's noscript style).
          <div className="pointer-events-auto mt-5 flex items-center gap-2" data-js-only="">
            <button
              type="button"
              data-slider-prev=""
              aria-label={t("home.slider.previous")}
              className="grid size-11 place-items-center rounded-full bg-white/15 backdrop-blur-sm hover:bg-white/25"
            >
              <IconChevronLeft size={22} />
            </button>
            <button
              type="button"
              data-slider-next=""
              aria-label={t("home.slider.next")}
              className="grid size-11 place-items-center rounded-full bg-white/15 backdrop-blur-sm hover:bg-white/25"
            >
              <IconChevronRight size={22} />
            </button>
            <div className="ml-2 flex items-center">
              {slides.map((_, i) => (
                <button
                  key={i}
                  type="button"
                  data-slider-dot={i}
                  aria-label={t("home.slider.goTo", { number: i + 1 })}
                  aria-current={i === 0 ? "true" : undefined}
                  className="group grid size-8 place-items-center"
                >
                  <span
                    aria-hidden="true"
                    className={`block h-2.5 rounded-full transition-all ${i === 0 ? "w-7 bg-saffron" : "w-2.5 bg-white/60 group-hover:bg-white"}`}
                  />
                </button>
              ))}
            </div>
            {/* Hidden under prefers-reduced-motion (nothing moves by itself there). */}
            <button
              type="button"
              data-slider-toggle=""
              data-label-pause={t("home.slider.pause")}
              data-label-play={t("home.slider.play")}
              aria-label={t("home.slider.pause")}
              className="ml-auto grid size-11 place-items-center rounded-full bg-white/15 backdrop-blur-sm hover:bg-white/25"
            >
              <span data-when-running="">
                <IconPause size={18} />
              </span>
              <span data-when-paused="" className="hidden">
                <IconPlay size={18} />
              </span>
            </button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
