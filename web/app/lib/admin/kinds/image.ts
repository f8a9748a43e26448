import { at } from "../messages";
import { defineKind } from "./define";
import { sameOriginMedia, text, textOrNull } from "./fields-of-items";

export interface GalleryImage {
  id: number;
  title: string;
  description: string;
  mediaUrl: string | null;
  created_at: string | null;
}

export const image = defineKind({
  key: "image",
  api: "image-gallery",
  paths: {
    list: "/gallery/images",
    new: "/gallery/images/new",
    view: (id) => `/gallery/images/${id}`,
    edit: (id) => `/gallery/images/${id}/edit`,
    afterSave: "/gallery/images",
  },
  fields: [
    { name: "title", label: at("images.field.title"), type: "text" },
    { name: "description", label: at("images.field.description"), type: "textarea", rows: 4 },
    { name: "image", label: at("images.field.file"), type: "file" },
  ],
  localized: ["title", "description"],
  labels: {
    title: "images.title",
    add: "images.add",
    empty: "images.empty",
    newTitle: "images.newTitle",
    editTitle: "images.editTitle",
    loadError: "images.loadError",
    sharedInNepali: "nepali.sharedGallery",
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
    mediaUrl: sameOriginMedia(raw.mediaUrl),
    created_at: textOrNull(raw.created_at),
  }),
  nameOf: (item) => item.title,
  storedFiles: (item) => ({ image: { url: item.mediaUrl, alt: item.title } }),
  columns: [
    { header: at("images.col.image"), cell: { type: "thumb", src: (i) => i.mediaUrl, alt: (i) => i.title } },
    { header: at("images.col.title"), cell: { type: "name", text: (i) => i.title } },
    { header: at("images.col.description"), cell: { type: "excerpt", text: (i) => i.description } },
  ],
});
