import type { Context } from 'koa';
import { DEFAULT_LOCALE, type LocaleCode } from '../bootstrap/locales';
import { mediaFieldsOf, serializeEntry, type ContractDefinition, type Entry, type MediaFile } from './definitions';
import { lastEdit } from './editors';
import { ContractError, reply, replyWithError } from './errors';
import { fileUrlFor, incomingFile, removeFiles, storeFiles, type IncomingFile } from './files';
import type { SniffedType } from './file-type';
import { localeMessages, localizedAttributes, localizedTextFields, requestedLocale, translationValues, withTranslation } from './locale';
import { serverMessages } from './messages';
import { changesEntry, recordStatusChange, refuseUnapprovedPublish, requestedStatus, statusAfterTranslation, writerOf } from './review';
import { isPostStatus, isPublicPost, POST_STATUS_MESSAGE, postStatusOf } from './shared/post-status';
import { refusePhotosWithoutConsent, storedBodies } from '../consent/publish-check';
import { withheldPhotos } from '../consent/withheld';
import { refuseStaleWrite, setVersionHeader, versionOf, whileLocked } from './versions';
import { checkFile, textAttributes, validateDate, validateListQuery, validateText, type FieldErrors } from './validation';

const NONE_WITHHELD: ReadonlySet<number> = new Set();

export const parseId = (raw: unknown): number => {
  if (typeof raw !== 'string' || !/^[1-9]\d{0,9}$/.test(raw)) {
    throw new ContractError(400, serverMessages.invalidId, { id: [serverMessages.invalidId] });
  }
  return Number(raw);
};

/** The contract's file check: 413 at once for a file over the limit, otherwise a field error. */
export async function checkUpload(
  field: string,
  kind: 'image' | 'video',
  file: IncomingFile,
  errors: FieldErrors,
): Promise<SniffedType | null> {
  const { sniffed, problem } = await checkFile(kind, file);
  if (problem?.tooLarge) throw new ContractError(413, problem.message, { [field]: [problem.message] });
  if (problem) errors[field] = [problem.message];
  return problem ? null : sniffed;
}

const documents = (def: ContractDefinition) =>
  strapi.documents(def.uid as never) as unknown as {
    findMany: (params: object) => Promise<Entry[]>;
    findFirst: (params: object) => Promise<Entry | null>;
    count: (params: object) => Promise<number>;
    create: (params: object) => Promise<Entry>;
    update: (params: object) => Promise<Entry>;
    delete: (params: object) => Promise<unknown>;
  };

/** An entry by its number: the English row's id (every language version has its own row and id). */
const findById = (def: ContractDefinition, id: number, visible: Record<string, unknown> = {}) =>
  documents(def).findFirst({
    locale: DEFAULT_LOCALE,
    filters: { $and: [{ id }, visible] },
    populate: [...mediaFieldsOf(def), ...(def.privateFiles ?? [])],
  });

/**
 * The filters of what this reader may see: everything for staff (a good bearer token), the kind's
 * public part for everyone else (the reads need no token).
 */
async function visibleTo(ctx: Context, def: ContractDefinition): Promise<Record<string, unknown>> {
  // An entry that is its photo or video (a gallery item) goes with it when its consent is withdrawn.
  const hidden = (await withheldPhotos()).hiddenItems.get(def.uid) ?? [];
  const shown = hidden.length > 0 ? { documentId: { $notIn: hidden } } : null;
  const publicPart = def.publicFilters && shown ? { $and: [def.publicFilters, shown] } : (def.publicFilters ?? shown);
  if (!publicPart) return {};
  return (await isStaffReader(ctx)) ? {} : publicPart;
}

/** Whether the request carries a good staff bearer token (the reads need none). */
async function isStaffReader(ctx: Context): Promise<boolean> {
  if (!ctx.get('authorization')) return false;
  try {
    const claims = (await strapi.plugin('users-permissions').service('jwt').getToken(ctx)) as { id?: unknown } | null;
    return Boolean(claims?.id);
  } catch {
    return false;
  }
}

/**
 * Staff's `?status=submitted` (or draft, published) of a kind with drafts: the entries in that
 * state, such as the posts waiting for a Manager. Anyone else sees published entries only.
 */
function statusFilter(def: ContractDefinition, status: unknown, visible: Record<string, unknown>) {
  if (!def.drafts || status === undefined || status === '') return {};
  if (!isPostStatus(status)) throw new ContractError(400, POST_STATUS_MESSAGE, { status: [POST_STATUS_MESSAGE] });
  if (Object.keys(visible).length > 0) return status === 'published' ? {} : { id: { $null: true } };
  return status === 'published' ? (def.publicFilters ?? {}) : { publication: status };
}

/** The request's `?locale` (en when absent); 400 for a language the site does not have. */
const localeOf = (ctx: Context): LocaleCode => {
  const locale = requestedLocale(ctx.query as Record<string, unknown>);
  if (!locale) throw new ContractError(400, localeMessages.unknown, { locale: [localeMessages.unknown] });
  return locale;
};

/** The `locale` versions of these English entries, by documentId: one query for a whole page. */
async function translationsOf(def: ContractDefinition, entries: Entry[], locale: LocaleCode) {
  if (entries.length === 0) return new Map<string, Entry>();
  const rows = await documents(def).findMany({
    locale,
    filters: { documentId: { $in: entries.map((entry) => entry.documentId) } },
    fields: localizedAttributes(def),
    limit: entries.length,
  });
  return new Map(rows.map((row) => [row.documentId, row]));
}

/** `?page`, `?pageSize` and `?q` of a list, or a 400 that says which is wrong and why. */
export const listParams = (query: Record<string, unknown>) => {
  const { errors, params } = validateListQuery(query, strapi.config.get('api.rest.maxLimit', 100) as number);
  const firstError = Object.values(errors)[0]?.[0];
  if (firstError) throw new ContractError(400, firstError, errors);
  return params;
};

/**
 * English entries one of whose searched fields (title or name, and the text: content, description,
 * bio) contains `q`, in English or in any other language version: `localizations` joins the
 * entry's other versions by documentId once, so it is one SQL query (and one count) whatever the
 * number of fields or matches. Case is ignored, `%` and `_` match themselves.
 * On SQLite a plain LIKE already ignores the case of ASCII letters, the only ones its LOWER()
 * folds: the same matches as `$containsi` (LOWER(column) LIKE LOWER(?)), without lowering every
 * text of every row first, which was two thirds of a search's time over 10,000 posts.
 */
const searchFilters = (def: ContractDefinition, q: string | undefined) => {
  if (!q) return {};
  const operator = (strapi.db.dialect as { client?: string }).client === 'sqlite' ? '$contains' : '$containsi';
  const contains = def.searchFields.map((field) => ({ [field]: { [operator]: q } }));
  return { filters: { $or: [...contains, { localizations: { $or: contains } }] } };
};

/** Runs an action; expected failures become {message, errors}, unexpected ones the spec's fallback message. */
const handle =
  (failureMessage: (def: ContractDefinition) => string, def: ContractDefinition, action: (ctx: Context) => Promise<void>) =>
  async (ctx: Context) => {
    try {
      await action(ctx);
    } catch (error) {
      if (error instanceof ContractError) {
        replyWithError(ctx, error);
        return;
      }
      strapi.log.error(`[contract] ${def.uid}: ${(error as Error).stack ?? error}`);
      reply(ctx, 500, { message: failureMessage(def) });
    }
  };

async function validateRequest(def: ContractDefinition, ctx: Context, mode: 'create' | 'update') {
  const body = (ctx.request.body ?? {}) as Record<string, unknown>;
  const { errors, values } = validateText(def.textFields, body);
  const date = validateDate(def, body, errors);
  const file = incomingFile(ctx, def.fileField);
  let sniffed: SniffedType | null = null;
  if (file) sniffed = await checkUpload(def.fileField, def.fileKind, file, errors);
  else if (mode === 'create' && def.fileRequiredMessage) errors[def.fileField] = [def.fileRequiredMessage];
  const images: { field: string; file: IncomingFile; sniffed: SniffedType }[] = [];
  for (const field of def.optionalImageFields ?? []) {
    const image = incomingFile(ctx, field);
    const imageType = image ? await checkUpload(field, 'image', image, errors) : null;
    if (image && imageType) images.push({ field, file: image, sniffed: imageType });
  }

  // A kind with drafts: `draft` and `submitted` keep the entry from visitors, `published` shows it.
  const publication = def.drafts ? requestedStatus(body, writerOf(ctx), errors) : undefined;
  const firstError = Object.values(errors)[0]?.[0];
  if (firstError) throw new ContractError(400, firstError, errors);

  const attributes: Record<string, unknown> = textAttributes(def.textFields, body, values, mode);
  if (publication) attributes.publication = publication;
  if (date && def.dateField) attributes[def.dateField.attribute] = date;
  return { values, attributes, publication, file: file && sniffed ? { file, sniffed } : undefined, images };
}

export function createContractActions(def: ContractDefinition) {
  /**
   * `locale`: the language the text fields are in. A kind with drafts says which an entry is
   * (anonymous readers are only ever given published ones).
   */
  const serialize = (entry: Entry, locale: LocaleCode = DEFAULT_LOCALE, withheld: ReadonlySet<number> = NONE_WITHHELD) => ({
    // A photo whose consent was withdrawn is linked from no answer (and /uploads does not serve it).
    ...serializeEntry(def, entry, (file) => (file && withheld.has(file.id) ? null : fileUrlFor(file))),
    ...(locale === DEFAULT_LOCALE ? {} : translationValues(def, entry)),
    ...lastEdit(entry),
    ...(def.drafts ? { status: postStatusOf(entry.publication) } : {}),
    locale,
  });
  /** An English entry in `locale`, or in English (saying so) when it has no version there. */
  const present = (english: Entry, translation: Entry | undefined, locale: LocaleCode, withheld?: ReadonlySet<number>) =>
    translation ? serialize(withTranslation(def, english, translation), locale, withheld) : serialize(english, DEFAULT_LOCALE, withheld);

  /** The English entry and its `locale` version as stored now (the English one again for `en`). */
  const storedVersions = async (id: number, locale: LocaleCode) => {
    const english = await findById(def, id);
    if (!english) throw new ContractError(404, serverMessages.notFound);
    const version = locale === DEFAULT_LOCALE ? english : (await translationsOf(def, [english], locale)).get(english.documentId);
    return { english, version, locale, answer: () => present(english, version, locale) };
  };

  /** PUT ?locale=ne: creates or updates that version's text; files and shared fields stay the English entry's. */
  const updateTranslation = async (ctx: Context, existing: Entry, locale: LocaleCode) => {
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const textFields = localizedTextFields(def);
    const { errors, values } = validateText(textFields, body);
    const firstError = Object.values(errors)[0]?.[0];
    if (firstError) throw new ContractError(400, firstError, errors);
    const data = textAttributes(textFields, body, values, 'update');
    const writer = writerOf(ctx);
    let resubmitted = false;
    const saved = await whileLocked(def, existing.id, async () => {
      const stored = await storedVersions(existing.id, locale);
      refuseStaleWrite(ctx, def, stored);
      // New text of a published post goes to a Manager first when its writer may not publish it.
      if (def.drafts && statusAfterTranslation(stored.english, writer) === 'submitted') {
        await documents(def).update({ documentId: existing.documentId, locale: DEFAULT_LOCALE, data: { publication: 'submitted' } });
        resubmitted = true;
      } else if (def.drafts && def.markdownField && isPublicPost(stored.english.publication)) {
        // The new text goes straight to visitors: its photos need their consent like the rest of the post's.
        const field = def.markdownField;
        const others = await storedBodies(def.uid, field, existing.documentId, [locale]);
        const files = mediaFieldsOf(def).map((name) => (stored.english[name] as MediaFile | null)?.url);
        await refusePhotosWithoutConsent(files, [data[field] ?? stored.version?.[field], ...others]);
      }
      // Strapi creates the version when the document has none in this locale, copying the shared fields.
      const written = await documents(def).update({ documentId: existing.documentId, locale, data });
      if (!stored.version && existing.createdAt) {
        // A version carries its entry's date, so lists sorted by date agree in every language.
        await strapi.db.query(def.uid as never).update({ where: { id: written.id }, data: { createdAt: existing.createdAt } });
      }
      return written;
    });
    // Who edited it last is shared by every version: the English entry's, changed by this edit.
    const edited = (await findById(def, existing.id)) ?? existing;
    if (resubmitted) await recordStatusChange(def, edited, 'published', writer);
    setVersionHeader(ctx, versionOf(def, saved, locale));
    reply(ctx, 200, serialize(withTranslation(def, edited, saved), locale));
  };

  return {
    contractFind: handle(
      (d) => d.failure.list,
      def,
      async (ctx) => {
        const locale = localeOf(ctx);
        const { start, limit, q } = listParams(ctx.query);
        const visible = await visibleTo(ctx, def);
        const { filters } = searchFilters(def, q) as { filters?: Record<string, unknown> };
        const wanted = [filters, visible, statusFilter(def, ctx.query.status, visible)].filter(
          (filter) => filter && Object.keys(filter).length > 0,
        );
        const search = wanted.length ? { filters: { $and: wanted } } : {};
        // The English entries decide order, count and ids in every language.
        const [entries, count] = await Promise.all([
          documents(def).findMany({ locale: DEFAULT_LOCALE, ...search, populate: mediaFieldsOf(def), sort: def.sort, start, limit }),
          documents(def).count({ locale: DEFAULT_LOCALE, ...search }),
        ]);
        const translations = locale === DEFAULT_LOCALE ? new Map<string, Entry>() : await translationsOf(def, entries, locale);
        const { fileIds } = await withheldPhotos();
        reply(ctx, 200, { count, results: entries.map((entry) => present(entry, translations.get(entry.documentId), locale, fileIds)) });
      },
    ),

    contractFindOne: handle(
      (d) => d.failure.one,
      def,
      async (ctx) => {
        const locale = localeOf(ctx);
        const entry = await findById(def, parseId(ctx.params.id), await visibleTo(ctx, def));
        if (!entry) throw new ContractError(404, serverMessages.notFound);
        const translation = locale === DEFAULT_LOCALE ? undefined : (await translationsOf(def, [entry], locale)).get(entry.documentId);
        setVersionHeader(ctx, versionOf(def, locale === DEFAULT_LOCALE ? entry : translation, locale));
        reply(ctx, 200, present(entry, translation, locale, (await withheldPhotos()).fileIds));
      },
    ),

    contractCreate: handle(
      (d) => d.failure.create,
      def,
      async (ctx) => {
        if (localeOf(ctx) !== DEFAULT_LOCALE) {
          throw new ContractError(400, localeMessages.createEnglishFirst, { locale: [localeMessages.createEnglishFirst] });
        }
        const validated = await validateRequest(def, ctx, 'create');
        const writer = writerOf(ctx);
        if (validated.publication) refuseUnapprovedPublish(validated.publication, writer, null);
        if (validated.publication === 'published') {
          await refusePhotosWithoutConsent([], def.markdownField ? [validated.attributes[def.markdownField]] : []);
        }
        const { attributes } = validated;
        // A kind's calendar day left out is today (a new team member joins today).
        if (def.dateField && !attributes[def.dateField.attribute])
          attributes[def.dateField.attribute] = new Date().toISOString().slice(0, 10);
        const stored = await storeFiles(def, validated);
        try {
          const entry = await documents(def).create({
            locale: DEFAULT_LOCALE,
            data: { ...attributes, ...stored.attributes },
            populate: mediaFieldsOf(def),
          });
          if (def.drafts) await recordStatusChange(def, entry, null, writer);
          setVersionHeader(ctx, versionOf(def, entry, DEFAULT_LOCALE));
          reply(ctx, 201, serialize(entry));
        } catch (error) {
          await removeFiles(stored.files.map((entry) => entry.file)); // a failed create leaves no orphan file
          throw error;
        }
      },
    ),

    contractUpdate: handle(
      (d) => d.failure.update,
      def,
      async (ctx) => {
        const locale = localeOf(ctx);
        const id = parseId(ctx.params.id);
        const existing = await findById(def, id);
        if (!existing) throw new ContractError(404, serverMessages.notFound);
        if (locale !== DEFAULT_LOCALE) return updateTranslation(ctx, existing, locale);
        const validated = await validateRequest(def, ctx, 'update');
        const writer = writerOf(ctx);
        // Checked before the files are stored (a stale save or a refused publish costs no upload), and again under the lock.
        const newFiles = (validated.file ? 1 : 0) + validated.images.length;
        if (validated.publication) {
          refuseUnapprovedPublish(validated.publication, writer, existing, changesEntry(validated.attributes, existing, newFiles));
        }
        if (validated.publication === 'published') {
          // The entry as it will be: a new file has no consent question answered yet, the other languages' text stays.
          const replacedFields = new Set([...(validated.file ? [def.fileField] : []), ...validated.images.map((image) => image.field)]);
          const files = mediaFieldsOf(def)
            .filter((field) => !replacedFields.has(field))
            .map((field) => (existing[field] as MediaFile | null)?.url);
          const field = def.markdownField;
          const bodies = field
            ? [
                validated.attributes[field] ?? existing[field],
                ...(await storedBodies(def.uid, field, existing.documentId, [DEFAULT_LOCALE])),
              ]
            : [];
          await refusePhotosWithoutConsent(files, bodies);
        }
        refuseStaleWrite(ctx, def, { english: existing, version: existing, locale, answer: () => serialize(existing) });
        const stored = await storeFiles(def, validated);
        let entry: Entry;
        let replaced: Entry;
        try {
          [entry, replaced] = await whileLocked(def, id, async () => {
            const current = await storedVersions(id, locale);
            refuseStaleWrite(ctx, def, current);
            if (validated.publication) {
              const changes = changesEntry(validated.attributes, current.english, newFiles);
              refuseUnapprovedPublish(validated.publication, writer, current.english, changes);
            }
            // Shared fields (files, name, author, dates) reach the other language versions through Strapi's i18n.
            const written = await documents(def).update({
              documentId: existing.documentId,
              locale: DEFAULT_LOCALE,
              data: { ...validated.attributes, ...stored.attributes },
              populate: mediaFieldsOf(def),
            });
            return [written, current.english] as const;
          });
        } catch (error) {
          await removeFiles(stored.files.map((item) => item.file));
          throw error;
        }
        // Old files go only once the entry points at the new ones.
        await removeFiles(stored.files.map((item) => replaced[item.field] as MediaFile | null));
        if (def.drafts) await recordStatusChange(def, entry, postStatusOf(replaced.publication), writer);
        setVersionHeader(ctx, versionOf(def, entry, DEFAULT_LOCALE));
        reply(ctx, 200, serialize(entry));
      },
    ),

    contractDelete: handle(
      (d) => d.failure.remove,
      def,
      async (ctx) => {
        const locale = localeOf(ctx);
        const existing = await findById(def, parseId(ctx.params.id));
        if (!existing) throw new ContractError(404, serverMessages.notFound);
        if (locale !== DEFAULT_LOCALE) {
          // Only that language's text goes; the entry and its files stay.
          if (!(await translationsOf(def, [existing], locale)).has(existing.documentId)) {
            throw new ContractError(404, localeMessages.noTranslation);
          }
          await documents(def).delete({ documentId: existing.documentId, locale });
          ctx.status = 204;
          ctx.body = null;
          return;
        }
        // Without a locale (or en) the entry goes in every language, then its files.
        await documents(def).delete({ documentId: existing.documentId, locale: '*' });
        await removeFiles([...mediaFieldsOf(def), ...(def.privateFiles ?? [])].map((field) => existing[field] as MediaFile | null));
        ctx.status = 204;
        ctx.body = null;
      },
    ),
  };
}

/** The spec's REST routes for one kind, beside Strapi's own plural routes. */
export function contractRoutes(def: ContractDefinition) {
  const handler = (action: string) => `${def.uid}.${action}`;
  return {
    type: 'content-api' as const,
    routes: [
      { method: 'GET' as const, path: `/${def.path}`, handler: handler('contractFind'), config: { auth: false } },
      { method: 'GET' as const, path: `/${def.path}/:id`, handler: handler('contractFindOne'), config: { auth: false } },
      { method: 'POST' as const, path: `/${def.path}`, handler: handler('contractCreate') },
      { method: 'PUT' as const, path: `/${def.path}/:id`, handler: handler('contractUpdate') },
      { method: 'DELETE' as const, path: `/${def.path}/:id`, handler: handler('contractDelete') },
    ],
  };
}
