import { CONSENT_GIVERS, CONSENT_STATES, type ConsentGiver, type ConsentInput, type ConsentState } from "@contract/consent-rules";
import { AdminCmsError, staffCall } from "./cms-client.server";
import {
  USED_BY_KINDS,
  isPhotoName,
  type ConsentEvent,
  type ConsentRecordOnFile,
  type PhotoConsent,
  type PhotoUse,
  type UsedByKind,
} from "./consent";
import { text, textOrNull } from "./kinds/fields-of-items";
import type { FieldErrors } from "./schemas";
import type { Staff } from "./session.server";

/** Consent for photos at the CMS (/api/consent/...), from the server only. */

type Raw = Record<string, unknown>;

const isState = (value: unknown): value is ConsentState => (CONSENT_STATES as readonly unknown[]).includes(value);
const isGiver = (value: unknown): value is ConsentGiver => (CONSENT_GIVERS as readonly unknown[]).includes(value);
const isUsedByKind = (value: unknown): value is UsedByKind => (USED_BY_KINDS as readonly unknown[]).includes(value);

function toRecord(raw: unknown): ConsentRecordOnFile | null {
  if (!raw || typeof raw !== "object") return null;
  const record = raw as Raw;
  return {
    showsChildren: typeof record.showsChildren === "boolean" ? record.showsChildren : null,
    givenBy: isGiver(record.givenBy) ? record.givenBy : null,
    givenOn: textOrNull(record.givenOn),
    website: record.website === true,
    socialMedia: record.socialMedia === true,
    reviewOn: textOrNull(record.reviewOn),
    note: textOrNull(record.note),
    withdrawnAt: textOrNull(record.withdrawnAt),
    recordedBy: textOrNull(record.recordedBy),
    recordedAt: textOrNull(record.recordedAt),
    withdrawnBy: textOrNull(record.withdrawnBy),
  };
}

function toUses(raw: unknown): PhotoUse[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((use: Raw) =>
    use && isUsedByKind(use.kind) && Number.isInteger(use.id) ? [{ kind: use.kind, id: Number(use.id), title: text(use.title) }] : [],
  );
}

function toHistory(raw: unknown): ConsentEvent[] | null {
  if (!Array.isArray(raw)) return null;
  return raw.flatMap((event: Raw) =>
    event && (event.action === "consented" || event.action === "withdrawn") && typeof event.at === "string"
      ? [{ action: event.action, by: text(event.by), at: event.at, given: event.action === "consented" ? toRecord(event.details) : null }]
      : [],
  );
}

/** A photo as the CMS answers it; null when the answer does not name a stored photo. */
export function toPhotoConsent(raw: unknown): PhotoConsent | null {
  if (!raw || typeof raw !== "object") return null;
  const photo = raw as Raw;
  if (!isPhotoName(photo.name)) return null;
  return {
    name: photo.name,
    url: `/uploads/${photo.name}`,
    // A state the admin does not know yet is treated as the strictest one it knows of an unchecked photo.
    state: isState(photo.state) ? photo.state : "missing",
    record: toRecord(photo.record),
    usedBy: toUses(photo.usedBy),
    history: toHistory(photo.history),
  };
}

const photoPath = (name: string) => `/api/consent/photos/${encodeURIComponent(name)}`;

export type PhotoRead = { photo: PhotoConsent; error: null; notFound: false } | { photo: null; error: string | null; notFound: boolean };

export async function getPhotoConsent(request: Request, staff: Staff, name: string): Promise<PhotoRead> {
  if (!isPhotoName(name)) return { photo: null, error: null, notFound: true };
  try {
    const { body } = await staffCall<Raw>(request, staff, photoPath(name));
    const photo = toPhotoConsent(body);
    return photo ? { photo, error: null, notFound: false } : { photo: null, error: staff.at("consent.fetchFailed"), notFound: false };
  } catch (error) {
    if (!(error instanceof AdminCmsError)) throw error;
    if (error.status === 404) return { photo: null, error: null, notFound: true };
    return { photo: null, error: error.messageOr("consent.fetchFailed", staff.at), notFound: false };
  }
}

/** The CMS answers at most this many photos per call. */
const BATCH_SIZE = 50;

/** Many photos' consent, by name (unknown names left out); null when the CMS could not say. */
export async function photosConsent(request: Request, staff: Staff, names: string[]): Promise<Map<string, PhotoConsent> | null> {
  const wanted = [...new Set(names.filter(isPhotoName))];
  const found = new Map<string, PhotoConsent>();
  try {
    for (let start = 0; start < wanted.length; start += BATCH_SIZE) {
      const query = new URLSearchParams({ names: wanted.slice(start, start + BATCH_SIZE).join(",") });
      const { body } = await staffCall<{ photos?: unknown[] }>(request, staff, `/api/consent/photos?${query}`);
      for (const raw of body.photos ?? []) {
        const photo = toPhotoConsent(raw);
        if (photo) found.set(photo.name, photo);
      }
    }
    return found;
  } catch (error) {
    if (error instanceof AdminCmsError) return null;
    throw error;
  }
}

/** The photos whose consent is due for review or has expired, soonest first; null when the CMS could not say. */
export async function consentToReview(request: Request, staff: Staff): Promise<PhotoConsent[] | null> {
  try {
    const { body } = await staffCall<{ photos?: unknown[] }>(request, staff, "/api/consent/review");
    return (body.photos ?? []).flatMap((raw) => toPhotoConsent(raw) ?? []);
  } catch (error) {
    if (error instanceof AdminCmsError) return null;
    throw error;
  }
}

export type ConsentWrite<T> = { ok: true; value: T } | { ok: false; status: number; message: string; errors: FieldErrors };

function refusal(error: AdminCmsError, staff: Staff, fallback: "consent.saveFailed" | "consent.withdrawFailed"): ConsentWrite<never> {
  if (error.status === 404) return { ok: false, status: 404, message: staff.at("contract.photoNotFound"), errors: {} };
  const status = error.status === 0 ? 503 : error.status >= 500 ? 502 : error.status;
  return { ok: false, status, message: error.messageOr(fallback, staff.at), errors: error.fieldErrors(staff.at) ?? {} };
}

/** Records a photo's consent (`PUT`): the photo as it is now, or the CMS's refusal by field. */
export async function saveConsent(
  request: Request,
  staff: Staff,
  name: string,
  input: Partial<ConsentInput>,
): Promise<ConsentWrite<PhotoConsent>> {
  try {
    const { body } = await staffCall<Raw>(request, staff, photoPath(name), { method: "PUT", body: input, timeoutMs: 30_000 });
    const photo = toPhotoConsent(body);
    if (!photo) return { ok: false, status: 502, message: staff.at("consent.saveFailed"), errors: {} };
    return { ok: true, value: photo };
  } catch (error) {
    if (error instanceof AdminCmsError) return refusal(error, staff, "consent.saveFailed");
    throw error;
  }
}

/** A Manager withdraws a photo's consent: the photo as it is now and the entries that were unpublished. */
export async function withdrawConsent(
  request: Request,
  staff: Staff,
  name: string,
): Promise<ConsentWrite<{ photo: PhotoConsent; unpublished: PhotoUse[] }>> {
  try {
    // Unpublishing every post that shows the photo may take a moment.
    const { body } = await staffCall<Raw>(request, staff, `${photoPath(name)}/withdraw`, { method: "POST", timeoutMs: 60_000 });
    const photo = toPhotoConsent(body);
    if (!photo) return { ok: false, status: 502, message: staff.at("consent.withdrawFailed"), errors: {} };
    return { ok: true, value: { photo, unpublished: toUses(body.unpublished) } };
  } catch (error) {
    if (error instanceof AdminCmsError) return refusal(error, staff, "consent.withdrawFailed");
    throw error;
  }
}
