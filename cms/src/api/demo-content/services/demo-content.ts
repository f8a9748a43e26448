import path from 'path';
import { readFolder } from '../../../content-folder/files';
import { importFolder } from '../../../content-folder/import';
import { collectionKinds } from '../../../content-folder/kinds';
import { removeIfUnused } from '../../../stored-files';
import { fingerprint, readStoredEntries, type StoredEntry } from '../../../content-folder/stored';
import { checkFolder } from '../../../content-folder/validate';

/**
 * The demo content's life: it arrives once, into a brand-new database, and leaves when staff ask.
 *
 * - The first boot of a database without content imports `cms/demo-content/` (the same import as
 *   `npm run content:import`) and writes a first-run marker to Strapi's store; later boots do
 *   nothing, so entries staff deleted never come back. `SEED_DEMO_CONTENT` decides (default: on,
 *   off when NODE_ENV=production).
 * - Each demo entry is recorded with a fingerprint of what it was made of (texts in both languages,
 *   date, files). An entry whose fingerprint no longer matches was edited by staff and is theirs:
 *   it is neither counted nor removed.
 * Collection entries only (team, gallery, blog): the fixed pages are the site itself, edited in
 * place, never removed.
 */
const STORE = { type: 'core', name: 'demo-content' } as const;
const FIRST_RUN = 'first-run';
const ENTRIES = 'entries';

interface DemoEntry {
  uid: string;
  documentId: string;
  fingerprint: string;
}

const store = () => strapi.store(STORE);
const registered = async () => ((await store().get({ key: ENTRIES })) ?? []) as DemoEntry[];

export const demoFolder = () => path.join(strapi.dirs.app.root, 'demo-content');

async function hasContent() {
  const uids = Object.keys(strapi.contentTypes).filter((uid) => uid.startsWith('api::'));
  for (const uid of uids) if ((await strapi.db.query(uid as never).count({})) > 0) return true;
  return false;
}

/** Collection entries as stored, by documentId: all of them, or those of `only` (uid -> documentIds). */
async function storedEntries(only?: Map<string, string[]>) {
  const entries = new Map<string, StoredEntry>();
  for (const kind of collectionKinds) {
    for (const entry of await readStoredEntries(kind, only && (only.get(kind.def.uid) ?? []))) entries.set(entry.documentId, entry);
  }
  return entries;
}

/** The recorded demo entries that still exist as they were seeded (reads those entries only). */
async function untouched() {
  const recorded = await registered();
  const byKind = new Map<string, string[]>();
  for (const demo of recorded) byKind.set(demo.uid, [...(byKind.get(demo.uid) ?? []), demo.documentId]);
  const stored = await storedEntries(byKind);
  return recorded.flatMap((demo) => {
    const entry = stored.get(demo.documentId);
    return entry && entry.record.kind.def.uid === demo.uid && fingerprint(entry.record) === demo.fingerprint ? [{ demo, entry }] : [];
  });
}

const record = async (documentIds: Set<string>) => {
  const stored = await storedEntries();
  const entries: DemoEntry[] = [...documentIds].flatMap((documentId) => {
    const entry = stored.get(documentId);
    return entry ? [{ uid: entry.record.kind.def.uid, documentId, fingerprint: fingerprint(entry.record) }] : [];
  });
  await store().set({ key: ENTRIES, value: entries });
  return entries;
};

/**
 * A database from before the first-run marker may hold the demo entries of an older seed: those
 * whose texts in both languages are the demo folder's are recorded as demo (their files and dates
 * were made differently, so only texts are compared).
 */
async function recordEarlierDemoEntries() {
  const demo = await checkFolder(await readFolder(demoFolder()));
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  // An optional text left empty is no text: the folder's check gives it as '', the database as nothing.
  const sorted = (value?: Record<string, string>) =>
    value &&
    Object.fromEntries(
      Object.entries(value)
        .filter(([, text]) => text !== '')
        .sort(),
    );
  const found = new Set<string>();
  for (const entry of (await storedEntries()).values()) {
    const match = demo.entries.some(
      (candidate) =>
        candidate.kind === entry.record.kind &&
        same(sorted(candidate.text), sorted(entry.record.text)) &&
        same(sorted(candidate.ne), sorted(entry.record.ne)),
    );
    if (match) found.add(entry.documentId);
  }
  if (found.size > 0) await record(found);
}

export default () => ({
  /** At every boot; does anything only at a database's first boot. */
  async seedOnce() {
    if (await store().get({ key: FIRST_RUN })) return;
    if (await hasContent()) {
      await recordEarlierDemoEntries();
      await store().set({ key: FIRST_RUN, value: { at: new Date().toISOString(), demo: false } });
      return;
    }
    // Left unmarked: a database nobody has written to stays brand new until something is in it.
    if (!strapi.config.get('content.seedDemo')) return;
    const report = await importFolder(demoFolder());
    if (!report.applied) {
      const problems = report.problems.map((problem) => `${problem.file} ${problem.field ?? ''}: ${problem.message}`);
      throw new Error(`The demo content folder ${demoFolder()} has problems:\n${problems.join('\n')}`);
    }
    const entries = await record(new Set(report.entries.map((entry) => entry.documentId!)));
    await store().set({ key: FIRST_RUN, value: { at: new Date().toISOString(), demo: true } });
    strapi.log.info(`[demo] seeded ${entries.length} demo entries and ${report.pages.length} pages into the new database`);
  },

  /** How many demo entries the site still shows, untouched by staff. */
  async count() {
    return (await untouched()).length;
  },

  /** Deletes the untouched demo entries in every language, with their files; forgets the rest (staff's now). */
  async remove() {
    const entries = await untouched();
    const files: number[] = [];
    await strapi.db.transaction(async () => {
      for (const { demo, entry } of entries) {
        await strapi.documents(demo.uid as never).delete({ documentId: demo.documentId, locale: '*' } as never);
        files.push(...entry.files.map((file) => file.id));
      }
      await store().set({ key: ENTRIES, value: [] });
    });
    for (const file of files) await removeIfUnused(file);
    if (entries.length > 0) strapi.log.info(`[demo] removed ${entries.length} demo entries`);
    return entries.length;
  },
});
