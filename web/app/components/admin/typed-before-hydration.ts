/**
 * What a person typed or chose in a server-rendered form, by field name: the fields whose value
 * differs from the one the HTML came with (text, a choice in a list, a radio button, a file).
 * Read before React's form library writes its defaults into the fields at hydration.
 */
export function typedBeforeHydration(form: HTMLFormElement): Map<string, unknown> {
  const typed = new Map<string, unknown>();
  for (const element of Array.from(form.elements)) {
    const name = element.getAttribute("name");
    if (!name || typed.has(name)) continue;
    const value = changedValue(element);
    if (value !== undefined) typed.set(name, value);
  }
  return typed;
}

function changedValue(element: Element): unknown {
  if (element instanceof HTMLInputElement) {
    if (element.type === "hidden" || element.type === "submit" || element.type === "button") return undefined;
    if (element.type === "file") return element.files && element.files.length > 0 ? element.files : undefined;
    if (element.type === "radio") return element.checked && !element.defaultChecked ? element.value : undefined;
    if (element.type === "checkbox") return element.checked !== element.defaultChecked ? element.checked : undefined;
    return element.value !== element.defaultValue ? element.value : undefined;
  }
  if (element instanceof HTMLTextAreaElement) return element.value !== element.defaultValue ? element.value : undefined;
  if (element instanceof HTMLSelectElement) {
    const initial = Array.from(element.options).find((option) => option.defaultSelected) ?? element.options[0];
    return initial && element.value !== initial.value ? element.value : undefined;
  }
  return undefined;
}
