import { useEffect, useId, useState } from "react";
import { useAt } from "~/lib/admin/messages";
import { INPUT } from "./styles";

type TextareaProps = React.TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: React.Ref<HTMLTextAreaElement> };

/**
 * The blog's Markdown editor: a Write tab (the textarea, always in the form) and a
 * Preview tab showing the post as the public page will: the server renders and
 * sanitises it with the same code. Without JavaScript only the textarea is there.
 */
export function MarkdownField({
  label,
  inputProps,
  rows,
  maxLength,
  getValue,
  fontClass = "font-mono",
  previewClass = "",
  lang,
}: {
  /** The field's name, for its Write / Preview tabs. */
  label: string;
  inputProps: TextareaProps;
  rows: number;
  maxLength?: number;
  getValue: () => string;
  /** The textarea's typeface (the Nepali tab's Devanagari stack; monospace otherwise). */
  fontClass?: string;
  /** Extra classes of the preview (the Nepali tab's lang and Devanagari headings). */
  previewClass?: string;
  /** The language of the text (the Nepali tab's "ne"), for the preview too. */
  lang?: string;
}) {
  const at = useAt();
  const base = useId();
  const [hydrated, setHydrated] = useState(false);
  const [tab, setTab] = useState<"write" | "preview">("write");
  const [preview, setPreview] = useState<{ state: "idle" | "loading" | "done" | "error"; html: string }>({
    state: "idle",
    html: "",
  });

  useEffect(() => setHydrated(true), []);

  const showPreview = async () => {
    setTab("preview");
    const content = getValue();
    if (!content.trim()) {
      setPreview({ state: "done", html: "" });
      return;
    }
    setPreview({ state: "loading", html: "" });
    try {
      const response = await fetch("/admin/preview", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ content }),
      });
      if (!response.ok) throw new Error(String(response.status));
      const body = (await response.json()) as { html?: string };
      setPreview({ state: "done", html: body.html ?? "" });
    } catch {
      setPreview({ state: "error", html: "" });
    }
  };

  const tabClass = (active: boolean) =>
    `min-h-10 rounded-t-lg border border-b-0 px-4 py-1.5 text-sm font-semibold ${
      active ? "border-sand-200 bg-white text-ink" : "border-transparent text-muted hover:text-ink"
    }`;

  const onTabKey = (event: React.KeyboardEvent) => {
    if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      event.preventDefault();
      if (tab === "write") void showPreview();
      else setTab("write");
      requestAnimationFrame(() => document.getElementById(`${base}-${tab === "write" ? "preview" : "write"}-tab`)?.focus());
    }
  };

  return (
    <div className="mt-1.5">
      {hydrated ? (
        <div role="tablist" aria-label={label} className="flex gap-1 border-b border-sand-200">
          <button
            type="button"
            role="tab"
            id={`${base}-write-tab`}
            aria-selected={tab === "write"}
            aria-controls={`${base}-write`}
            tabIndex={tab === "write" ? 0 : -1}
            onClick={() => setTab("write")}
            onKeyDown={onTabKey}
            className={tabClass(tab === "write")}
          >
            {at("blogs.write")}
          </button>
          <button
            type="button"
            role="tab"
            id={`${base}-preview-tab`}
            aria-selected={tab === "preview"}
            aria-controls={`${base}-preview`}
            tabIndex={tab === "preview" ? 0 : -1}
            onClick={() => void showPreview()}
            onKeyDown={onTabKey}
            className={tabClass(tab === "preview")}
          >
            {at("blogs.preview")}
          </button>
        </div>
      ) : null}
      <div
        id={`${base}-write`}
        role={hydrated ? "tabpanel" : undefined}
        aria-labelledby={hydrated ? `${base}-write-tab` : undefined}
        hidden={tab !== "write"}
        className={hydrated ? "pt-3" : ""}
      >
        <textarea {...inputProps} rows={rows} maxLength={maxLength} className={`${INPUT} ${fontClass} text-[0.95rem]`} />
      </div>
      {hydrated ? (
        <div
          id={`${base}-preview`}
          role="tabpanel"
          aria-labelledby={`${base}-preview-tab`}
          hidden={tab !== "preview"}
          tabIndex={0}
          lang={lang}
          className={`min-h-40 rounded-b-lg border border-t-0 border-sand-200 p-4 ${previewClass}`}
        >
          {preview.state === "loading" ? (
            <p className="text-muted">{at("blogs.previewLoading")}</p>
          ) : preview.state === "error" ? (
            <p className="text-red-700">{at("blogs.previewFailed")}</p>
          ) : preview.html ? (
            <div className="prose-warm" dangerouslySetInnerHTML={{ __html: preview.html }} />
          ) : (
            <p className="text-muted">{at("blogs.previewEmpty")}</p>
          )}
        </div>
      ) : null}
    </div>
  );
}
