/** Reading a CMS answer's fields for a kind's toItem: strings as strings, media made same-origin. */

export const text = (value: unknown): string => (typeof value === "string" ? value : "");
export const textOrNull = (value: unknown): string | null => (typeof value === "string" && value ? value : null);

/** The staff account that changed an entry last (the answer's `updated_by`), when the CMS names one. */
export const editorIdOf = (raw: unknown): number | null => {
  const id = (raw as { id?: unknown } | null | undefined)?.id;
  return typeof id === "number" && Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * The CMS answers with absolute upload URLs (http://cms:1337/uploads/x.jpg). The web
 * server proxies /uploads/*, so pages use the same-origin path: the CSP allows it and
 * the CMS address never reaches the browser. Anything else is dropped.
 */
export function sameOriginMedia(url: unknown): string | null {
  if (typeof url !== "string" || !url) return null;
  try {
    const parsed = new URL(url, "http://relative.invalid");
    if (!/^\/uploads\/[A-Za-z0-9._\-/]+$/.test(parsed.pathname) || parsed.pathname.includes("..")) return null;
    return parsed.pathname;
  } catch {
    return null;
  }
}
