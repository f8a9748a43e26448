/**
 * A save refused because the item changed after the form was opened (the CMS answers 409 to a
 * write whose version is not the stored one). The form keeps everything typed, says who changed
 * the item and when, shows what is stored now, and lets the person save theirs on purpose.
 */
export interface EditConflict {
  /** Who changed it (null when the CMS recorded no person). */
  by: string | null;
  /** When (ISO), if known. */
  at: string | null;
  /** The stored version: sent back as `replaceVersion` to save over it on purpose. */
  version: string;
  /** What is stored now, by form field. */
  current: Record<string, string>;
}

/** The form field that carries the version the form was opened with. */
export const VERSION_FIELD = "version";
/** The field of the "Save mine instead" button: the version the person chose to replace. */
export const REPLACE_VERSION_FIELD = "replaceVersion";

/** The version a save is based on: the one chosen to replace, else the one the form was opened with. */
export const baseVersionOf = (fields: Record<string, unknown>): string | null => {
  for (const name of [REPLACE_VERSION_FIELD, VERSION_FIELD]) {
    const value = fields[name];
    if (typeof value === "string" && /^[\w-]{1,64}$/.test(value)) return value;
  }
  return null;
};

/** The If-Match header of a save based on `version` (none when the form carried no version). */
export const ifMatch = (version: string | null): Record<string, string> => (version ? { "if-match": `"${version}"` } : {});

/** An ETag as the CMS sends it, without its quotes. */
export const versionOfEtag = (etag: string | null): string | null => etag?.replace(/^W\//, "").replace(/^"|"$/g, "") || null;
