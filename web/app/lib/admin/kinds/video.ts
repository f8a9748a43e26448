import { at } from "../messages";
import { defineKind } from "./define";
import { sameOriginMedia, text, textOrNull } from "./fields-of-items";

export interface GalleryVideo {
  id: number;
  title: string;
  description: string;
  mediaUrl: string | null;
  /** The frame shown before play. */
  posterUrl: string | null;
  created_at: string | null;
}

export const video = defineKind({
  key: "video",
  api: "video-gallery",
  paths: {
    list: "/gallery/videos",
    new: "/gallery/videos/new",
    view: (id) => `/gallery/videos/${id}`,
    edit: (id) => `/gallery/videos/${id}/edit`,
    afterSave: "/gallery/videos",
  },
  fields: [
    { name: "title", label: at("videos.field.title"), type: "text" },
    { name: "description", label: at("videos.field.description"), type: "textarea", rows: 4 },
    { name: "video", label: at("videos.field.file"), type: "file" },
    { name: "poster", label: at("videos.field.poster"), type: "file", hint: at("videos.posterHint") },
  ],
  localized: ["title", "description"],
  labels: {
    title: "videos.title",
    add: "videos.add",
    empty: "videos.empty",
    newTitle: "videos.newTitle",
    editTitle: "videos.editTitle",
    loadError: "videos.loadError",
    sharedInNepali: "nepali.sharedVideo",
    busy: "common.submitting",
  },
  messages: {
    fetchList: "common.somethingWrong",
    fetchOne: "common.somethingWrong",
    create: "common.somethingWrong",
    update: "videos.updateFailed",
    remove: "common.somethingWrong",
    notFound: "videos.notFound",
    confirmDelete: "videos.confirmDelete",
    created: "videos.created",
    updated: "videos.updated",
    deleted: "videos.deleted",
    loading: "videos.loading",
    loadingOne: "videos.loadingOne",
  },
  toItem: (raw): GalleryVideo => ({
    id: Number(raw.id),
    title: text(raw.title),
    description: text(raw.description),
    mediaUrl: sameOriginMedia(raw.mediaUrl),
    posterUrl: sameOriginMedia(raw.posterUrl),
    created_at: textOrNull(raw.created_at),
  }),
  nameOf: (item) => item.title,
  storedFiles: (item) => ({
    video: { url: item.mediaUrl, alt: item.title },
    poster: { url: item.posterUrl, alt: at("videos.field.poster") },
  }),
  columns: [
    {
      header: at("videos.col.video"),
      cell: { type: "video", src: (v) => v.mediaUrl, poster: (v) => v.posterUrl, label: (v) => v.title },
    },
    { header: at("videos.col.title"), cell: { type: "name", text: (v) => v.title } },
    { header: at("videos.col.description"), cell: { type: "excerpt", text: (v) => v.description } },
  ],
});
