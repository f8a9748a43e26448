/**
 * What markdown-it needs of the `entities` package (decodeHTMLStrict, for named references like
 * "&amp;" and "&eacute;"), in the staff editor's browser bundle: the browser's own HTML decoder
 * instead of 75 KB of tables. markdown-it hands it one "&name;" at a time; the site's renderer on
 * the server keeps the real package (vite-plugins.ts `leanEditorBundle`).
 */
let decoder: HTMLTextAreaElement | undefined;

export function decodeHTMLStrict(reference: string): string {
  decoder ??= document.createElement("textarea");
  decoder.innerHTML = reference;
  const decoded = decoder.value;
  // A named reference is one or two characters. More means the browser read a legacy prefix
  // ("&ampx;" as "&" + "x;"), which is no reference to markdown-it's strict reading.
  return [...decoded].length <= 2 ? decoded : reference;
}
