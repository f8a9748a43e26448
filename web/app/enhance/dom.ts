// What the enhancement script's parts share: reading <template>s the server rendered, and telling
// which clicks a page may take over.

/**
 * A copy of what a <template> holds. Parsed HTML puts it in `content`; a template created by a
 * DOM renderer (React in a unit test) holds it as ordinary children: both are handled.
 */
export function templateContent(template: HTMLTemplateElement): DocumentFragment {
  if (template.content.childNodes.length > 0) return template.content.cloneNode(true) as DocumentFragment;
  const fragment = template.ownerDocument.createDocumentFragment();
  for (const node of Array.from(template.childNodes)) fragment.append(node.cloneNode(true));
  return fragment;
}

/** The first element of a <template>, cloned (null when the template is missing or empty). */
export function cloneTemplate(template: HTMLTemplateElement | null): HTMLElement | null {
  return template ? (templateContent(template).firstElementChild as HTMLElement | null) : null;
}

/** A plain left click without modifier keys: the kind of click a page may take over. */
export function isPlainClick(event: MouseEvent): boolean {
  return !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
