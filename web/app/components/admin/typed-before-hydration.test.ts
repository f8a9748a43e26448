// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { typedBeforeHydration } from "./typed-before-hydration";

/** A form as the server's HTML has it; `type` then changes it as a person would. */
function serverForm(type: (form: HTMLFormElement) => void) {
  document.body.innerHTML = `
    <form>
      <input type="hidden" name="intent" value="create">
      <input name="title" value="From the server">
      <input name="empty">
      <textarea name="content">Stored text</textarea>
      <select name="role"><option value="manager">Manager</option><option value="staff" selected>Staff</option></select>
      <select name="plain"><option value="a">A</option><option value="b">B</option></select>
      <input type="radio" name="choice" value="generate">
      <input type="radio" name="choice" value="set">
      <input type="file" name="image">
    </form>`;
  const form = document.querySelector("form")!;
  type(form);
  return typedBeforeHydration(form);
}

const field = <T extends Element>(form: HTMLFormElement, name: string) => form.elements.namedItem(name) as T;

describe("typedBeforeHydration", () => {
  it("finds nothing in a form nobody touched", () => {
    expect([...serverForm(() => {}).entries()]).toEqual([]);
  });

  it("returns what was typed or chosen, by field name, and only that", () => {
    const typed = serverForm((form) => {
      field<HTMLInputElement>(form, "empty").value = "Sita";
      field<HTMLTextAreaElement>(form, "content").value = "Stored text, and more";
      field<HTMLSelectElement>(form, "role").value = "manager";
      field<HTMLSelectElement>(form, "plain").value = "b";
      (form.querySelector("input[value=set]") as HTMLInputElement).checked = true;
    });
    expect(Object.fromEntries(typed)).toEqual({
      empty: "Sita",
      content: "Stored text, and more",
      role: "manager",
      plain: "b",
      choice: "set",
    });
  });

  it("counts text emptied by the person as typed, and leaves hidden fields out", () => {
    const typed = serverForm((form) => {
      field<HTMLInputElement>(form, "title").value = "";
      field<HTMLInputElement>(form, "intent").value = "other";
    });
    expect(Object.fromEntries(typed)).toEqual({ title: "" });
  });
});
