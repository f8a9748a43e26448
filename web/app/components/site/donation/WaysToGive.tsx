import { Img } from "~/components/ui/Img";
import { IconExternal } from "~/components/ui/icons";
import type { WayToGiveView } from "~/lib/content/types";
import { useT } from "~/lib/i18n";

/**
 * The home's ways to give, as Managers entered them: instructions, bank details to copy, a link to
 * a payment page the home already has and a QR code large enough to scan from another screen
 * (at least 240 CSS px). Shown by the donation dialog and the /donate page; nothing here pays.
 */
export function WaysToGive({ ways, headingLevel = 3 }: { ways: WayToGiveView[]; headingLevel?: 2 | 3 }) {
  const t = useT();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  if (ways.length === 0) return <p className="mt-3">{t("donate.noWays")}</p>;
  return (
    <ul className="mt-4 space-y-4" data-ways-to-give="">
      {ways.map((way, index) => {
        const details = [
          { label: t("donate.bankName"), value: way.bankName },
          { label: t("donate.accountName"), value: way.accountName },
          { label: t("donate.accountNumber"), value: way.accountNumber },
          { label: t("donate.branch"), value: way.branch },
          { label: t("donate.swift"), value: way.swift },
        ].filter((row): row is { label: string; value: string } => Boolean(row.value));
        const lang = way.fallback ? "en" : undefined;
        return (
          <li key={index} className="rounded-2xl bg-white p-5 ring-1 ring-sand-200" data-way-to-give="">
            <Heading lang={lang} className="text-lg font-bold text-clay-dark">
              {way.name}
            </Heading>
            <p lang={lang} className="mt-2 whitespace-pre-line">
              {way.instructions}
            </p>
            {details.length > 0 ? (
              <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                {details.map((row) => (
                  <div key={row.label} className="contents">
                    <dt className="text-muted">{row.label}</dt>
                    {/* Copied by hand into a banking app: never broken in the middle, selectable whole. */}
                    <dd data-as-written="" className="font-semibold break-all select-all">
                      {row.value}
                    </dd>
                  </div>
                ))}
              </dl>
            ) : null}
            {way.qr ? (
              <figure className="mt-4">
                <Img
                  image={way.qr}
                  sizes="280px"
                  shown={[280, 280]}
                  className="size-[280px] max-w-full rounded-lg bg-white object-contain ring-1 ring-sand-200 [image-rendering:pixelated]"
                />
                <figcaption className="mt-2 text-sm text-muted">{t("donate.scanHint")}</figcaption>
              </figure>
            ) : null}
            {way.linkUrl ? (
              <a href={way.linkUrl} rel="noopener noreferrer" target="_blank" className="btn btn-ghost mt-4">
                <IconExternal size={18} />
                {t("donate.openLink")}
              </a>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
