import type { ConsentState } from "@contract/consent-rules";
import { CONSENT_BADGE_CLASSES, CONSENT_STATE_LABELS } from "~/lib/admin/consent";
import { useAt } from "~/lib/admin/messages";

/** A photo's consent state in words ("Consent missing"); the colour only repeats them. */
export function ConsentBadge({ state }: { state: ConsentState }) {
  const at = useAt();
  return (
    <span
      data-consent-state={state}
      className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap ${CONSENT_BADGE_CLASSES[state]}`}
    >
      {at(CONSENT_STATE_LABELS[state])}
    </span>
  );
}
