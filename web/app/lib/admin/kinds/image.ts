import { defineKind } from "./define";
import { postStatusOf, type PostStatus } from "@contract/post-status";
import { editorIdOf, sameOriginMedia, text, textOrNull } from "./fields-of-items";

export interface GalleryImage {
  id: number;
  title: string;
  description: string;
  alt_text: string | null;
  mediaUrl: string | null;
  created_at: string | null;
  /** A draft or submitted image is seen by staff only; a Manager publishes it. */
  status: PostStatus;
  lastEditorId: number | null;
}

export const image = defineKind({
  key: "image",
  api: "image-gallery",
  fields: [
    { name: "title", label: { en: "Title", ne: "शीर्षक" }, type: "text" },
    { name: "description", label: { en: "Description", ne: "विवरण" }, type: "textarea", rows: 4 },
    { name: "image", label: { en: "Image file", ne: "तस्बिरको फाइल" }, type: "file" },
    {
      name: "alt_text",
      label: { en: "What the photo shows", ne: "तस्बिरमा के देखिन्छ" },
      type: "text",
      hint: {
        en: "In a few words, for people who cannot see it (screen readers read it out). Do not name the children. Left empty: the title.",
        ne: "छोटकरीमा, देख्न नसक्नेहरूका लागि (स्क्रिन रिडरले पढेर सुनाउँछ)। बालबालिकाको नाम नलेख्नुहोस्। खाली छोडे शीर्षक नै प्रयोग हुन्छ।",
      },
    },
  ],
  labels: {
    title: "images.title",
    add: "images.add",
    empty: "images.empty",
    newTitle: "images.newTitle",
    editTitle: "images.editTitle",
    loadError: "images.loadError",
    busy: "common.saving",
  },
  messages: {
    fetchList: "common.somethingWrong",
    fetchOne: "common.somethingWrong",
    create: "common.somethingWrong",
    update: "images.updateFailed",
    remove: "common.somethingWrong",
    notFound: "images.notFound",
    confirmDelete: "images.confirmDelete",
    created: "images.created",
    updated: "images.updated",
    deleted: "images.deleted",
    loading: "images.loading",
    loadingOne: "images.loadingOne",
  },
  toItem: (raw): GalleryImage => ({
    id: Number(raw.id),
    title: text(raw.title),
    description: text(raw.description),
    alt_text: textOrNull(raw.alt_text),
    mediaUrl: sameOriginMedia(raw.mediaUrl),
    created_at: textOrNull(raw.created_at),
    status: postStatusOf(raw.status),
    lastEditorId: editorIdOf(raw.updated_by),
  }),
  statusOf: (item) => item.status,
  lastEditorOf: (item) => item.lastEditorId,
  nameOf: (item) => item.title,
  storedFiles: (item) => ({ image: { url: item.mediaUrl, alt: item.alt_text ?? item.title } }),
  columns: [
    { header: "images.col.image", cell: { type: "thumb", src: (i) => i.mediaUrl, alt: (i) => i.alt_text ?? i.title } },
    { header: "images.col.title", cell: { type: "name", text: (i) => i.title, status: (i) => i.status } },
    { header: "images.col.description", cell: { type: "excerpt", text: (i) => i.description } },
  ],
});
