import { defineKind } from "./define";
import { postStatusOf, type PostStatus } from "@contract/post-status";
import { editorIdOf, sameOriginMedia, text, textOrNull } from "./fields-of-items";

export interface TeamMember {
  id: number;
  name: string;
  role: string;
  bio: string | null;
  photoUrl: string | null;
  joined_at: string | null;
  /** A draft or submitted member is seen by staff only; a Manager publishes them. */
  status: PostStatus;
  lastEditorId: number | null;
}

export const team = defineKind({
  key: "team",
  api: "team-member",
  fields: [
    { name: "name", label: { en: "Name", ne: "नाम" }, type: "text", autoComplete: "name" },
    { name: "role", label: { en: "Role", ne: "भूमिका" }, type: "text", autoComplete: "organization-title" },
    { name: "bio", label: { en: "Bio", ne: "परिचय" }, type: "textarea", rows: 5 },
    {
      name: "joined_at",
      label: { en: "Joined At", ne: "सामेल भएको मिति" },
      type: "date",
      hint: { en: "The day they joined the home.", ne: "बालगृहमा सामेल भएको दिन।" },
    },
    { name: "photo", label: { en: "Photo", ne: "तस्बिर" }, type: "file" },
  ],
  // Optional: without it the Nepali site shows the name as entered on the English tab.
  nepaliOnly: [
    {
      name: "local_name",
      label: { en: "Name", ne: "नाम" },
      type: "text",
      reference: "name",
      hint: {
        en: "Optional: the name written in Nepali. Left empty, the Nepali website shows the name as written on the English tab.",
        ne: "ऐच्छिक: नेपालीमा लेखिएको नाम। खाली छोडे नेपाली वेबसाइटमा अङ्ग्रेजी ट्याबमा लेखिएको नाम देखिन्छ।",
      },
    },
  ],
  labels: {
    title: "teams.title",
    add: "teams.add",
    empty: "teams.empty",
    newTitle: "teams.newTitle",
    editTitle: "teams.editTitle",
    busy: "common.saving",
    back: "teams.back",
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
    status: postStatusOf(raw.status),
    lastEditorId: editorIdOf(raw.updated_by),
  }),
  statusOf: (member) => member.status,
  lastEditorOf: (member) => member.lastEditorId,
  nameOf: (member) => member.name,
  storedFiles: (m, at) => ({ photo: { url: m.photoUrl, alt: at("common.photoOf", { name: m.name }) } }),
  columns: [
    {
      header: "teams.col.photo",
      cell: {
        type: "thumb",
        src: (m) => m.photoUrl ?? "/avatar-placeholder.svg",
        alt: (m, at) => at("common.photoOf", { name: m.name }),
        round: true,
      },
    },
    { header: "teams.col.name", cell: { type: "name", text: (m) => m.name, status: (m) => m.status } },
    { header: "teams.col.role", cell: { type: "text", text: (m) => m.role } },
    { header: "teams.col.bio", cell: { type: "excerpt", text: (m) => m.bio, missing: "teams.noBio" } },
    { header: "teams.col.joinedAt", cell: { type: "day", value: (m) => m.joined_at, missing: "teams.unknown" } },
  ],
  // A new member joins today (in Nepal) unless staff say otherwise.
  newDefaults: ({ today }) => ({ joined_at: today }),
});
