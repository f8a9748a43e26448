import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { useAt } from "~/lib/admin/messages";
import type { RichMarkdownEditorHandle } from "./editor/RichMarkdownEditor";
import { INPUT } from "./styles";

// ProseMirror and the Markdown reader are a chunk of their own, fetched on the post forms only, at
// the first touch of the form (focus, tap or pointer): public pages and the other admin screens
// never load it, and the form's first load stays within its script budget.
const RichMarkdownEditor = lazy(() => import("./editor/RichMarkdownEditor"));

type Tab = "write" | "source" | "preview";
const TABS: readonly Tab[] = ["write", "source", "preview"];

type TextareaProps = React.TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: React.Ref<HTMLTextAreaElement> };

/**
 * The blog's body: a Write tab (the formatting editor, once it has loaded), a Markdown tab (the
 * textarea, always the field the form sends) and a Preview tab showing the post as the public page
 * will: the server renders and sanitises it with the same code. Without JavaScript, and until the
 * editor has loaded, the textarea is there to type in.
 */
export function MarkdownField({
  label,
  inputProps,
  rows,
  maxLength,
  getValue,
  setValue,
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
  /** Writes the editor's Markdown into the form's field (marking the form changed). */
  setValue: (markdown: string) => void;
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
  const [tab, setTab] = useState<Tab>("write");
  const [editorWanted, setEditorWanted] = useState(false);
  const [editorReady, setEditorReady] = useState(false);
  const field = useRef<HTMLDivElement>(null);
  const editor = useRef<RichMarkdownEditorHandle>(null);
  // The Markdown the editor last wrote or read: an edit in the Markdown tab differs from it.
  const editorMarkdown = useRef<string | null>(null);
  const textarea = () => (inputProps.id ? (document.getElementById(inputProps.id) as HTMLTextAreaElement | null) : null);
  const currentText = () => textarea()?.value ?? getValue();
  const [preview, setPreview] = useState<{ state: "idle" | "loading" | "done" | "error"; html: string }>({
    state: "idle",
    html: "",
  });

  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    const form = field.current?.closest("form") ?? field.current;
    if (!form || editorWanted) return;
    const want = () => setEditorWanted(true);
    const events = ["focusin", "pointerdown", "pointerover", "keydown"] as const;
    for (const name of events) form.addEventListener(name, want, { once: true, passive: true });
    // Focus already inside the form (typed before hydration) counts as a touch.
    if (form.contains(document.activeElement)) want();
    return () => {
      for (const name of events) form.removeEventListener(name, want);
    };
  }, [editorWanted]);

  // The Write tab shows what the textarea holds, whatever changed it meanwhile.
  useEffect(() => {
    if (!editorReady || tab !== "write") return;
    const text = currentText();
    if (text !== editorMarkdown.current) {
      editorMarkdown.current = text;
      editor.current?.setMarkdown(text);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editorReady, tab]);

  const showPreview = async () => {
    setTab("preview");
    const content = currentText();
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

  const show = (next: Tab) => (next === "preview" ? void showPreview() : setTab(next));
  const tabs = TABS.filter((name) => name !== "source" || editorReady);

  const onTabKey = (event: React.KeyboardEvent) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length]!;
    show(next);
    requestAnimationFrame(() => document.getElementById(`${base}-${next}-tab`)?.focus());
  };

  return (
    <div ref={field} className="mt-1.5">
      {hydrated ? (
        <div role="tablist" aria-label={label} className="flex gap-1 border-b border-sand-200">
          {tabs.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={`${base}-${name}-tab`}
              aria-selected={tab === name}
              aria-controls={`${base}-${name === "preview" ? "preview" : "write"}`}
              tabIndex={tab === name ? 0 : -1}
              onClick={() => show(name)}
              onKeyDown={onTabKey}
              className={tabClass(tab === name)}
            >
              {at(name === "write" ? "blogs.write" : name === "source" ? "blogs.source" : "blogs.preview")}
            </button>
          ))}
        </div>
      ) : null}
      <div
        id={`${base}-write`}
        role={hydrated ? "tabpanel" : undefined}
        aria-labelledby={hydrated ? `${base}-${tab === "source" ? "source" : "write"}-tab` : undefined}
        hidden={tab === "preview"}
        className={hydrated ? "pt-3" : ""}
      >
        {hydrated && editorWanted ? (
          <div hidden={tab !== "write" || !editorReady}>
            <Suspense fallback={null}>
              <RichMarkdownEditor
                ref={editor}
                readMarkdown={currentText}
                onReady={(markdown) => {
                  editorMarkdown.current = markdown;
                  const typing = document.activeElement === textarea();
                  setEditorReady(true);
                  // Someone typing in the textarea goes on typing in the editor.
                  if (typing) requestAnimationFrame(() => editor.current?.focus());
                }}
                onChange={(markdown) => {
                  editorMarkdown.current = markdown;
                  setValue(markdown);
                }}
                label={textarea()?.labels?.[0]?.textContent ?? label}
                describedBy={inputProps["aria-describedby"]}
                lang={lang}
                className={fontClass === "font-mono" ? "" : fontClass}
              />
            </Suspense>
          </div>
        ) : null}
        <textarea
          {...inputProps}
          hidden={tab === "write" && editorReady}
          rows={rows}
          maxLength={maxLength}
          className={`${INPUT} ${fontClass} text-[0.95rem]`}
        />
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
