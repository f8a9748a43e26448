import { Img } from "~/components/ui/Img";
import type { BenefitView } from "~/lib/content/types";

/** Fade in and slide up 0.5 s, staggered by 0.1 s x card index, once
 * (app/enhance/reveal.ts; without JavaScript the cards are simply there). */
export const CARD_DURATION_S = 0.5;
export const CARD_STAGGER_S = 0.1;

export function BenefitCards({ benefits }: { benefits: BenefitView[] }) {
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {benefits.map((benefit, index) => (
        <li
          key={`${benefit.title}-${index}`}
          data-reveal=""
          data-reveal-delay={(CARD_STAGGER_S * index).toFixed(1)}
          data-reveal-duration={CARD_DURATION_S}
          className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-card ring-1 ring-sand-200"
        >
          {benefit.image ? (
            <Img
              image={benefit.image}
              sizes="(min-width: 1200px) 380px, (min-width: 600px) calc(50vw - 2.25rem), calc(100vw - 2rem)"
              shown={[280, 570]}
              className="aspect-[4/3] w-full object-cover"
            />
          ) : (
            <div aria-hidden="true" className="aspect-[4/3] w-full bg-linear-to-br from-saffron-light to-sand" />
          )}
          <div className="flex flex-1 flex-col p-5 sm:p-6">
            <h3 className="text-xl font-bold text-clay-dark">{benefit.title}</h3>
            <ul className="mt-3 space-y-2 text-[0.95rem] text-muted">
              {benefit.items.map((item, i) => (
                <li key={i} className="mark-check flex gap-2 [--mark:18px]">
                  <span>{item}</span>
                </li>
              ))}
            </ul>
          </div>
        </li>
      ))}
    </ul>
  );
}
