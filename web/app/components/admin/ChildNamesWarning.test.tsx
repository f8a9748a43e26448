// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { useForm } from "react-hook-form";
import { afterEach, describe, expect, it } from "vitest";
import { AdminLocaleProvider } from "~/lib/admin/messages";
import { ChildNamesWarning } from "./ChildNamesWarning";

afterEach(cleanup);

const NAMES = ["Sita Gurung", "Ram Thapa"];

function Form({ title, content, names = NAMES }: { title: string; content: string; names?: string[] }) {
  const { control, register } = useForm({ defaultValues: { title, content } });
  return (
    <AdminLocaleProvider value="en">
      <form>
        <label htmlFor="title">Title</label>
        <input id="title" {...register("title")} />
        <ChildNamesWarning control={control} fields={["title", "content"]} names={names} />
      </form>
    </AdminLocaleProvider>
  );
}

describe("ChildNamesWarning", () => {
  it("is on the server-rendered page with the stored values already", () => {
    const html = renderToString(<Form title="A day out" content={"Fun.\n\n![Ram Thapa on a swing](/uploads/a.jpg)"} />);
    expect(html).toContain("This text names a child in full: Ram Thapa.");
    expect(html).toContain('role="status"');
  });

  it("follows what is typed, naming each name found once", async () => {
    render(<Form title="A day out" content="Sita Gurung sang." />);
    const status = screen.getByRole("status");
    expect(status.textContent).toContain("This text names a child in full: Sita Gurung.");
    await act(async () => {
      fireEvent.change(screen.getByLabelText("Title"), { target: { value: "Ram Thapa and Sita Gurung" } });
    });
    expect(status.textContent).toContain("This text names children in full: Sita Gurung and Ram Thapa.");
    await act(async () => {
      fireEvent.change(screen.getByLabelText("Title"), { target: { value: "A day out" } });
    });
    expect(status.textContent).toContain("in full: Sita Gurung.");
  });

  it("says nothing without a list (it could not be read)", () => {
    render(<Form title="Sita Gurung" content="" names={[]} />);
    expect(screen.getByRole("status").textContent).toBe("");
  });
});
