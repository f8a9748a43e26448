import type { EditConflict } from "./edit-conflict";

/** What a form page's action answers when a save failed: the message, each field's errors
 * and what was typed (the form shows it again). */
export interface FormActionData {
  message: string;
  errors: Record<string, string[]>;
  values: Record<string, string>;
  /** The item changed after the form was opened: who, when and what is stored now. */
  conflict?: EditConflict;
  /** The version the refused save was based on: the form keeps it, so its next Save is checked against
   * the same version as this one (a page rendered again without JavaScript reads the newest one). */
  baseVersion?: string | null;
  /** Publishing was refused: these photos show children and have no valid consent on record. */
  consentPhotos?: string[];
}
