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
  fields: [
    { name: "title", label: { en: "Title", ne: "शीर्षक" }, type: "text" },
    { name: "description", label: { en: "Description", ne: "विवरण" }, type: "textarea", rows: 4 },
    { name: "video", label: { en: "Video file", ne: "भिडियोको फाइल" }, type: "file" },
    {
      name: "poster",
      label: { en: "Poster image", ne: "पोस्टर तस्बिर" },
      type: "file",
      hint: {
        en: "The picture visitors see before they press play. Without one, the site shows a plain play screen.",
        ne: "भिडियो चलाउनुअघि दर्शकले देख्ने तस्बिर। नराखे वेबसाइटमा सादा प्ले स्क्रिन देखिन्छ।",
      },
    },
  ],
  labels: {
    title: "videos.title",
    add: "videos.add",
    empty: "videos.empty",
    newTitle: "videos.newTitle",
    editTitle: "videos.editTitle",
    loadError: "videos.loadError",
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
  storedFiles: (item, at) => ({
    video: { url: item.mediaUrl, alt: item.title },
    poster: { url: item.posterUrl, alt: at("videos.posterAlt") },
  }),
  columns: [
    {
      header: "videos.col.video",
      cell: { type: "video", src: (v) => v.mediaUrl, poster: (v) => v.posterUrl, label: (v) => v.title },
    },
    { header: "videos.col.title", cell: { type: "name", text: (v) => v.title } },
    { header: "videos.col.description", cell: { type: "excerpt", text: (v) => v.description } },
  ],
});
