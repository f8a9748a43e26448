import { errors } from '@strapi/utils';

/**
 * The site's languages (ADR 005), ensured in code at every boot like the permissions:
 * English (`en`, the default: ids and URLs are the English rows') and Nepali (`ne`).
 */
export const DEFAULT_LOCALE = 'en';
export const LOCALES = [
  { code: 'en', name: 'English (en)' },
  { code: 'ne', name: 'Nepali (ne)' },
] as const;
export type LocaleCode = (typeof LOCALES)[number]['code'];

export const isLocaleCode = (value: unknown): value is LocaleCode => LOCALES.some((locale) => locale.code === value);

export const UNKNOWN_LOCALE_MESSAGE = 'Unknown locale. Use en (English, the default) or ne (Nepali).';

interface LocalesService {
  findByCode(code: string): Promise<{ id: number } | null>;
  create(locale: { code: string; name: string }): Promise<unknown>;
  getDefaultLocale(): Promise<string | undefined>;
  setDefaultLocale(locale: { code: string }): Promise<unknown>;
}

const localesService = () => strapi.plugin('i18n').service('locales') as LocalesService;

/** Every content type that is localised (blog, team, galleries, the four single types). */
export const localizedUids = () =>
  Object.values(strapi.contentTypes)
    .filter((type) => type.uid.startsWith('api::') && (type.pluginOptions as { i18n?: { localized?: boolean } })?.i18n?.localized)
    .map((type) => type.uid as string);

export async function ensureLocales() {
  const service = localesService();
  for (const locale of LOCALES) {
    if (!(await service.findByCode(locale.code))) await service.create(locale);
    // Two processes booting together on a new database may both create it: keep the first row.
    // (Straight to the table: the locales service's delete would delete that locale's content.)
    const rows = (await strapi.db.query('plugin::i18n.locale').findMany({
      where: { code: locale.code },
      orderBy: { id: 'asc' },
      select: ['id'],
    })) as { id: number }[];
    if (rows.length > 1) {
      await strapi.db.query('plugin::i18n.locale').deleteMany({ where: { id: { $in: rows.slice(1).map((row) => row.id) } } });
    }
  }
  if ((await service.getDefaultLocale()) !== DEFAULT_LOCALE) await service.setDefaultLocale({ code: DEFAULT_LOCALE });

  // Strapi's own migration gives rows without a locale the default one when a type becomes
  // localised; this repeats it for rows it could not reach (say an import of an older export), so
  // no English entry ever disappears from the site. Cheap: one UPDATE per type, usually of nothing.
  for (const uid of localizedUids()) {
    await strapi.db.query(uid as never).updateMany({ where: { locale: null }, data: { locale: DEFAULT_LOCALE } });
  }
}

const WRITE_ACTIONS = new Set(['create', 'update', 'delete', 'clone', 'publish', 'unpublish', 'discardDraft']);

/**
 * Every write of localised content, whatever the path (the REST contract, Strapi's own REST,
 * GraphQL, the console), is refused for a language the site does not have: Strapi would store an
 * entry in any locale it is given (`POST /api/blogs?locale=fr`). `*` (all languages) stays allowed.
 */
export function refuseUnknownLocales() {
  strapi.documents.use(async (context, next) => {
    const locale = (context.params as { locale?: unknown } | undefined)?.locale;
    if (WRITE_ACTIONS.has(context.action) && locale !== undefined && locale !== '*' && localizedUids().includes(context.uid)) {
      const asked = Array.isArray(locale) ? locale : [locale];
      if (!asked.every(isLocaleCode)) throw new errors.ValidationError(UNKNOWN_LOCALE_MESSAGE);
    }
    return next();
  });
}
