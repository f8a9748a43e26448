import { CONTRACT_RULES, type ContractKind, type FileRule, type KindRules } from "@contract/rules";
import type { PostStatus } from "@contract/post-status";
import type { AdminMessageKey, AdminT } from "../messages";
import { textOrNull } from "./fields-of-items";
import { KIND_PATHS, pathWithId, type KindKey } from "./paths";

export type { KindKey } from "./paths";

/** A text staff read, in both languages of the admin: a field's own words live with the field. */
export interface AdminText {
  en: string;
  ne: string;
}

/**
 * A field of a kind's form, in form order. Its rules (required, length, e-mail, file type, and
 * whether each language has its own) are the contract's (`@contract/rules`, the CMS's own file),
 * looked up by name: the definition says only how it looks.
 */
export interface FieldSpec {
  name: string;
  label: AdminText;
  type: "text" | "email" | "textarea" | "markdown" | "date" | "file";
  rows?: number;
  hint?: AdminText;
  autoComplete?: string;
  /** Set by defineKind from the contract's rules. */
  maxLength?: number;
  /** File fields: what they take, and whether a create may leave them out (from the rules). */
  fileKind?: "image" | "video";
  optional?: boolean;
  /** A Nepali-only field: the English field shown beside it, for reference, on the Nepali tab. */
  reference?: string;
}

/** How a list column shows an item; ListScreen renders each kind of cell the same way everywhere. */
export type CellSpec<Item> =
  | {
      type: "thumb";
      src: (item: Item) => string | null;
      alt: (item: Item, at: AdminT) => string;
      round?: boolean;
      missing?: AdminMessageKey;
    }
  | {
      type: "video";
      poster: (item: Item) => string | null;
      label: (item: Item) => string;
      /** A line under the picture: where the video is on its way to visitors, when it is not there yet. */
      note?: (item: Item, at: AdminT) => { tone: "busy" | "error" | "info"; text: string } | null;
    }
  | {
      type: "name";
      text: (item: Item) => string;
      /** Who changed the item last, shown under its name (set by defineKind for every kind). */
      edited?: (item: Item) => LastEdit | null;
      /** Whether visitors see the item (a draft post: not yet), shown under its name. */
      status?: (item: Item) => PostStatus;
    }
  | { type: "text"; text: (item: Item) => string }
  | { type: "excerpt"; text: (item: Item) => string | null; missing?: AdminMessageKey }
  | { type: "email"; text: (item: Item) => string }
  | { type: "day"; value: (item: Item) => string | null; missing: AdminMessageKey };

/** Who changed an item last, and when (the contract's `updated_by.name` and `updated_at`). */
export interface LastEdit {
  /** Null when the CMS recorded no person (entries from before, or made by the seed). */
  name: string | null;
  at: string | null;
}

/** An item of a kind, with who changed it last: every kind's items have it, read the same way. */
export type Edited<Item> = Item & { lastEdit: LastEdit | null };

export function lastEditOf(raw: Record<string, unknown>): LastEdit | null {
  const by = raw.updated_by as { name?: unknown } | null | undefined;
  const name = textOrNull(by?.name);
  const when = textOrNull(raw.updated_at);
  return name || when ? { name, at: when } : null;
}

export interface ColumnSpec<Item> {
  header: AdminMessageKey;
  cell: CellSpec<Item>;
}

/** Fallback texts of a kind when the CMS gives none, and its notices. */
export interface KindMessages {
  fetchList: AdminMessageKey;
  fetchOne: AdminMessageKey;
  create: AdminMessageKey;
  update: AdminMessageKey;
  remove: AdminMessageKey;
  notFound: AdminMessageKey;
  confirmDelete: AdminMessageKey;
  created: AdminMessageKey;
  updated: AdminMessageKey;
  deleted: AdminMessageKey;
  loading: AdminMessageKey;
  loadingOne: AdminMessageKey;
}

export interface KindLabels {
  /** The list page's heading and the browser's title. */
  title: AdminMessageKey;
  add: AdminMessageKey;
  empty: AdminMessageKey;
  newTitle: AdminMessageKey;
  editTitle: AdminMessageKey;
  /** The list's loading error ("Error loading images: {error}"); the plain message without one. */
  loadError?: AdminMessageKey;
  /** The save button while saving ('Saving...' for teams, 'Submitting...' for videos, as the product names them). */
  busy: AdminMessageKey;
  /** The detail page's way back to the list; without one, "Back" to the page before (the browser's history). */
  back?: AdminMessageKey;
}

/** What a kind's module says about it. */
export interface KindInput<K extends KindKey, Item extends { id: number }> {
  key: K;
  /** Its path in the CMS's REST contract (/api/{api}), and the key of its rules. */
  api: ContractKind;
  /** Only Managers edit it (the CMS holds the same rule): what others are told on its screens. */
  managersOnly?: AdminMessageKey;
  /** The form, in order; the first file field is the kind's main file. */
  fields: FieldSpec[];
  /** Optional fields only the Nepali version has (a member's name in Nepali), first on its tab. */
  nepaliOnly?: FieldSpec[];
  labels: KindLabels;
  messages: KindMessages;
  /** A CMS answer as the admin screens use it (media URLs made same-origin). */
  toItem: (raw: Record<string, unknown>) => Item;
  /** How an item is named to people (dialogs, screen readers). */
  nameOf: (item: Item) => string;
  /** The files an item has now, by form field, as the edit form shows them. */
  storedFiles: (item: Item, at: AdminT) => Record<string, { url: string | null; alt: string }>;
  columns: ColumnSpec<Item>[];
  /**
   * Kinds staff may save as drafts (blog posts): the item's status. Their form saves as a draft,
   * submits for review or publishes (the contract's `status`), their list says which each item is.
   */
  statusOf?: (item: Item) => PostStatus;
  /** The account that changed the item last (a Manager approves only what someone else submitted). */
  lastEditorOf?: (item: Item) => number | null;
  /** What a new item's form starts with beyond empty text. */
  newDefaults?: (context: { today: string; userName: string; siteEmail: string }) => Record<string, string>;
}

/** What a kind's forms are made of: their fields and the rules over them (generic code takes any kind's). */
export type KindForm = Pick<KindDefinition, "fields" | "nepaliOnly" | "localized" | "rules">;

/** A kind with what follows from its input: its text fields, main file and optional images. */
export interface KindDefinition<K extends KindKey = KindKey, Item extends { id: number } = { id: number }> extends KindInput<K, Item> {
  /** Its admin URLs (kinds/paths.ts); a save goes back to the list. */
  paths: {
    list: string;
    new: string;
    view: (id: number | string) => string;
    edit: (id: number | string) => string;
    afterSave: string;
  };
  rules: KindRules;
  /** Text fields sent to the CMS, in form order. */
  textFields: readonly string[];
  /** Multipart field of the main file and what it takes. */
  fileField: string;
  fileKind: "image" | "video";
  /** The further, always optional, image fields (a video's poster). */
  optionalImageFields: readonly string[];
  /** The Nepali-only fields under their rules (none for most kinds). */
  nepaliOnly: FieldSpec[];
  /** The fields with a Nepali version, in the Nepali tab's order: the Nepali-only ones, then the translated ones (the rules' `localized`). */
  localized: readonly string[];
  /** The fields both languages share, which the Nepali tab names as edited on the English tab. */
  shared: FieldSpec[];
}

/** Checks a kind's form against the contract's rules (its own, unless given others) and derives the rest. */
export function defineKind<K extends KindKey, Item extends { id: number }>(
  input: KindInput<K, Item>,
  rules: KindRules = CONTRACT_RULES[input.api],
): KindDefinition<K, Edited<Item>> {
  const files = input.fields.filter((field) => field.type === "file");
  const [main, ...others] = files;
  if (!main) throw new Error(`${input.key}: a kind has a file field`);
  if (!input.columns.some((column) => column.cell.type === "name")) throw new Error(`${input.key}: a kind's list names its items`);
  const fileRule = (name: string): FileRule => {
    const rule = rules.files[name];
    if (!rule) throw new Error(`${input.key}: the contract has no file field ${name}`);
    return rule;
  };
  const withRule = (field: FieldSpec): FieldSpec => {
    if (field.type === "file") {
      const rule = fileRule(field.name);
      return { ...field, fileKind: rule.kind, optional: !rule.requiredOnCreate };
    }
    const rule = rules.text[field.name];
    if (!rule) throw new Error(`${input.key}: the contract has no text field ${field.name}`);
    return { ...field, maxLength: rule.maxLength };
  };
  const fields = input.fields.map(withRule);
  const nepaliOnly = (input.nepaliOnly ?? []).map(withRule);
  const translated = (field: FieldSpec) => field.type !== "file" && rules.text[field.name]?.localized === true;
  const paths = KIND_PATHS[input.key];
  return {
    ...input,
    paths: {
      list: paths.list,
      new: paths.new,
      view: (id) => pathWithId(paths.view, id),
      edit: (id) => pathWithId(paths.edit, id),
      afterSave: paths.list,
    },
    toItem: (raw) => ({ ...input.toItem(raw), lastEdit: lastEditOf(raw) }),
    // Every list says who changed each item last under the item's name (a column of its own
    // does not fit the team list at 1024 px).
    columns: input.columns.map((column) =>
      column.cell.type === "name" ? { ...column, cell: { ...column.cell, edited: (item: Edited<Item>) => item.lastEdit } } : column,
    ),
    fields,
    nepaliOnly,
    localized: [...nepaliOnly, ...fields.filter(translated)].map((field) => field.name),
    shared: fields.filter((field) => !translated(field)),
    rules,
    textFields: fields.filter((field) => field.type !== "file").map((field) => field.name),
    fileField: main.name,
    fileKind: fileRule(main.name).kind,
    optionalImageFields: others.map((field) => field.name),
  };
}
