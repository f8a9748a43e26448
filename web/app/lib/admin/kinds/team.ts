import { at } from "../messages";
import { defineKind } from "./define";
import { sameOriginMedia, text, textOrNull } from "./fields-of-items";

export interface TeamMember {
  id: number;
  name: string;
  role: string;
  bio: string | null;
  photoUrl: string | null;
  joined_at: string | null;
}

export const team = defineKind({
  key: "team",
  api: "team-member",
  paths: {
    list: "/teams",
    new: "/teams/new",
    view: (id) => `/teams/${id}`,
    edit: (id) => `/teams/${id}/edit`,
    afterSave: "/teams",
  },
  fields: [
    { name: "name", label: at("teams.field.name"), type: "text", autoComplete: "name" },
    { name: "role", label: at("teams.field.role"), type: "text", autoComplete: "organization-title" },
    { name: "bio", label: at("teams.field.bio"), type: "textarea", rows: 5 },
    { name: "joined_at", label: at("teams.field.joinedAt"), type: "date", hint: at("teams.joinedAtHint") },
    { name: "photo", label: at("teams.field.photo"), type: "file" },
  ],
  localized: ["local_name", "role", "bio"],
  // Optional: without it the Nepali site shows the name as entered on the English tab.
  nepaliOnly: [{ name: "local_name", label: at("teams.field.name"), type: "text", reference: "name", hint: at("teams.localNameHint") }],
  labels: {
    title: "teams.title",
    add: "teams.add",
    empty: "teams.empty",
    newTitle: "teams.newTitle",
    editTitle: "teams.editTitle",
    sharedInNepali: "nepali.sharedTeam",
    busy: "common.saving",
  },
  messages: {
    fetchList: "teams.fetchListFailed",
    fetchOne: "teams.fetchFailed",
    create: "teams.createFailed",
    update: "teams.updateFailed",
    remove: "teams.deleteFailed",
    notFound: "teams.notFound",
    confirmDelete: "teams.confirmDelete",
    created: "teams.created",
    updated: "teams.updated",
    deleted: "teams.deleted",
    loading: "teams.loading",
    loadingOne: "teams.loadingOne",
  },
  toItem: (raw): TeamMember => ({
    id: Number(raw.id),
    name: text(raw.name),
    role: text(raw.role),
    bio: textOrNull(raw.bio),
    photoUrl: sameOriginMedia(raw.photoUrl),
    joined_at: textOrNull(raw.joined_at),
  }),
  nameOf: (member) => member.name,
  storedFiles: (m) => ({ photo: { url: m.photoUrl, alt: at("common.photoOf", { name: m.name }) } }),
  columns: [
    {
      header: at("teams.col.photo"),
      cell: {
        type: "thumb",
        src: (m) => m.photoUrl ?? "/avatar-placeholder.svg",
        alt: (m) => at("common.photoOf", { name: m.name }),
        round: true,
      },
    },
    { header: at("teams.col.name"), cell: { type: "name", text: (m) => m.name } },
    { header: at("teams.col.role"), cell: { type: "text", text: (m) => m.role } },
    { header: at("teams.col.bio"), cell: { type: "excerpt", text: (m) => m.bio, missing: at("teams.noBio") } },
    { header: at("teams.col.joinedAt"), cell: { type: "day", value: (m) => m.joined_at, missing: at("teams.unknown") } },
  ],
  // A new member joins today (in Nepal) unless staff say otherwise.
  newDefaults: ({ today }) => ({ joined_at: today }),
});
