import type { UseFormRegisterReturn } from "react-hook-form";
import type { FieldSpec } from "~/lib/admin/kinds";
import { useAt } from "~/lib/admin/messages";
import { bsAdParts, isCalendarDate } from "~/lib/i18n/bs-date";
import { MarkdownField } from "./MarkdownField";
import { DEVANAGARI, DEVANAGARI_HEADINGS, FIELD_ERROR, HINT, INPUT } from "./styles";

/**
 * A text field's control, hint and error, as the English form and the Nepali tab both show them
 * (the label and the layout around it are theirs). `devanagari` sets the Nepali typeface, and a
 * Markdown field's preview in Nepali.
 */
export function TextFieldControl({
  field,
  common,
  registration,
  defaultValue,
  getValue,
  setValue,
  hintId,
  errorId,
  error,
  devanagari = false,
}: {
  field: FieldSpec;
  common: { id: string; lang?: string; "aria-invalid"?: true; "aria-describedby"?: string };
  registration: UseFormRegisterReturn;
  defaultValue: string;
  /** The current value (the Markdown preview renders it). */
  getValue: () => string;
  /** Sets the value as the author's change (the formatting editor writes the Markdown field with it). */
  setValue: (value: string) => void;
  hintId: string;
  errorId: string;
  error?: string;
  devanagari?: boolean;
}) {
  const at = useAt();
  const typeface = devanagari ? ` ${DEVANAGARI}` : "";
  return (
    <>
      {field.type === "markdown" ? (
        <MarkdownField
          label={field.label[at.locale]}
          inputProps={{ ...common, ...registration, defaultValue }}
          rows={field.rows ?? 12}
          maxLength={field.maxLength}
          getValue={getValue}
          setValue={setValue}
          // Not monospace in Nepali: Devanagari has none, and its spaces would come out wide.
          {...(devanagari ? { fontClass: DEVANAGARI, previewClass: `${DEVANAGARI} ${DEVANAGARI_HEADINGS}`, lang: "ne" } : {})}
        />
      ) : field.type === "date" ? (
        <div className="mt-1.5 flex flex-wrap items-center gap-x-4 gap-y-1">
          <input {...common} {...registration} type="date" defaultValue={defaultValue} className={`${INPUT} max-w-[14rem]`} />
          <DateReading value={getValue()} />
        </div>
      ) : field.type === "textarea" ? (
        <textarea
          {...common}
          {...registration}
          defaultValue={defaultValue}
          rows={field.rows ?? 5}
          maxLength={field.maxLength}
          className={`${INPUT}${typeface} mt-1.5`}
        />
      ) : (
        <input
          {...common}
          {...registration}
          type={devanagari ? "text" : field.type}
          defaultValue={defaultValue}
          maxLength={field.maxLength}
          autoComplete={devanagari ? "off" : (field.autoComplete ?? "off")}
          className={`${INPUT}${typeface} mt-1.5`}
        />
      )}
      {field.hint ? (
        <p id={hintId} className={HINT}>
          {field.hint[at.locale]}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={FIELD_ERROR}>
          {error}
        </p>
      ) : null}
    </>
  );
}

/** The chosen day as staff read it: the AD date and the Bikram Sambat one beside it (in Nepali, BS first). */
function DateReading({ value }: { value: string }) {
  const at = useAt();
  const parts = isCalendarDate(value) ? bsAdParts(value, at.locale) : null;
  return (
    <p aria-live="polite" className="text-sm text-muted" data-testid="date-reading">
      {parts ? (parts.bs ? at("common.dateReading", { ad: parts.ad, bs: parts.bs }) : parts.ad) : null}
    </p>
  );
}
