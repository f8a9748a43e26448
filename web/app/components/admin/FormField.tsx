import type { UseFormRegisterReturn } from "react-hook-form";
import { FIELD_ERROR, HINT, INPUT, LABEL } from "./styles";

/**
 * One labelled input of the account and settings forms, with its hint and its error (from the
 * browser's zod check or the server's answer), wired for screen readers; `rows` makes it a textarea.
 * Without a react-hook-form `registration` it is a plain field named `name` (the slide photo form).
 */
export function FormField({
  id,
  label,
  type = "text",
  autoComplete,
  hint,
  error,
  registration,
  defaultValue,
  rows,
  inputMode,
  lang,
  maxLength,
  name,
  disabled,
}: {
  id: string;
  label: string;
  type?: "text" | "email" | "password" | "tel" | "url";
  autoComplete?: string;
  hint?: string;
  error?: string;
  registration?: UseFormRegisterReturn;
  defaultValue?: string;
  rows?: number;
  inputMode?: "numeric" | "tel" | "email" | "url";
  lang?: string;
  maxLength?: number;
  name?: string;
  disabled?: boolean;
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className={HINT}>
          {hint}
        </p>
      ) : null}
      {rows ? (
        <textarea
          id={id}
          rows={rows}
          lang={lang}
          maxLength={maxLength}
          name={name}
          disabled={disabled}
          defaultValue={defaultValue}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={`${INPUT} mt-1.5`}
          {...registration}
        />
      ) : (
        <input
          id={id}
          type={type}
          inputMode={inputMode}
          lang={lang}
          maxLength={maxLength}
          autoComplete={autoComplete}
          name={name}
          disabled={disabled}
          defaultValue={defaultValue}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={`${INPUT} mt-1.5`}
          {...registration}
        />
      )}
      {error ? (
        <p id={`${id}-error`} className={FIELD_ERROR}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
