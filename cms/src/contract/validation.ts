import { uploadLimits } from '../../config/limits';
import type { ContractDefinition, TextField } from './definitions';
import { sniffFile, type SniffedType } from './file-type';
import { checkImage, checkImageHeader } from './image-check';
import { EMAIL_PATTERN, fieldMessages, serverMessages } from './messages';
import { RULE_MESSAGES } from './shared/rules';

/**
 * The rules of the /api contract's forms, apart from HTTP: the REST actions and the content
 * folder import (`npm run content:import`) both check with these, so a file is refused for
 * exactly the reasons, and with exactly the messages, a form post would be.
 */
export type FieldErrors = Record<string, string[]>;

const textOf = (body: Record<string, unknown>, field: string): string => {
  const value = body[field];
  return typeof value === 'string' ? value.trim() : '';
};

/** Required fields, e-mail format and length limits; values come back trimmed. */
export function validateText(textFields: TextField[], body: Record<string, unknown>) {
  const errors: FieldErrors = {};
  const values: Record<string, string> = {};
  for (const rule of textFields) {
    const value = textOf(body, rule.field);
    values[rule.field] = value;
    const add = (message: string) => (errors[rule.field] ??= []).push(message);
    if (!value) {
      if (rule.requiredMessage) add(rule.requiredMessage);
      continue;
    }
    if (rule.email && !EMAIL_PATTERN.test(value)) add(fieldMessages.authorInvalid);
    if (value.length > rule.maxLength && rule.wholeNumberMax === undefined) add(serverMessages.tooLong(rule.label, rule.maxLength));
    if (rule.https && !isHttpsLink(value)) add(RULE_MESSAGES.httpsOnly);
    if (rule.wholeNumberMax !== undefined && !(/^\d{1,7}$/.test(value) && Number(value) <= rule.wholeNumberMax)) {
      add(RULE_MESSAGES.wholeNumber.replace('{label}', rule.label).replace('{max}', String(rule.wholeNumberMax)));
    }
  }
  return { errors, values };
}

/** A link that opens a web page over https (never javascript:, data: or http:). */
export const isHttpsLink = (value: string) => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};

/** A calendar date written YYYY-MM-DD that exists (no 31 February), in a sane range of years. */
export const isCalendarDate = (raw: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  if (year < 1900 || year > 2100) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/** The kind's calendar day (a team member's joined date), when it has one and the request gives it. */
export function validateDate(def: ContractDefinition, body: Record<string, unknown>, errors: FieldErrors) {
  if (!def.dateField) return undefined;
  const { field, attribute } = def.dateField;
  const raw = textOf(body, field) || textOf(body, attribute);
  if (!raw) return undefined;
  if (!isCalendarDate(raw)) errors[field] = [serverMessages.invalidDate];
  return raw;
}

/**
 * What a request's text fields store, the same for every language and method: a required field
 * its value; an optional one its value when sent, null when sent empty, and, when left out,
 * nothing on an update (the stored value stays) and null on a create.
 */
export function textAttributes(
  textFields: TextField[],
  body: Record<string, unknown>,
  values: Record<string, string>,
  mode: 'create' | 'update',
): Record<string, string | number | null> {
  const attributes: Record<string, string | number | null> = {};
  for (const rule of textFields) {
    if (rule.requiredMessage) attributes[rule.attribute] = values[rule.field];
    else if (rule.field in body) attributes[rule.attribute] = values[rule.field] || null;
    else if (mode === 'create') attributes[rule.attribute] = null;
    // Numbers are stored as numbers, so they sort as numbers.
    const stored = attributes[rule.attribute];
    if (rule.wholeNumberMax !== undefined && typeof stored === 'string') attributes[rule.attribute] = Number(stored);
  }
  return attributes;
}

/** The highest page number the contract's lists answer: 100 million entries at the largest page size. */
export const MAX_PAGE = 1_000_000;
/** The longest search the lists take (longer than any title or name: 200 characters). */
export const MAX_SEARCH_LENGTH = 200;

export interface ListParams {
  start: number;
  limit: number;
  /** The trimmed search, or undefined for none. */
  q?: string;
}

/**
 * `?page`, `?pageSize` and `?q` of a list: whole numbers within bounds and one search of at most
 * MAX_SEARCH_LENGTH characters, or the errors that say which and why.
 */
export function validateListQuery(query: Record<string, unknown>, maxPageSize: number): { errors: FieldErrors; params: ListParams } {
  const errors: FieldErrors = {};
  const whole = (name: string, fallback: number, max: number) => {
    const raw = query[name];
    if (raw === undefined || raw === '') return fallback;
    if (typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= max) return Number(raw);
    errors[name] = [serverMessages.wholeNumber(name, max)];
    return fallback;
  };
  const page = whole('page', 1, MAX_PAGE);
  const pageSize = whole('pageSize', maxPageSize, maxPageSize);
  const rawSearch = query.q;
  let q: string | undefined;
  if (typeof rawSearch === 'string') {
    q = rawSearch.trim() || undefined;
    if (q && q.length > MAX_SEARCH_LENGTH) errors.q = [serverMessages.searchTooLong(MAX_SEARCH_LENGTH)];
  } else if (rawSearch !== undefined) {
    // `?q=a&q=b` or `?q[x]=...`: one search only.
    errors.q = [serverMessages.searchNotText];
  }
  return { errors, params: { start: (page - 1) * pageSize, limit: pageSize, ...(q ? { q } : {}) } };
}

export const invalidTypeMessage = (kind: 'image' | 'video') =>
  kind === 'image' ? fieldMessages.invalidImageType : fieldMessages.invalidVideoType;

export interface FileCheck {
  /** What the file really is, when it is of the expected kind. */
  sniffed: SniffedType | null;
  /** Why it is refused; `tooLarge` is answered with HTTP 413 by the REST contract. */
  problem?: { message: string; tooLarge?: boolean };
}

/**
 * Checks a file's real type, size and (for images) its dimensions before anything is stored.
 * `decode`: also decode a picture whole, for files checked before anything is stored (content
 * folders); an upload is decoded once on its way into storage (media/incoming.ts), which refuses
 * corrupt pictures with the same message.
 */
export async function checkFile(
  kind: 'image' | 'video',
  file: { filepath: string; size: number },
  { decode = false }: { decode?: boolean } = {},
): Promise<FileCheck> {
  const maxBytes = kind === 'image' ? uploadLimits.imageMaxBytes : uploadLimits.videoMaxBytes;
  if (file.size > maxBytes) {
    const mb = Math.round(maxBytes / (1024 * 1024));
    const message = kind === 'image' ? serverMessages.imageTooLarge(mb) : serverMessages.videoTooLarge(mb);
    return { sniffed: null, problem: { message, tooLarge: true } };
  }
  const sniffed = await sniffFile(file.filepath);
  if (!sniffed || sniffed.kind !== kind) return { sniffed: null, problem: { message: invalidTypeMessage(kind) } };
  if (sniffed.kind === 'image') {
    // Dimensions from the header (image-check.ts): decompression bombs are refused before any decode.
    const image = await (decode ? checkImage : checkImageHeader)(file.filepath);
    if (image === 'too-many-pixels') return { sniffed, problem: { message: serverMessages.imageTooManyPixels } };
    if (image === 'unreadable') return { sniffed, problem: { message: invalidTypeMessage('image') } };
  }
  return { sniffed };
}
