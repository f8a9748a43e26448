import { readFile } from 'fs/promises';
import path from 'path';
import { storeChildNames, storedChildNames } from '../consent/child-names';
import { CONSENT_UID, consentRowsOf, recordOf, today, type ConsentRow } from '../consent/photos';
import { forgetWithheldPhotos } from '../consent/withheld';
import { childNamesProblem, parseChildNames } from '../contract/shared/child-names';
import { consentProblems, type ConsentInput } from '../contract/shared/consent-rules';
import { parseYaml, toYaml, type Problem } from './files';
import { SAFE_NAME, SAFEGUARDING_DIR } from './kinds';
import { folderMessages } from './messages';
import type { StoredFile } from './stored';

/**
 * The staff-only part of a content folder, in `safeguarding/`: the consent on record for its photos
 * (`consent.yaml`, by the photo's name in media/) and the children's full names (`child-names.txt`,
 * one per line). A folder without them leaves what the database has; a folder with them replaces it
 * for the photos and the list they name. Never published: the public pages read neither.
 */
export const CONSENT_FILE = `${SAFEGUARDING_DIR}/consent.yaml`;
export const CHILD_NAMES_FILE = `${SAFEGUARDING_DIR}/child-names.txt`;

/** A consent record as the file holds it (snake_case, as the folder's other fields). */
export interface FolderConsent {
  showsChildren: boolean;
  givenBy: ConsentInput['givenBy'];
  givenOn: string | null;
  website: boolean;
  socialMedia: boolean;
  reviewOn: string | null;
  note: string | null;
  recordedBy: string | null;
  withdrawnAt: string | null;
  withdrawnBy: string | null;
}

export interface Safeguarding {
  /** By the photo's file name in media/; null: the folder has no consent.yaml. */
  consent: Map<string, FolderConsent> | null;
  /** Null: the folder has no child-names.txt. */
  childNames: string[] | null;
}

const FIELDS = {
  shows_children: 'showsChildren',
  given_by: 'givenBy',
  given_on: 'givenOn',
  website: 'website',
  social_media: 'socialMedia',
  review_on: 'reviewOn',
  note: 'note',
  recorded_by: 'recordedBy',
  withdrawn_at: 'withdrawnAt',
  withdrawn_by: 'withdrawnBy',
} as const satisfies Record<string, keyof FolderConsent>;
const FIELD_OF = Object.fromEntries(Object.entries(FIELDS).map(([file, key]) => [key, file])) as Record<keyof FolderConsent, string>;

const NAME_MAX = 200;

const readOptional = (root: string, file: string) => readFile(path.join(root, file), 'utf8').catch(() => null);

/** Reads `safeguarding/`, checking each record with the consent form's rules and messages. */
export async function readSafeguarding(root: string, problems: Problem[]): Promise<Safeguarding> {
  const names = await readOptional(root, CHILD_NAMES_FILE);
  let childNames: string[] | null = null;
  if (names !== null) {
    childNames = parseChildNames(names);
    const problem = childNamesProblem(childNames);
    if (problem) problems.push({ file: CHILD_NAMES_FILE, message: problem });
  }

  const text = await readOptional(root, CONSENT_FILE);
  if (text === null) return { consent: null, childNames };
  const fields = parseYaml(text, CONSENT_FILE, problems);
  if (!fields) return { consent: null, childNames };
  const consent = new Map<string, FolderConsent>();
  for (const [name, value] of Object.entries(fields)) {
    const record = consentOf(name, value, problems);
    if (record) consent.set(name, record);
  }
  return { consent, childNames };
}

function consentOf(name: string, value: unknown, problems: Problem[]): FolderConsent | null {
  const problem = (field: string | undefined, message: string) =>
    problems.push({ file: CONSENT_FILE, field: field ? `${name}.${field}` : name, message });
  if (!SAFE_NAME.test(name)) problem(undefined, folderMessages.badName);
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    problem(undefined, folderMessages.notMapping);
    return null;
  }
  const raw: Record<string, unknown> = {};
  for (const [field, given] of Object.entries(value)) {
    if (field in FIELDS) raw[FIELDS[field as keyof typeof FIELDS]] = given;
    else problem(field, folderMessages.unknownField(field));
  }
  const count = problems.length;
  for (const key of ['showsChildren', 'website', 'socialMedia'] as const) {
    if (raw[key] !== undefined && raw[key] !== null && typeof raw[key] !== 'boolean') problem(FIELD_OF[key], folderMessages.notTrueFalse);
  }
  for (const key of ['givenOn', 'reviewOn', 'note', 'recordedBy', 'withdrawnAt', 'withdrawnBy'] as const) {
    if (raw[key] !== undefined && raw[key] !== null && typeof raw[key] !== 'string') problem(FIELD_OF[key], folderMessages.notText);
  }
  for (const key of ['recordedBy', 'withdrawnBy'] as const) {
    if (typeof raw[key] === 'string' && (raw[key] as string).length > NAME_MAX) problem(FIELD_OF[key], folderMessages.tooLong(NAME_MAX));
  }
  const withdrawnAt = typeof raw.withdrawnAt === 'string' ? raw.withdrawnAt : null;
  if (withdrawnAt !== null && Number.isNaN(Date.parse(withdrawnAt))) problem('withdrawn_at', folderMessages.invalidTimestamp);
  // A withdrawn consent is kept as it was; any other is checked as the consent form checks it.
  if (withdrawnAt === null) {
    for (const [key, message] of Object.entries(consentProblems(raw, today()))) problem(FIELD_OF[key as keyof FolderConsent], message);
  }
  if (problems.length > count) return null;
  const optional = (key: keyof FolderConsent) => (raw[key] as string | undefined) ?? null;
  return {
    showsChildren: raw.showsChildren === true,
    givenBy: (raw.givenBy as FolderConsent['givenBy']) ?? null,
    givenOn: optional('givenOn'),
    website: raw.website === true,
    socialMedia: raw.socialMedia === true,
    reviewOn: optional('reviewOn'),
    note: optional('note'),
    recordedBy: optional('recordedBy'),
    withdrawnAt: withdrawnAt && new Date(withdrawnAt).toISOString(),
    withdrawnBy: optional('withdrawnBy'),
  };
}

/** A record names a photo of the folder that an entry or a page uses. */
export function checkSafeguarding(safeguarding: Safeguarding, usedMedia: ReadonlySet<string>, problems: Problem[]) {
  for (const name of safeguarding.consent?.keys() ?? []) {
    if (!usedMedia.has(name)) problems.push({ file: CONSENT_FILE, field: name, message: folderMessages.consentForUnusedMedia(name) });
  }
}

/** The files of `safeguarding/` for the exported photos (by their names in media/), and the names list. */
export async function safeguardingFiles(media: ReadonlyMap<string, StoredFile>): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  const nameOfFile = new Map([...media].map(([name, file]) => [file.id, name]));
  const rows = await consentRowsOf([...nameOfFile.keys()]);
  if (rows.size > 0) {
    const records = [...rows.values()]
      .map((row) => [nameOfFile.get(row.fileId)!, writtenConsent(row)] as const)
      .sort(([a], [b]) => a.localeCompare(b));
    files[CONSENT_FILE] = toYaml(Object.fromEntries(records));
  }
  const names = await storedChildNames();
  if (names && names.names.length > 0) files[CHILD_NAMES_FILE] = `${names.names.join('\n')}\n`;
  return files;
}

function writtenConsent(row: ConsentRow): Record<string, unknown> {
  const record = recordOf(row)!;
  const values: Record<string, unknown> = {
    shows_children: record.showsChildren,
    given_by: record.givenBy,
    given_on: record.givenOn,
    website: record.website,
    social_media: record.socialMedia,
    review_on: record.reviewOn,
    note: record.note,
    recorded_by: row.recordedByName,
    withdrawn_at: record.withdrawnAt,
    withdrawn_by: row.withdrawnByName,
  };
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null && value !== undefined));
}

/**
 * Stores the folder's records against the stored files its photos became (`fileIdOf`), and its
 * names list. A record the database already has in the same words is left as it is.
 */
export async function applySafeguarding(safeguarding: Safeguarding, fileIdOf: (name: string) => Promise<number | null>) {
  let changed = 0;
  if (safeguarding.consent) {
    for (const [name, record] of safeguarding.consent) {
      const fileId = await fileIdOf(name);
      if (fileId === null) continue;
      const data = {
        showsChildren: record.showsChildren,
        givenBy: record.givenBy ?? null,
        givenOn: record.givenOn,
        website: record.website,
        socialMedia: record.socialMedia,
        reviewOn: record.reviewOn,
        note: record.note,
        recordedByName: record.recordedBy,
        withdrawnAt: record.withdrawnAt,
        withdrawnByName: record.withdrawnBy,
      };
      const stored = (await consentRowsOf([fileId])).get(fileId) ?? null;
      // A withdrawal is final: a folder made before it (or edited) cannot bring the photo back.
      if (stored?.withdrawnAt) continue;
      if (stored && JSON.stringify(writtenConsent(stored)) === JSON.stringify(writtenConsent({ ...stored, ...data }))) continue;
      if (stored) await strapi.db.query(CONSENT_UID).update({ where: { id: stored.id }, data });
      else await strapi.db.query(CONSENT_UID).create({ data: { fileId, ...data } });
      changed += 1;
    }
    if (changed > 0) forgetWithheldPhotos();
  }
  if (safeguarding.childNames) {
    const stored = await storedChildNames();
    if (JSON.stringify(stored?.names ?? []) !== JSON.stringify(safeguarding.childNames))
      await storeChildNames(safeguarding.childNames, null);
  }
}
