import { Fragment, useId } from "react";
import { Link } from "react-router";
import { localizedFields, nepaliEditPath, type KindKey, type NepaliVersion } from "~/lib/admin/kinds";
import { useAt } from "~/lib/admin/messages";
import { DEVANAGARI, DEVANAGARI_HEADINGS } from "./styles";

/**
 * A detail page's Nepali text under a "नेपाली" heading, or a note that there is
 * none yet, with the way to the edit screen's Nepali tab. Nothing when the CMS could not say.
 */
export function NepaliSection({
  kind,
  id,
  nepali,
  html,
}: {
  kind: KindKey;
  id: number;
  nepali: NepaliVersion | null;
  /** The Nepali version's Markdown fields, rendered and sanitised on the server, by field. */
  html?: Record<string, string>;
}) {
  const at = useAt();
  const headingId = useId();
  if (!nepali || !nepali.supported || nepali.error) return null;
  const fields = localizedFields(kind);
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-2xl border border-sand-200 bg-white p-6 shadow-card sm:p-8">
      <h2 id={headingId} lang="ne" className={`text-xl font-bold text-ink ${DEVANAGARI}`}>
        {at("nepali.viewHeading")}
      </h2>
      {nepali.exists ? (
        <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-[10rem_1fr]">
          {fields.map((field) => (
            <Fragment key={field.name}>
              <dt className="font-semibold text-muted">{field.label[at.locale]}</dt>
              <dd lang="ne" className={`min-w-0 text-ink ${DEVANAGARI} ${DEVANAGARI_HEADINGS}`}>
                {field.type === "markdown" && html?.[field.name] !== undefined ? (
                  <div className="prose-warm" dangerouslySetInnerHTML={{ __html: html[field.name]! }} />
                ) : nepali.values[field.name] ? (
                  <span className="whitespace-pre-line">{nepali.values[field.name]}</span>
                ) : (
                  // An optional Nepali field left empty: the site shows the English one.
                  <span lang="en" className="text-muted">
                    {at("nepali.sameAsEnglish")}
                  </span>
                )}
              </dd>
            </Fragment>
          ))}
        </dl>
      ) : (
        <p className="mt-2 text-muted">{at("nepali.noneShort")}</p>
      )}
      <p className="mt-4">
        <Link to={nepaliEditPath(kind, id)} className="font-semibold text-clay hover:underline">
          {nepali.exists ? at("nepali.change") : at("nepali.add")}
        </Link>
      </p>
    </section>
  );
}
