import { AdminCmsError, staffCall } from "./cms-client.server";
import { kindOf, KINDS, type ItemByKind, type KindKey } from "./kinds";
import { isStaffRole, type StaffRole } from "@contract/account-rules";
import { text, textOrNull } from "./kinds/fields-of-items";
import { isPhotoName } from "./consent";
import { versionOfEtag } from "./edit-conflict";
import { ADMIN_PAGE_SIZE, type ListPlace } from "./list-place";
import { isAdminLocale, type AdminLocale } from "./messages";
import { PUBLICATION_ACTION_LABELS, type PublicationEvent } from "./review";
import { loginUrl, logoutRedirect, type Staff } from "./session.server";

/** What the admin screens read and delete at the CMS, as items of the kinds (kinds/). */

type RawItem = Record<string, unknown>;

/** A CMS item as the admin screens use it (each kind reads its own fields). */
export function toItem<K extends KindKey>(kind: K, raw: RawItem): ItemByKind[K] {
  return kindOf(kind).toItem(raw);
}

// ── Reads and deletes ─────────────────────────────────────────────────────────────────

export type ListResult<K extends KindKey> =
  | { items: ItemByKind[K][]; count: number; error: null }
  | { items: null; count: null; error: string };

/** One page of a kind's list (ADMIN_PAGE_SIZE items), matching the place's search, and the match count. */
export async function listItems<K extends KindKey>(request: Request, staff: Staff, kind: K, place: ListPlace): Promise<ListResult<K>> {
  const config = KINDS[kind];
  const query = new URLSearchParams({ page: String(place.page), pageSize: String(ADMIN_PAGE_SIZE) });
  if (place.q) query.set("q", place.q);
  try {
    const { body } = await staffCall<{ count?: number; results?: RawItem[] }>(request, staff, `/api/${config.api}?${query}`);
    const items = (body.results ?? []).map((raw) => toItem(kind, raw));
    return { items, count: typeof body.count === "number" ? body.count : items.length, error: null };
  } catch (error) {
    if (error instanceof AdminCmsError) return { items: null, count: null, error: error.messageOr(config.messages.fetchList, staff.at) };
    throw error;
  }
}

/** How many items a kind has (matching `q`, when given); null when the CMS could not say. */
export async function countItems(request: Request, staff: Staff, kind: KindKey, q = ""): Promise<number | null> {
  const query = new URLSearchParams({ pageSize: "1" });
  if (q) query.set("q", q);
  try {
    const { body } = await staffCall<{ count?: number }>(request, staff, `/api/${KINDS[kind].api}?${query}`);
    return typeof body.count === "number" ? body.count : null;
  } catch (error) {
    if (error instanceof AdminCmsError) return null;
    throw error;
  }
}

/** `version`: which version of the item was read (its saves are checked against it). */
export type ItemResult<K extends KindKey> =
  | { item: ItemByKind[K]; version: string | null; error: null; notFound: false }
  | { item: null; version: null; error: string | null; notFound: boolean };

export async function getItem<K extends KindKey>(request: Request, staff: Staff, kind: K, id: number | null): Promise<ItemResult<K>> {
  const config = KINDS[kind];
  if (!id) return { item: null, version: null, error: null, notFound: true };
  try {
    const { body, etag } = await staffCall<RawItem>(request, staff, `/api/${config.api}/${id}`);
    return { item: toItem(kind, body), version: versionOfEtag(etag), error: null, notFound: false };
  } catch (error) {
    if (error instanceof AdminCmsError) {
      if (error.status === 404 || error.status === 400) return { item: null, version: null, error: null, notFound: true };
      return { item: null, version: null, error: error.messageOr(config.messages.fetchOne, staff.at), notFound: false };
    }
    throw error;
  }
}

export async function deleteItem(request: Request, staff: Staff, kind: KindKey, id: number): Promise<string | null> {
  const config = KINDS[kind];
  try {
    await staffCall(request, staff, `/api/${config.api}/${id}`, { method: "DELETE", timeoutMs: 30_000 });
    return null;
  } catch (error) {
    if (error instanceof AdminCmsError) return error.messageOr(config.messages.remove, staff.at);
    throw error;
  }
}

// ── Demo content ──────────────────────────────────────────────────────────────────────

/** How many demo entries the site still shows, untouched by staff (null: the CMS could not say). */
export async function demoContentCount(request: Request, staff: Staff): Promise<number | null> {
  try {
    const { body } = await staffCall<{ count?: unknown }>(request, staff, "/api/demo-content");
    return typeof body.count === "number" ? body.count : null;
  } catch (error) {
    if (error instanceof AdminCmsError) return null;
    throw error;
  }
}

/** Deletes the untouched demo entries (both languages, their files): how many, or the failure's text. */
export async function removeDemoContent(
  request: Request,
  staff: Staff,
): Promise<{ removed: number; error: null } | { removed: null; error: string }> {
  try {
    const { body } = await staffCall<{ removed?: unknown }>(request, staff, "/api/demo-content", {
      method: "DELETE",
      timeoutMs: 120_000,
    });
    return { removed: typeof body.removed === "number" ? body.removed : 0, error: null };
  } catch (error) {
    if (error instanceof AdminCmsError) return { removed: null, error: error.messageOr("common.somethingWrong", staff.at) };
    throw error;
  }
}

export interface CurrentUser {
  id: number;
  email: string;
  /** The name the person goes by (set by a manager, changed in My account); null until set. */
  displayName: string | null;
  role: StaffRole | null;
  /** The language the person reads the admin in (chosen on My account, kept by the CMS). */
  adminLanguage: AdminLocale;
  /** Whether their own posts go public when they save them (a Manager, unless a second approval is required). */
  publishesOwnWork: boolean;
}

/**
 * GET /api/users/{sub}: who is signed in. It also proves the token is still good: a 401
 * (forged, expired, ended, blocked or removed user) ends the session. Other failures are only logged.
 */
export async function fetchCurrentUser(request: Request, staff: Staff): Promise<CurrentUser | null> {
  try {
    const { body } = await staffCall<Record<string, unknown>>(request, staff, `/api/users/${staff.userId}`);
    return {
      id: Number(body.id),
      email: text(body.email),
      displayName: textOrNull(body.displayName),
      role: isStaffRole(body.role) ? body.role : null,
      adminLanguage: isAdminLocale(body.adminLanguage) ? body.adminLanguage : "en",
      publishesOwnWork: body.publishesOwnWork === true,
    };
  } catch (error) {
    if (error instanceof AdminCmsError) {
      // 403: the token is good but not for this id. Treat as signed out: it is not ours.
      if (error.status === 403) throw await logoutRedirect(request, loginUrl(request));
      console.error(`[admin] ${error.messageOr("dashboard.userFetchFailed", staff.at)}`);
      return null;
    }
    throw error;
  }
}

/** An entry waiting for a Manager's review (a post, gallery item or team member), as the dashboard lists it. */
export interface EntryForReview {
  kind: KindKey;
  id: number;
  title: string;
  /** Its edit form, where the Manager reads, previews and publishes it. */
  href: string;
  /** Who submitted it (changed it last), when the CMS recorded a person. */
  by: string | null;
  at: string | null;
}

// At most this many of each kind on the dashboard; each list shows every entry with its status.
const REVIEW_LIST_SIZE = 20;

/** The kinds Staff submit for review rather than publish. */
const REVIEWED_KINDS = (Object.keys(KINDS) as KindKey[]).filter((kind) => Boolean(KINDS[kind].statusOf));

/** What Staff have submitted for review, every kind (a Manager's dashboard); null when the CMS could not say. */
export async function waitingForReview(request: Request, staff: Staff): Promise<EntryForReview[] | null> {
  const query = new URLSearchParams({ status: "submitted", pageSize: String(REVIEW_LIST_SIZE) });
  try {
    const lists = await Promise.all(
      REVIEWED_KINDS.map(async (kind) => {
        const config = kindOf(kind);
        const { body } = await staffCall<{ results?: RawItem[] }>(request, staff, `/api/${config.api}?${query}`);
        return (body.results ?? []).map((raw): EntryForReview => {
          const entry = toItem(kind, raw);
          return {
            kind,
            id: entry.id,
            title: config.nameOf(entry as never),
            href: config.paths.edit(entry.id),
            by: entry.lastEdit?.name ?? null,
            at: entry.lastEdit?.at ?? null,
          };
        });
      }),
    );
    // Oldest submission first: it has waited longest.
    return lists.flat().sort((a, b) => (a.at ?? "").localeCompare(b.at ?? ""));
  } catch (error) {
    if (error instanceof AdminCmsError) return null;
    throw error;
  }
}

const EVENT_ACTIONS = new Set<string>(Object.keys(PUBLICATION_ACTION_LABELS));

/** Who submitted, approved, published and unpublished an entry, newest first (Managers only); null when the CMS could not say. */
export async function publicationHistory(request: Request, staff: Staff, kind: KindKey, id: number): Promise<PublicationEvent[] | null> {
  try {
    const { body } = await staffCall<{ results?: Record<string, unknown>[] }>(request, staff, `/api/audit/${KINDS[kind].api}/${id}`);
    return (body.results ?? []).flatMap((raw) =>
      EVENT_ACTIONS.has(String(raw.action)) && typeof raw.at === "string"
        ? [
            {
              action: raw.action as PublicationEvent["action"],
              by: text(raw.by),
              at: raw.at,
              ...(isPhotoName(raw.photo) ? { photo: raw.photo } : {}),
            },
          ]
        : [],
    );
  } catch (error) {
    if (error instanceof AdminCmsError) return null;
    throw error;
  }
}
