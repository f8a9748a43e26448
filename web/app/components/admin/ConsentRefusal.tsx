import { consentHref } from "~/lib/admin/consent";
import { useAt } from "~/lib/admin/messages";

/**
 * Under a refused publish: each photo whose consent must be recorded first, linked to its consent
 * page. The page opens in a new tab, so the form and everything typed in it stay as they are.
 */
export function ConsentRefusal({ photos, returnTo }: { photos: string[]; returnTo?: string }) {
  const at = useAt();
  return (
    <div className="mt-2" data-testid="consent-refusal">
      <p>{at("consent.refusedPhotos")}</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {photos.map((name) => (
          <li key={name}>
            <a href={consentHref(name, returnTo)} target="_blank" rel="noopener" className="font-semibold break-all underline">
              {name}
              <span className="sr-only"> ({at("consent.opensInNewTab")})</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
