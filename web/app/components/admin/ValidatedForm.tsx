import type { ReactNode } from "react";
import type { FieldValues, UseFormHandleSubmit } from "react-hook-form";
import { Form, useSubmit } from "react-router";

/**
 * A staff form that posts `intent` to its route's action: checked in the browser first with its
 * zod schema (the `handleSubmit` of `useSchemaForm`), sent only when that passes; without
 * JavaScript it posts as a plain form and the action checks the same schema.
 */
export function ValidatedForm<T extends FieldValues>({
  action,
  intent,
  handleSubmit,
  className,
  children,
}: {
  action: string;
  intent: string;
  handleSubmit: UseFormHandleSubmit<T>;
  className: string;
  children: ReactNode;
}) {
  const submit = useSubmit();
  return (
    <Form
      method="post"
      action={action}
      noValidate
      className={className}
      onSubmit={(event) => {
        const form = event.currentTarget;
        // The button pressed goes with the form when it carries a value ("Save mine instead" names the version it replaces).
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        const sent = submitter instanceof HTMLButtonElement && submitter.name ? submitter : form;
        void handleSubmit(() => submit(sent, { method: "post", action }))(event);
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}
