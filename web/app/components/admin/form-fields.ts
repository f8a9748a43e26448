import type { KindKey } from "~/lib/admin/kinds";
import { at } from "~/lib/admin/messages";
import type { FieldSpec } from "./ContentForm";

/** The fields of each kind's form, in order (spec section 2; limits are the CMS's). */
export const FORM_FIELDS: Record<KindKey, FieldSpec[]> = {
  team: [
    { name: "name", label: at("teams.field.name"), type: "text", maxLength: 120, autoComplete: "name" },
    { name: "role", label: at("teams.field.role"), type: "text", maxLength: 120, autoComplete: "organization-title" },
    { name: "bio", label: at("teams.field.bio"), type: "textarea", maxLength: 5000, rows: 5 },
    { name: "joined_at", label: at("teams.field.joinedAt"), type: "date", hint: at("teams.joinedAtHint") },
    { name: "photo", label: at("teams.field.photo"), type: "file" },
  ],
  image: [
    { name: "title", label: at("images.field.title"), type: "text", maxLength: 200 },
    { name: "description", label: at("images.field.description"), type: "textarea", maxLength: 5000, rows: 4 },
    { name: "image", label: at("images.field.file"), type: "file" },
  ],
  video: [
    { name: "title", label: at("videos.field.title"), type: "text", maxLength: 200 },
    { name: "description", label: at("videos.field.description"), type: "textarea", maxLength: 5000, rows: 4 },
    { name: "video", label: at("videos.field.file"), type: "file" },
    { name: "poster", label: at("videos.field.poster"), type: "file", fileKind: "image", optional: true, hint: at("videos.posterHint") },
  ],
  blog: [
    { name: "title", label: at("blogs.field.title"), type: "text", maxLength: 200 },
    {
      name: "content",
      label: at("blogs.field.content"),
      type: "markdown",
      maxLength: 100_000,
      rows: 14,
      hint: at("blogs.contentHint"),
    },
    { name: "author", label: at("blogs.field.author"), type: "email", maxLength: 254, autoComplete: "email" },
    { name: "media", label: at("blogs.field.media"), type: "file" },
  ],
};

export const EMPTY_VALUES: Record<KindKey, Record<string, string>> = {
  team: { name: "", role: "", bio: "", joined_at: "" },
  image: { title: "", description: "" },
  video: { title: "", description: "" },
  blog: { title: "", content: "", author: "" },
};
