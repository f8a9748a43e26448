import type { Context } from 'koa';
import { lastEdit } from '../../../contract/editors';
import { ContractError, refuseInvalid, reply, replyWithError, type FieldErrors } from '../../../contract/errors';
import { localeMessages, requestedLocale } from '../../../contract/locale';
import {
  MAX_HERO_SLIDES,
  PAGE_NAMES,
  PAGE_TYPES,
  pageTextFields,
  pageTextProblem,
  pageTextRule,
  slideField,
  type PageName,
} from '../../../contract/shared/page-text-rules';
import { digestOf, refuseUnlessCurrent, setVersionHeader, whileLocked } from '../../../contract/versions';

/**
 * GET/PUT /api/page-texts/{home|objectives|organization}: the pages' texts for the staff admin,
 * read and written through Strapi's document service on the same single types the console edits,
 * so both work on the same rows, the editor middleware records "last edited by" and the edit
 * announcement tells the web to drop its copies. Each language's form has its own version (a
 * digest of what it writes); a write naming another one in If-Match is refused with 409.
 * The slides' photos, the cards and the lists stay with the console.
 */

type Row = Record<string, unknown> & { id: number; documentId: string };
type Slide = { id: number; heading?: string | null; text?: string | null; imageAlt?: string | null; image?: { id: number } | null };
type FormLocale = 'en' | 'ne';
const LOCALES: FormLocale[] = ['en', 'ne'];

const messages = {
  unknownPage: 'There is no such page: use one of home, objectives, organization.',
  notSeeded: 'This page does not exist yet: start the CMS once so it loads it.',
  notAnObject: 'Send the texts as a JSON object.',
  unknownField: 'This field cannot be changed here.',
} as const;

const pageOf = (ctx: Context): PageName => {
  const page = ctx.params.page as string;
  if (!(PAGE_NAMES as string[]).includes(page)) throw new ContractError(404, messages.unknownPage);
  return page as PageName;
};

const read = async (page: PageName, locale: FormLocale) =>
  (await strapi.documents(PAGE_TYPES[page] as never).findFirst({
    locale,
    populate: page === 'home' ? { heroSlides: { populate: ['image'] } } : undefined,
  } as never)) as Row | null;

const slidesOf = (row: Row | null): Slide[] => ((row?.heroSlides as Slide[] | undefined) ?? []).slice(0, MAX_HERO_SLIDES);

/** One language's form: its fields as text (null when empty), or null when the language has no version. */
function formValues(page: PageName, row: Row | null): Record<string, string | null> | null {
  if (!row) return null;
  const slides = slidesOf(row);
  const values: Record<string, string | null> = {};
  slides.forEach((slide, index) => {
    values[slideField(index, 'heading')] = slide.heading || null;
    values[slideField(index, 'text')] = slide.text || null;
  });
  for (const field of pageTextFields(page, 0)) values[field] = typeof row[field] === 'string' && row[field] ? (row[field] as string) : null;
  return values;
}

const versionOfForm = (page: PageName, locale: FormLocale, row: Row | null) => {
  const values = formValues(page, row);
  return digestOf(locale, values ? pageTextFields(page, slidesOf(row).length).map((field) => values[field]) : []);
};

async function answer(page: PageName) {
  const [english, nepali] = await Promise.all(LOCALES.map((locale) => read(page, locale)));
  if (!english) throw new ContractError(404, messages.notSeeded);
  return {
    page,
    en: formValues(page, english),
    ne: formValues(page, nepali),
    ...lastEdit(english),
    versions: { en: versionOfForm(page, 'en', english), ne: versionOfForm(page, 'ne', nepali) },
  };
}

const run = (action: (ctx: Context) => Promise<void>) => async (ctx: Context) => {
  try {
    await action(ctx);
  } catch (error) {
    if (error instanceof ContractError) return replyWithError(ctx, error);
    strapi.log.error(`[page-texts] ${(error as Error).stack ?? error}`);
    reply(ctx, 500, { message: 'Something went wrong' });
  }
};

export default {
  /** GET /api/page-texts/{page} -> {page, en: {...}, ne: {...} | null, updated_by, updated_at, versions: {en, ne}} */
  find: run(async (ctx) => {
    reply(ctx, 200, await answer(pageOf(ctx)));
  }),

  /**
   * PUT /api/page-texts/{page}?locale=en|ne {welcomeHeading, slide1Heading, ...} (If-Match: that
   * form's version) -> the texts as GET answers them. The slides that language has are written
   * (their photos stay); a Nepali version that does not exist yet is made from the English one.
   */
  update: run(async (ctx) => {
    const page = pageOf(ctx);
    const locale = requestedLocale(ctx.query) as FormLocale | null;
    if (!locale) throw new ContractError(400, localeMessages.unknown, { locale: [localeMessages.unknown] });
    const body: unknown = ctx.request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ContractError(400, messages.notAnObject);
    const values = body as Record<string, unknown>;
    const english = await read(page, 'en');
    if (!english) throw new ContractError(404, messages.notSeeded);
    const written = (await read(page, locale)) ?? english;
    const slides = slidesOf(written);
    const fields = pageTextFields(page, slides.length);
    const errors: FieldErrors = {};
    for (const key of Object.keys(values)) if (!fields.includes(key)) errors[key] = [messages.unknownField];
    for (const field of fields) {
      const problem = pageTextProblem(pageTextRule(page, field)!, values[field]);
      if (problem) errors[field] = [problem];
    }
    refuseInvalid(errors);
    const text = (field: string) => String(values[field] ?? '').trim() || null;
    await whileLocked({ uid: PAGE_TYPES[page] }, english.id, async () => {
      const stored = await read(page, locale);
      refuseUnlessCurrent(ctx, {
        version: versionOfForm(page, locale, stored),
        english: (locale === 'en' ? stored : await read(page, 'en')) ?? english,
        answer: () => formValues(page, stored) ?? {},
      });
      const data: Record<string, unknown> = Object.fromEntries(pageTextFields(page, 0).map((field) => [field, text(field)]));
      if (page === 'home') {
        // Each slide keeps its photo and its description; a new Nepali version starts from the English photos.
        data.heroSlides = slidesOf(stored ?? english).map((slide, index) => ({
          ...(stored ? { id: slide.id } : {}),
          heading: text(slideField(index, 'heading')),
          text: text(slideField(index, 'text')),
          imageAlt: slide.imageAlt ?? null,
          image: slide.image?.id ?? null,
        }));
      }
      await strapi.documents(PAGE_TYPES[page] as never).update({ documentId: english.documentId, locale, data } as never);
    });
    const result = await answer(page);
    setVersionHeader(ctx, result.versions[locale]);
    reply(ctx, 200, result);
  }),
};
