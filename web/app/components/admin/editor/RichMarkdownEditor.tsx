import { useEffect, useImperativeHandle, useRef, useState, type ReactNode, type Ref } from "react";
import { baseKeymap, lift, setBlockType, toggleMark, wrapIn } from "prosemirror-commands";
import { history, redo, undo } from "prosemirror-history";
import { inputRules, textblockTypeInputRule, wrappingInputRule } from "prosemirror-inputrules";
import { keymap } from "prosemirror-keymap";
import type { MarkType, Node as PMNode, NodeType } from "prosemirror-model";
import { liftListItem, sinkListItem, splitListItem, wrapInList } from "prosemirror-schema-list";
import { EditorState, Selection, type Command } from "prosemirror-state";
import { EditorView } from "prosemirror-view";
import "prosemirror-view/style/prosemirror.css";
import { IconCamera, IconLink } from "~/components/ui/icons";
import { useAt } from "~/lib/admin/messages";
import { parseMarkdown, schema, serializeMarkdown } from "./blog-document";
import { InsertPhotoDialog, type InsertedPhoto } from "./InsertPhoto";

/**
 * The post body as a word processor: a toolbar (buttons with their state in aria-pressed, arrow
 * keys between them) over a ProseMirror editor. It only ever writes Markdown: the form's textarea
 * stays the field that is sent, the "Markdown" view and the no-JavaScript form. Loaded lazily, after
 * hydration, on the post forms only (MarkdownField).
 */
export interface RichMarkdownEditorHandle {
  /** Replaces the whole text (after an edit in the Markdown view). */
  setMarkdown(markdown: string): void;
  /** Puts the cursor at the end of the text. */
  focus(): void;
}

const markType = (name: string): MarkType => schema.marks[name]!;
const nodeType = (name: string): NodeType => schema.nodes[name]!;
const strong = markType("strong");
const em = markType("em");
const underline = markType("underline");
const link = markType("link");
const paragraph = nodeType("paragraph");
const heading = nodeType("heading");
const bulletList = nodeType("bullet_list");
const orderedList = nodeType("ordered_list");
const blockquote = nodeType("blockquote");
const listItem = nodeType("list_item");
const image = nodeType("image");

function markActive(state: EditorState, type: MarkType): boolean {
  const { from, $from, to, empty } = state.selection;
  return empty ? Boolean(type.isInSet(state.storedMarks ?? $from.marks())) : state.doc.rangeHasMark(from, to, type);
}
function inNode(state: EditorState, type: NodeType): boolean {
  const { $from } = state.selection;
  for (let depth = $from.depth; depth > 0; depth--) if ($from.node(depth).type === type) return true;
  return false;
}
const isBlock = (state: EditorState, type: NodeType, attrs?: Record<string, unknown>) =>
  state.selection.$from.parent.hasMarkup(type, attrs);
const toggleBlock =
  (type: NodeType, attrs: Record<string, unknown>): Command =>
  (state, dispatch) =>
    isBlock(state, type, attrs) ? setBlockType(paragraph)(state, dispatch) : setBlockType(type, attrs)(state, dispatch);
// A list made here is tight (no blank line between its items in the Markdown), as people type a
// list; a loose list read from an existing post keeps its own spacing.
const TIGHT = { tight: true };
const isList = (node: PMNode) => node.type === bulletList || node.type === orderedList;
/** The list the selection is in (the nearest), or the one list it selects whole, with its position. */
function listAround(state: EditorState): { pos: number; node: PMNode } | null {
  const { $from, $to } = state.selection;
  for (let depth = $from.depth; depth > 0; depth--) {
    const node = $from.node(depth);
    if (isList(node)) return { pos: $from.before(depth), node };
  }
  const range = $from.blockRange($to);
  const only = range && range.endIndex - range.startIndex === 1 ? range.parent.child(range.startIndex) : null;
  return only && isList(only) ? { pos: range!.start, node: only } : null;
}
// The list button of the list the cursor is in takes its items out of it; the other list's button
// turns it into that kind of list, as in a word processor.
const toggleList =
  (type: NodeType): Command =>
  (state, dispatch) => {
    const list = listAround(state);
    if (list?.node.type === type) return liftListItem(listItem)(state, dispatch);
    if (list) {
      dispatch?.(state.tr.setNodeMarkup(list.pos, type, { tight: list.node.attrs.tight as boolean }));
      return true;
    }
    return wrapInList(type, TIGHT)(state, dispatch);
  };
const toggleQuote: Command = (state, dispatch) => (inNode(state, blockquote) ? lift(state, dispatch) : wrapIn(blockquote)(state, dispatch));

/** Markdown is written out this long after the last keystroke (and at once on blur and submit). */
const WRITE_DELAY_MS = 150;

export default function RichMarkdownEditor({
  ref,
  readMarkdown,
  onReady,
  onChange,
  label,
  describedBy,
  lang,
  className = "",
}: {
  ref?: Ref<RichMarkdownEditorHandle>;
  /** The text to start from, read when the editor mounts (the textarea may have changed meanwhile). */
  readMarkdown: () => string;
  /** Called once the editor shows `markdown` and takes input. */
  onReady: (markdown: string) => void;
  /** Called with the new Markdown after the author changed the text (never for an untouched post). */
  onChange: (markdown: string) => void;
  /** The field's label: the editor's accessible name. */
  label: string;
  describedBy?: string;
  lang?: string;
  className?: string;
}) {
  const at = useAt();
  const host = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<EditorView | null>(null);
  const [, setRevision] = useState(0); // the toolbar follows the editor's state
  const [focusIndex, setFocusIndex] = useState(0); // roving tabindex of the toolbar
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const askLinkRef = useRef<(current: string | null) => string | null>(() => null);
  askLinkRef.current = (current) => window.prompt(at("editor.linkPrompt"), current ?? "https://");

  const editLink: Command = (state, dispatch, editorView) => {
    const active = markActive(state, link);
    if (state.selection.empty && !active) return false;
    if (!dispatch || !editorView) return true;
    const current = (link.isInSet(state.selection.$from.marks())?.attrs.href as string | undefined) ?? null;
    const answer = askLinkRef.current(current);
    if (answer == null) return true;
    const href = answer.trim();
    let { from, to } = state.selection;
    if (state.selection.empty) {
      // The cursor inside a link: the whole link is changed.
      const $pos = state.selection.$from;
      const start = $pos.parent.childAfter($pos.parentOffset);
      if (start.node) {
        from = $pos.start() + start.offset;
        to = from + start.node.nodeSize;
      }
    }
    const tr = state.tr.removeMark(from, to, link);
    if (href && href !== "https://") tr.addMark(from, to, link.create({ href }));
    dispatch(tr);
    return true;
  };

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const write = () => {
      if (timer === undefined) return;
      clearTimeout(timer);
      timer = undefined;
      onChangeRef.current(serializeMarkdown(editorView.state.doc));
    };
    const startMarkdown = readMarkdown();
    const editorView: EditorView = new EditorView(host.current!, {
      state: EditorState.create({
        doc: parseMarkdown(startMarkdown),
        plugins: [
          inputRules({
            rules: [
              wrappingInputRule(/^\s*>\s$/, blockquote),
              wrappingInputRule(/^\s*([-+*])\s$/, bulletList, TIGHT),
              wrappingInputRule(
                /^(\d+)\.\s$/,
                orderedList,
                (match) => ({ ...TIGHT, order: Number(match[1]) }),
                (match, node) => node.childCount + (node.attrs.order as number) === Number(match[1]),
              ),
              textblockTypeInputRule(/^(#{2,4})\s$/, heading, (match) => ({ level: match[1]!.length })),
            ],
          }),
          keymap({
            "Mod-z": undo,
            "Shift-Mod-z": redo,
            "Mod-y": redo,
            "Mod-b": toggleMark(strong),
            "Mod-i": toggleMark(em),
            // Underline (<u>, as the Strapi console writes it) by its usual shortcut; no button, since underlined text on a web page reads as a link.
            "Mod-u": toggleMark(underline),
            "Mod-k": editLink,
            "Mod-Alt-2": toggleBlock(heading, { level: 2 }),
            "Mod-Alt-3": toggleBlock(heading, { level: 3 }),
            "Mod-Alt-0": setBlockType(paragraph),
            "Shift-Mod-8": toggleList(bulletList),
            "Shift-Mod-7": toggleList(orderedList),
            "Shift-Mod-9": toggleQuote,
            Enter: splitListItem(listItem),
            "Mod-]": sinkListItem(listItem),
            "Mod-[": liftListItem(listItem),
            // Tab is left to the browser, so keyboard users can leave the editor.
          }),
          keymap(baseKeymap),
          history(),
        ],
      }),
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": label,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(lang ? { lang } : {}),
        spellcheck: "true",
        "data-testid": "rich-editor",
        class: `prose-warm min-h-72 rounded-b-lg border border-sand-200 bg-white p-4 focus:outline-2 focus:outline-offset-2 ${className}`,
      },
      dispatchTransaction(tr) {
        editorView.updateState(editorView.state.apply(tr));
        setRevision((n) => n + 1);
        if (tr.docChanged) {
          if (timer !== undefined) clearTimeout(timer);
          timer = setTimeout(write, WRITE_DELAY_MS);
        }
      },
      handleDOMEvents: { blur: () => (write(), false) },
    });
    // A save sent while the last keystrokes wait: they go into the textarea first.
    const form = host.current!.closest("form");
    form?.addEventListener("submit", write, { capture: true });
    setView(editorView);
    onReady(startMarkdown);
    return () => {
      form?.removeEventListener("submit", write, { capture: true });
      write();
      editorView.destroy();
      setView(null);
    };
    // Mounted once: later text comes in through setMarkdown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      setMarkdown(markdown) {
        if (!view) return;
        const doc = parseMarkdown(markdown);
        // Not a change of the author's: no onChange, the textarea already holds this text.
        view.updateState(EditorState.create({ doc, plugins: view.state.plugins }));
        setRevision((n) => n + 1);
      },
      focus() {
        if (!view) return;
        view.dispatch(view.state.tr.setSelection(Selection.atEnd(view.state.doc)));
        view.focus();
      },
    }),
    [view],
  );

  // Insert photo: the phone's gallery or camera, then its description (InsertPhoto.tsx).
  const photoInput = useRef<HTMLInputElement>(null);
  const [photoFile, setPhotoFile] = useState<File | null>(null);
  const photoInserted = (photo: InsertedPhoto | null) => {
    setPhotoFile(null);
    if (!view) return;
    // At the cursor, where it was when the photo was chosen.
    if (photo) view.dispatch(view.state.tr.replaceSelectionWith(image.create({ src: photo.url, alt: photo.alt })).scrollIntoView());
    view.focus();
  };

  const state = view?.state;
  const run = (command: Command) => () => {
    if (!view) return;
    command(view.state, view.dispatch, view);
    view.focus();
  };
  const buttons: { text: ReactNode; label: string; keys?: string; pressed?: boolean; onClick: () => void; className?: string }[] = [
    {
      text: "B",
      className: "font-bold",
      label: at("editor.bold"),
      keys: "Control+B",
      pressed: state && markActive(state, strong),
      onClick: run(toggleMark(strong)),
    },
    {
      text: "I",
      className: "italic font-serif",
      label: at("editor.italic"),
      keys: "Control+I",
      pressed: state && markActive(state, em),
      onClick: run(toggleMark(em)),
    },
    {
      text: "H2",
      label: at("editor.heading"),
      keys: "Control+Alt+2",
      pressed: state && isBlock(state, heading, { level: 2 }),
      onClick: run(toggleBlock(heading, { level: 2 })),
    },
    {
      text: "H3",
      label: at("editor.subheading"),
      keys: "Control+Alt+3",
      pressed: state && isBlock(state, heading, { level: 3 }),
      onClick: run(toggleBlock(heading, { level: 3 })),
    },
    {
      text: "•≡",
      label: at("editor.bulletList"),
      keys: "Control+Shift+8",
      pressed: state && inNode(state, bulletList),
      onClick: run(toggleList(bulletList)),
    },
    {
      text: "1.",
      label: at("editor.numberedList"),
      keys: "Control+Shift+7",
      pressed: state && inNode(state, orderedList),
      onClick: run(toggleList(orderedList)),
    },
    {
      text: "❝",
      label: at("editor.quote"),
      keys: "Control+Shift+9",
      pressed: state && inNode(state, blockquote),
      onClick: run(toggleQuote),
    },
    {
      text: <IconLink size={18} className="mx-auto" />,
      label: at("editor.link"),
      keys: "Control+K",
      pressed: state && markActive(state, link),
      onClick: run(editLink),
    },
    { text: <IconCamera size={18} className="mx-auto" />, label: at("editor.photo"), onClick: () => photoInput.current?.click() },
    { text: "↶", label: at("editor.undo"), keys: "Control+Z", onClick: run(undo) },
    { text: "↷", label: at("editor.redo"), keys: "Control+Shift+Z", onClick: run(redo) },
  ];
  const onToolbarKey = (event: React.KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step && event.key !== "Home" && event.key !== "End") return;
    event.preventDefault();
    const to = event.key === "Home" ? 0 : event.key === "End" ? buttons.length - 1 : (focusIndex + step + buttons.length) % buttons.length;
    setFocusIndex(to);
    (event.currentTarget.children[to] as HTMLElement).focus();
  };

  return (
    <div>
      <div
        role="toolbar"
        aria-label={at("editor.toolbar", { field: label })}
        onKeyDown={onToolbarKey}
        className="sticky top-0 z-10 flex flex-wrap gap-0.5 rounded-t-lg border border-b-0 border-sand-200 bg-white p-1"
      >
        {buttons.map((button, index) => (
          <button
            key={button.label}
            type="button"
            aria-label={button.label}
            title={button.keys ? `${button.label} (${button.keys.replace("Control", "Ctrl")})` : button.label}
            aria-keyshortcuts={button.keys}
            aria-pressed={button.pressed === undefined ? undefined : Boolean(button.pressed)}
            tabIndex={index === focusIndex ? 0 : -1}
            // Keeps the editor's selection when a button is clicked.
            onMouseDown={(event) => event.preventDefault()}
            onClick={button.onClick}
            className={`min-h-11 min-w-11 rounded-md px-2 text-sm font-semibold text-ink hover:bg-sand-200 aria-pressed:bg-sand aria-pressed:ring-1 aria-pressed:ring-clay ${button.className ?? ""}`}
          >
            <span aria-hidden="true">{button.text}</span>
          </button>
        ))}
      </div>
      <div ref={host} />
      <input
        ref={photoInput}
        type="file"
        accept="image/*"
        hidden
        aria-hidden="true"
        tabIndex={-1}
        data-testid="editor-photo-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) setPhotoFile(file);
        }}
      />
      {photoFile ? <InsertPhotoDialog key={`${photoFile.name}-${photoFile.lastModified}`} file={photoFile} onDone={photoInserted} /> : null}
    </div>
  );
}
