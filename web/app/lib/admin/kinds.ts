import type { AdminMessageKey } from "./messages";

/** The four kinds of content staff manage, and what differs between them. */
export type KindKey = "team" | "image" | "video" | "blog";

export interface KindConfig {
  key: KindKey;
  /** Path of the spec's REST contract on the CMS: /api/{api}. */
  api: string;
  /** Multipart field of the file (DESIGN section 2). */
  fileField: "photo" | "image" | "video" | "media";
  fileKind: "image" | "video";
  /** Further optional image files of the form (a video's poster frame). */
  optionalImageFields?: readonly "poster"[];
  /** Text fields sent to the CMS, in form order. */
  textFields: readonly string[];
  listPath: string;
  newPath: string;
  viewPath: (id: number | string) => string;
  editPath: (id: number | string) => string;
  /** Where a successful save goes (spec section 4; blog edit fixed to /bloglist). */
  afterSave: string;
  messages: {
    /** Fallbacks when the CMS gives no message (spec section 8). */
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
  };
}

export const KINDS: Record<KindKey, KindConfig> = {
  team: {
    key: "team",
    api: "team-member",
    fileField: "photo",
    fileKind: "image",
    textFields: ["name", "role", "bio", "joined_at"],
    listPath: "/teams",
    newPath: "/teams/new",
    viewPath: (id) => `/teams/${id}`,
    editPath: (id) => `/teams/${id}/edit`,
    afterSave: "/teams",
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
  },
  image: {
    key: "image",
    api: "image-gallery",
    fileField: "image",
    fileKind: "image",
    textFields: ["title", "description"],
    listPath: "/gallery/images",
    newPath: "/gallery/images/new",
    viewPath: (id) => `/gallery/images/${id}`,
    editPath: (id) => `/gallery/images/${id}/edit`,
    afterSave: "/gallery/images",
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
  },
  video: {
    key: "video",
    api: "video-gallery",
    fileField: "video",
    fileKind: "video",
    optionalImageFields: ["poster"],
    textFields: ["title", "description"],
    listPath: "/gallery/videos",
    newPath: "/gallery/videos/new",
    viewPath: (id) => `/gallery/videos/${id}`,
    editPath: (id) => `/gallery/videos/${id}/edit`,
    afterSave: "/gallery/videos",
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
  },
  blog: {
    key: "blog",
    api: "blog",
    fileField: "media",
    fileKind: "image",
    textFields: ["title", "content", "author"],
    listPath: "/bloglist",
    newPath: "/blogs/new",
    viewPath: (id) => `/blogs/${id}`,
    editPath: (id) => `/blogs/edit/${id}`,
    afterSave: "/bloglist",
    messages: {
      fetchList: "common.somethingWrong",
      fetchOne: "common.somethingWrong",
      create: "common.somethingWrong",
      update: "common.somethingWrong",
      remove: "common.somethingWrong",
      notFound: "blogs.notFound",
      confirmDelete: "blogs.confirmDelete",
      created: "blogs.createdFlash",
      updated: "blogs.updated",
      deleted: "blogs.deleted",
      loading: "blogs.loading",
      loadingOne: "blogs.loadingOne",
    },
  },
};

export function isKindKey(value: unknown): value is KindKey {
  return typeof value === "string" && Object.hasOwn(KINDS, value);
}

/** Route ids are positive whole numbers (as the CMS contract requires). */
export function parseId(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

// ── Nepali versions (issue 7) ─────────────────────────────────────────────────────────

/** The text fields that have a Nepali version (the CMS localises these; the rest is shared). */
export const LOCALIZED_FIELDS = {
  team: ["role", "bio"],
  image: ["title", "description"],
  video: ["title", "description"],
  blog: ["title", "content"],
} as const satisfies Record<KindKey, readonly string[]>;

export type AdminLang = "en" | "ne";

/** The edit screen's language tab from its URL (`?lang=ne`); English otherwise. */
export function langOf(request: Request | URL): AdminLang {
  const url = request instanceof URL ? request : new URL(request.url);
  return url.searchParams.get("lang") === "ne" ? "ne" : "en";
}

/** An item's Nepali version as the edit screen's Nepali tab receives it. */
export interface NepaliVersion {
  /** The CMS answered with a `locale`: it stores Nepali versions. */
  supported: boolean;
  /** A Nepali version exists (else `values` are empty strings). */
  exists: boolean;
  /** The localised fields' Nepali text. */
  values: Record<string, string>;
  /** Why the Nepali version could not be read, if it could not. */
  error: string | null;
}

/** The edit screen with its Nepali tab open. */
export function nepaliEditPath(kind: KindKey, id: number | string): string {
  return `${KINDS[kind].editPath(id)}?lang=ne`;
}

/** The save endpoint the browser's upload (XHR) posts to. */
export function savePath(kind: KindKey, id?: number): string {
  return id ? `/admin/save/${kind}/${id}` : `/admin/save/${kind}`;
}

// ── Items as the admin screens receive them (media URLs already same-origin) ──────────

export interface TeamMember {
  id: number;
  name: string;
  role: string;
  bio: string | null;
  photoUrl: string | null;
  joined_at: string | null;
}

export interface GalleryItem {
  id: number;
  title: string;
  description: string;
  mediaUrl: string | null;
  /** Videos only: the frame shown before play. */
  posterUrl?: string | null;
  created_at: string | null;
}

export interface BlogPost {
  id: number;
  title: string;
  content: string;
  author: string;
  mediaUrl: string | null;
  created_at: string | null;
}

export interface ItemByKind {
  team: TeamMember;
  image: GalleryItem;
  video: GalleryItem;
  blog: BlogPost;
}

/** Upload limits the browser checks before sending (the server and CMS check again). */
export interface UploadLimits {
  imageMaxBytes: number;
  videoMaxBytes: number;
}
