import type { Context } from 'koa';
import type { ContractDefinition, Entry } from './definitions';
import { staffName } from './editors';
import { ContractError } from './errors';
import type { FieldErrors } from './validation';
import {
  DEFAULT_POST_STATUS,
  DEFAULT_STAFF_POST_STATUS,
  isPostStatus,
  POST_STATUS_MESSAGE,
  postStatusOf,
  SECOND_APPROVAL_MESSAGE,
  STAFF_CANNOT_PUBLISH_MESSAGE,
  type PostStatus,
} from './shared/post-status';

/**
 * Who may put a post in front of visitors: Staff write and submit, a Manager publishes. Every
 * change of a post's status is recorded (who, what, when) for Managers to read per post.
 */

const EVENT_UID = 'api::publication-event.publication-event';

/** The staff account behind a contract write. */
export interface Writer {
  id: number | null;
  name: string;
  manager: boolean;
}

type SignedInUser = { id?: number; email?: string | null; displayName?: string | null; role?: { type?: string } | null };

export const writerOf = (ctx: Context): Writer => {
  const user = ctx.state?.user as SignedInUser | undefined;
  return {
    id: typeof user?.id === 'number' ? user.id : null,
    name: user ? staffName({ email: user.email ?? null, displayName: user.displayName ?? null }) : '',
    manager: user?.role?.type === 'manager',
  };
};

export const secondApprovalRequired = (): boolean => strapi.config.get('safeguarding.requireSecondApproval') === true;

/** Whether this account publishes its own work with no one else's approval (a Manager, unless a second approval is required). */
export const publishesOwnWork = (role: string | null | undefined): boolean => role === 'manager' && !secondApprovalRequired();

/** The status a save asks for, or the writer's default: a Manager's save publishes, a Staff save is submitted. */
export function requestedStatus(body: Record<string, unknown>, writer: Writer, errors: FieldErrors): PostStatus {
  if (body.status === undefined || body.status === '') return writer.manager ? DEFAULT_POST_STATUS : DEFAULT_STAFF_POST_STATUS;
  if (isPostStatus(body.status)) return body.status;
  errors.status = [POST_STATUS_MESSAGE];
  return DEFAULT_STAFF_POST_STATUS;
}

/**
 * 403 for a publish this writer may not make: Staff never publish; with a second approval required,
 * a Manager publishes only a post that a known other person submitted, exactly as it was submitted
 * (`changes`: whether the save also changes the post's text or files; the Manager submits those
 * for review instead). `stored`: the post before this save (none for a new one).
 */
export function refuseUnapprovedPublish(status: PostStatus, writer: Writer, stored: Entry | null, changes = false) {
  if (status !== 'published') return;
  if (!writer.manager) throw new ContractError(403, STAFF_CANNOT_PUBLISH_MESSAGE, { status: [STAFF_CANNOT_PUBLISH_MESSAGE] });
  if (!secondApprovalRequired()) return;
  // A post with no recorded editor (a console edit, a removed account) has no second person to show.
  const submitter = stored?.editedById === null || stored?.editedById === undefined ? null : Number(stored.editedById);
  const submittedBySomeoneElse =
    stored !== null && postStatusOf(stored.publication) === 'submitted' && submitter !== null && submitter !== writer.id;
  if (!submittedBySomeoneElse || changes) throw new ContractError(403, SECOND_APPROVAL_MESSAGE, { status: [SECOND_APPROVAL_MESSAGE] });
}

/** Whether a save's attributes or files would change the stored entry (beyond its status). */
export function changesEntry(attributes: Record<string, unknown>, stored: Entry, newFiles: number): boolean {
  if (newFiles > 0) return true;
  return Object.entries(attributes).some(([name, value]) => name !== 'publication' && (value ?? null) !== (stored[name] ?? null));
}

/**
 * The status a translation's save leaves the post in: a published post's new text goes public only
 * from someone who may publish it, so a Staff edit (or any edit, with a second approval required)
 * sends it back to review.
 */
export function statusAfterTranslation(stored: Entry, writer: Writer): PostStatus | null {
  if (postStatusOf(stored.publication) !== 'published') return null;
  return writer.manager && !secondApprovalRequired() ? null : 'submitted';
}

export type PublicationAction = 'submitted' | 'approved' | 'published' | 'unpublished' | 'returned';
/** What the record holds: changes of status, and the consent of a photo recorded or withdrawn (on the photo and on each entry showing it). */
export type RecordedAction = PublicationAction | 'withdrawn' | 'consented';

/** What a change of status is called in the record; none when the status stays. */
export function actionOf(before: PostStatus | null, after: PostStatus): PublicationAction | null {
  if (before === after) return null;
  if (after === 'submitted') return 'submitted';
  if (after === 'published') return before === 'submitted' ? 'approved' : 'published';
  if (before === 'published') return 'unpublished';
  // Back to a draft from review, or a new post saved as a draft (not recorded: nothing was asked of anyone).
  return before === 'submitted' ? 'returned' : null;
}

/** Records a change of a post's status; a failure to record is logged, never undoes the save. */
export async function recordStatusChange(def: ContractDefinition, entry: Entry, before: PostStatus | null, writer: Writer) {
  const action = actionOf(before, postStatusOf(entry.publication));
  if (!action) return;
  try {
    const title = typeof entry.title === 'string' ? entry.title : null;
    await recordEvent({ kind: def.path, entryId: Number(entry.id), action, title }, writer);
  } catch (error) {
    strapi.log.error(`[review] could not record ${action} of ${def.path} ${entry.id}: ${(error as Error).stack ?? error}`);
  }
}

/**
 * One line of the record: `kind` is a contract path (`blog`) with the entry's id, or `photo` with
 * the stored file's id; `photo` names the photo a consent line is about; `details`, what was recorded.
 */
export async function recordEvent(
  event: {
    kind: string;
    entryId: number;
    action: RecordedAction;
    title?: string | null;
    photo?: string;
    details?: Record<string, unknown>;
  },
  writer: Writer,
) {
  await strapi.db.query(EVENT_UID).create({
    data: {
      kind: event.kind,
      entryId: event.entryId,
      action: event.action,
      byId: writer.id,
      byName: writer.name.slice(0, 200),
      title: event.title?.slice(0, 300) ?? null,
      photo: event.photo?.slice(0, 255) ?? null,
      details: event.details ?? null,
    },
  });
}

export interface PublicationEvent {
  action: RecordedAction;
  by: string;
  at: string;
  /** The photo a consent line is about (its stored name). */
  photo?: string;
  /** What a consent line recorded. */
  details?: Record<string, unknown>;
}

/** An entry's (or a photo's) record, newest first. */
export async function eventsOf(kind: string, entryId: number): Promise<PublicationEvent[]> {
  const rows = (await strapi.db.query(EVENT_UID).findMany({
    where: { kind, entryId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    limit: 200,
  })) as { action: RecordedAction; byName: string | null; createdAt: string | Date; photo: string | null; details: unknown }[];
  return rows.map((row) => ({
    action: row.action,
    by: row.byName ?? '',
    at: row.createdAt instanceof Date ? row.createdAt.toISOString() : new Date(row.createdAt).toISOString(),
    ...(row.photo ? { photo: row.photo } : {}),
    ...(row.details && typeof row.details === 'object' ? { details: row.details as Record<string, unknown> } : {}),
  }));
}
