import type { VideoStatus } from "@contract/video-status";
import type { AdminT } from "../messages";
import { defineKind } from "./define";
import { postStatusOf, type PostStatus } from "@contract/post-status";
import { editorIdOf, sameOriginMedia, text, textOrNull } from "./fields-of-items";

const VIDEO_STATES: VideoStatus[] = ["processing", "ready", "failed", "original"];

/**
 * What staff are told of a video on its way to visitors: being converted, failed (and why), or
 * served as uploaded because the server has no encoder; nothing once it is ready.
 */
export function videoStatusNote(video: Pick<GalleryVideo, "video_status" | "video_error">, at: AdminT) {
  switch (video.video_status) {
    case "processing":
      return { tone: "busy" as const, text: at("videos.status.processing") };
    case "failed":
      return { tone: "error" as const, text: at("videos.status.failed", { reason: at.contract(video.video_error ?? "") }) };
    case "original":
      return { tone: "info" as const, text: at("videos.status.original") };
    default:
      return null;
  }
}

export interface GalleryVideo {
  id: number;
  title: string;
  description: string;
  mediaUrl: string | null;
  /** The frame shown before play. */
  posterUrl: string | null;
  /** Where the video is on its way to visitors (null from a CMS that does not convert videos). */
  video_status: VideoStatus | null;
  /** Why its conversion failed, in the CMS's words. */
  video_error: string | null;
  created_at: string | null;
  /** A draft or submitted video is seen by staff only; a Manager publishes it. */
  status: PostStatus;
  lastEditorId: number | null;
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
        en: "The picture visitors see before they press play. Without one, a frame of the video is used.",
        ne: "भिडियो चलाउनुअघि दर्शकले देख्ने तस्बिर। नराखे भिडियोकै एउटा दृश्य प्रयोग हुन्छ।",
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
    video_status: VIDEO_STATES.find((state) => state === raw.video_status) ?? null,
    video_error: textOrNull(raw.video_error),
    created_at: textOrNull(raw.created_at),
    status: postStatusOf(raw.status),
    lastEditorId: editorIdOf(raw.updated_by),
  }),
  statusOf: (item) => item.status,
  lastEditorOf: (item) => item.lastEditorId,
  nameOf: (item) => item.title,
  storedFiles: (item, at) => ({
    video: { url: item.mediaUrl, alt: item.title },
    poster: { url: item.posterUrl, alt: at("videos.posterAlt") },
  }),
  columns: [
    {
      header: "videos.col.video",
      cell: { type: "video", poster: (v) => v.posterUrl, label: (v) => v.title, note: (v, at) => videoStatusNote(v, at) },
    },
    { header: "videos.col.title", cell: { type: "name", text: (v) => v.title, status: (v) => v.status } },
    { header: "videos.col.description", cell: { type: "excerpt", text: (v) => v.description } },
  ],
});
