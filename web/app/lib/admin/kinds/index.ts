import { blog, type BlogPost } from "./blog";
import type { Edited, FieldSpec, KindDefinition, KindForm, KindKey } from "./define";
import { giving, type WayToGive } from "./giving";
import { image, type GalleryImage } from "./image";
import { team, type TeamMember } from "./team";
import { video, type GalleryVideo } from "./video";

export type { BlogPost, GalleryImage, GalleryVideo, TeamMember, WayToGive };
export type { CellSpec, ColumnSpec, Edited, FieldSpec, KindDefinition, KindForm, KindKey, LastEdit } from "./define";

/**
 * The four kinds of content staff manage, each defined once in its own module (the form, its
 * Nepali fields, list columns, titles, paths, messages, how a CMS answer is read); forms,
 * lists, detail frames, the Nepali tab and the server's calls are derived from them.
 */
export const KINDS = { team, image, video, blog, giving } as const;

export interface ItemByKind {
  team: Edited<TeamMember>;
  image: Edited<GalleryImage>;
  video: Edited<GalleryVideo>;
  blog: Edited<BlogPost>;
  giving: Edited<WayToGive>;
}

/** A kind's definition with its item type (KINDS[kind] widened for generic code). */
export function kindOf<K extends KindKey>(kind: K): KindDefinition<K, ItemByKind[K]> {
  return KINDS[kind] as unknown as KindDefinition<K, ItemByKind[K]>;
}

export function isKindKey(value: unknown): value is KindKey {
  return typeof value === "string" && Object.hasOwn(KINDS, value);
}

/** Route ids are positive whole numbers (as the CMS contract requires). */
export function parseId(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

/** The fields of a kind's Nepali tab, in its order: the localised ones and those only Nepali has. */
export function localizedFields(kind: KindKey | KindForm): FieldSpec[] {
  const { fields, nepaliOnly, localized } = typeof kind === "string" ? KINDS[kind] : kind;
  const all = [...nepaliOnly, ...fields];
  return localized.map((name) => all.find((field) => field.name === name)!);
}

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
  /** Which version of the Nepali text was read (its saves are checked against it). */
  version?: string | null;
}

/** The edit screen with its Nepali tab open. */
export function nepaliEditPath(kind: KindKey, id: number | string): string {
  return `${KINDS[kind].paths.edit(id)}?lang=ne`;
}

/** The save endpoint the browser's upload (XHR) posts to. */
export function savePath(kind: KindKey, id?: number): string {
  return id ? `/admin/save/${kind}/${id}` : `/admin/save/${kind}`;
}

/** Upload limits the browser checks before sending (the server and CMS check again). */
export interface UploadLimits {
  imageMaxBytes: number;
  videoMaxBytes: number;
  /** Width x height a photo may have. */
  imageMaxPixels: number;
}
