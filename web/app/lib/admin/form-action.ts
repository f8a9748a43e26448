/** What a form page's action answers when a save failed: the message, each field's errors
 * and what was typed (the form shows it again). */
export interface FormActionData {
  message: string;
  errors: Record<string, string[]>;
  values: Record<string, string>;
}
