// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { AdminLocaleProvider } from "~/lib/admin/messages";
import { MarkdownField } from "./MarkdownField";

beforeAll(() => {
  // jsdom lays nothing out; ProseMirror asks for coordinates when it scrolls the cursor into view.
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  document.elementFromPoint = () => null;
});
afterEach(cleanup);

function setup(locale: "en" | "ne", markdown: string) {
  const setValue = vi.fn((value: string) => {
    (document.getElementById("content") as HTMLTextAreaElement).value = value;
  });
  render(
    <AdminLocaleProvider value={locale}>
      <form>
        <label htmlFor="content">{locale === "en" ? "Content" : "सामग्री"}</label>
        <MarkdownField
          label={locale === "en" ? "Content" : "सामग्री"}
          inputProps={{ id: "content", name: "content", defaultValue: markdown }}
          rows={8}
          getValue={() => (document.getElementById("content") as HTMLTextAreaElement).value}
          setValue={setValue}
        />
      </form>
    </AdminLocaleProvider>,
  );
  return { setValue, textarea: document.getElementById("content") as HTMLTextAreaElement };
}

/**
 * The formatting editor once it has taken over from the textarea: it is in the page as soon as its
 * code has loaded (the first time, seconds on a busy machine), and takes over when it has read the
 * text, a moment later.
 */
async function readyEditor(textarea: HTMLTextAreaElement) {
  const editor = await screen.findByTestId("rich-editor", {}, { timeout: 15_000 });
  await waitFor(() => expect(textarea.hidden).toBe(true), { timeout: 5000 });
  return editor;
}

describe("the post body's formatting editor", { timeout: 30_000 }, () => {
  it("comes at the first touch of the form, shows the text formatted, and writes Markdown only after an edit", async () => {
    const { setValue, textarea } = setup("en", "Hello *world*");
    expect(screen.queryByTestId("rich-editor")).toBeNull();
    expect(textarea.hidden).toBe(false);

    fireEvent.focusIn(textarea.form!);
    const editor = await readyEditor(textarea);
    expect(editor.getAttribute("role")).toBe("textbox");
    expect(editor.getAttribute("aria-label")).toBe("Content");
    expect(editor.querySelector("em")?.textContent).toBe("world");
    expect(textarea.hidden).toBe(true);
    expect(textarea.value).toBe("Hello *world*");
    expect(setValue).not.toHaveBeenCalled();

    // Every button draws with the page's own fonts or an inline icon: an emoji needs a font many
    // machines lack (a box on Debian's Chromium).
    const toolbar = screen.getByRole("toolbar");
    expect(toolbar.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
    expect(screen.getByRole("button", { name: "Link" }).querySelector("svg")).not.toBeNull();
    expect(screen.getByRole("button", { name: "Insert photo" }).querySelector("svg")).not.toBeNull();

    const bold = screen.getByRole("button", { name: "Bold" });
    expect(bold.getAttribute("aria-pressed")).toBe("false");
    fireEvent.keyDown(editor, { key: "a", ctrlKey: true });
    fireEvent.click(bold);
    expect(bold.getAttribute("aria-pressed")).toBe("true");
    act(() => void fireEvent.blur(editor));
    expect(setValue).toHaveBeenLastCalledWith("**Hello *world***");

    // An edit in the Markdown tab is what the Write tab shows next.
    fireEvent.click(screen.getByRole("tab", { name: "Markdown" }));
    expect(textarea.hidden).toBe(false);
    fireEvent.change(textarea, { target: { value: "## Dashain\n\n- kites" } });
    fireEvent.click(screen.getByRole("tab", { name: "Write" }));
    expect(editor.querySelector("h2")?.textContent).toBe("Dashain");
    expect(editor.querySelector("li")?.textContent).toBe("kites");
  });

  it("makes a list with no blank line between its items, as people type one", async () => {
    const { setValue, textarea } = setup("en", "kites\n\nswings");
    fireEvent.focusIn(textarea.form!);
    const editor = await readyEditor(textarea);
    fireEvent.keyDown(editor, { key: "a", ctrlKey: true });
    fireEvent.click(screen.getByRole("button", { name: "Bulleted list" }));
    act(() => void fireEvent.blur(editor));
    expect(setValue).toHaveBeenLastCalledWith("- kites\n- swings");

    fireEvent.click(screen.getByRole("button", { name: "Numbered list" }));
    act(() => void fireEvent.blur(editor));
    expect(setValue).toHaveBeenLastCalledWith("1. kites\n2. swings");
  });

  it("names its toolbar and buttons in Nepali for a Nepali admin, with the shortcuts", async () => {
    const { textarea } = setup("ne", "");
    fireEvent.focusIn(textarea.form!);
    await readyEditor(textarea);
    const toolbar = screen.getByRole("toolbar", { name: "सामग्रीको ढाँचा" });
    const names = [...toolbar.querySelectorAll("button")].map((b) => b.getAttribute("aria-label"));
    expect(names).toEqual([
      "बाक्लो",
      "छड्के",
      "शीर्षक",
      "उपशीर्षक",
      "बुँदागत सूची",
      "क्रमाङ्कित सूची",
      "उद्धरण",
      "लिङ्क",
      "फोटो थप्नुहोस्",
      "पूर्ववत् गर्नुहोस्",
      "फेरि गर्नुहोस्",
    ]);
    expect(screen.getByRole("button", { name: "बाक्लो" }).getAttribute("aria-keyshortcuts")).toBe("Control+B");
    // One Tab stop: only the first button is in the tab order.
    expect([...toolbar.querySelectorAll("button")].map((b) => b.tabIndex)).toEqual([0, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1]);
  });
});
