import type { EditConflict } from "~/lib/admin/edit-conflict";
import { REPLACE_VERSION_FIELD } from "~/lib/admin/edit-conflict";
import { useAt } from "~/lib/admin/messages";
import { ErrorAlert } from "./Feedback";
import { formatDateTime } from "./Page";

/**
 * Beside Save, when a save was refused because someone else changed the item after this form
 * was opened: who and when, their stored text field by field (marked where it differs from
 * what is typed here), and a button that saves this form's text over theirs on purpose. It is
 * a submit button carrying the stored version, so it works without JavaScript too.
 */
export function EditConflictNotice({
  conflict,
  fields,
  yours,
  disabled,
}: {
  conflict: EditConflict;
  /** The form's text fields, with the labels the form shows. */
  fields: { name: string; label: string }[];
  /** What the form holds now, by field. */
  yours: (name: string) => string;
  disabled?: boolean;
}) {
  const at = useAt();
  const when = formatDateTime(conflict.at, at.locale) ?? "?";
  return (
    <ErrorAlert>
      <p className="font-semibold">{at("conflict.notSaved")}</p>
      <p className="mt-1">{conflict.by ? at("conflict.changedBy", { name: conflict.by, when }) : at("conflict.changedAt", { when })}</p>
      <p className="mt-1">{at("conflict.choose")}</p>
      <details className="mt-3 rounded-lg border border-red-200 bg-white text-ink" open>
        <summary className="cursor-pointer px-3 py-2 font-semibold">{at("conflict.theirs")}</summary>
        <dl className="space-y-3 px-3 pb-3">
          {fields.map((field) => {
            const theirs = conflict.current[field.name] ?? "";
            const differs = theirs !== yours(field.name);
            return (
              <div key={field.name} data-conflict-field={field.name}>
                <dt className="text-sm font-semibold">
                  {field.label}
                  {differs ? (
                    <span className="ml-2 rounded bg-saffron-light px-1.5 py-0.5 text-xs">{at("conflict.changedField")}</span>
                  ) : null}
                </dt>
                <dd className="mt-1 max-h-48 overflow-auto whitespace-pre-wrap break-words rounded border border-sand-200 bg-sand/40 px-2 py-1 text-sm">
                  {theirs || at("conflict.emptyValue")}
                </dd>
              </div>
            );
          })}
        </dl>
      </details>
      <button
        type="submit"
        name={REPLACE_VERSION_FIELD}
        value={conflict.version}
        disabled={disabled}
        className="btn btn-primary mt-3 disabled:cursor-wait disabled:opacity-80"
      >
        {at("conflict.saveMine")}
      </button>
    </ErrorAlert>
  );
}
