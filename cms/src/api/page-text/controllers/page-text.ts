import type { Context } from 'koa';
import { checkUpload } from '../../../contract/actions';
import type { MediaFile } from '../../../contract/definitions';
import { lastEdit } from '../../../contract/editors';
import { ContractError, refuseInvalid, reply, replyWithError, type FieldErrors } from '../../../contract/errors';
import { fileUrlFor, incomingFile, removeFiles, storeUpload } from '../../../contract/files';
import { localeMessages, requestedLocale } from '../../../contract/locale';
import {
  LIST_SHAPES,
  listItemFields,
  MAX_HERO_SLIDES,
  PAGE_LISTS,
  PAGE_NAMES,
  pageListProblems,
  pageListSpec,
  PAGE_TYPES,
  pageTextFields,
  pageTextProblem,
  pageTextRule,
  slideField,
  SLIDE_PHOTO_FIELD,
  SLIDE_PHOTO_RULES,
  type ListShape,
  type PageName,
} from '../../../contract/shared/page-text-rules';
import { digestOf, refuseUnlessCurrent, setVersionHeader, whileLocked } from '../../../contract/versions';

/**
 * GET/PUT /api/page-texts/{home|objectives|organization}: the pages' texts for the staff admin,
 * read and written through Strapi's document service on the same single types the console edits,
 * so both work on the same rows, the editor middleware records "last edited by" and the edit
 * announcement tells the web to drop its copies. Each language's form has its own version (a
 * digest of what it writes); a write naming another one in If-Match is refused with 409.
 * Each hero slide's photo and its text alternative have a form of their own
 * (PUT /api/page-texts/home/slides/{n}, multipart), whose photo goes through the contract's file
 * checks and storage like any kind's. Each card list and text list of a page has a form of its
 * own per language (PUT /api/page-texts/{page}/lists/{list}), with its own version.
 */

type Row = Record<string, unknown> & { id: number; documentId: string };
type Slide = { id: number; heading?: string | null; text?: string | null; imageAlt?: string | null; image?: MediaFile | null };
type FormLocale = 'en' | 'ne';
const LOCALES: FormLocale[] = ['en', 'ne'];

const messages = {
  unknownPage: 'There is no such page: use one of home, objectives, organization.',
  notSeeded: 'This page does not exist yet: start the CMS once so it loads it.',
  notAnObject: 'Send the texts as a JSON object.',
  unknownField: 'This field cannot be changed here.',
  unknownSlide: 'There is no such slide on the home page.',
  unknownList: 'This page has no such list.',
  noNepali: 'This page has no Nepali version yet: save its Nepali texts first.',
} as const;

const pageOf = (ctx: Context): PageName => {
  const page = ctx.params.page as string;
  if (!(PAGE_NAMES as string[]).includes(page)) throw new ContractError(404, messages.unknownPage);
  return page as PageName;
};

/** What each list's items keep that their form does not write (a benefit card's picture), populated. */
const listPopulate = (shape: ListShape) => (shape === 'benefitCard' ? { populate: ['image', 'items'] } : true);

const read = async (page: PageName, locale: FormLocale) =>
  (await strapi.documents(PAGE_TYPES[page] as never).findFirst({
    locale,
    populate: {
      ...(page === 'home' ? { heroSlides: { populate: ['image'] } } : {}),
      ...Object.fromEntries(Object.entries(PAGE_LISTS[page]).map(([name, spec]) => [name, listPopulate(spec.shape)])),
    },
  } as never)) as Row | null;

type ListItem = Record<string, unknown> & { id: number };

/** A list's items as its form edits them: each field as text (a benefit card's points one per line), with its id. */
function listValues(shape: ListShape, row: Row | null, name: string): Record<string, string | number>[] {
  return ((row?.[name] as ListItem[] | undefined) ?? []).map((item) => ({
    id: item.id,
    ...Object.fromEntries(
      listItemFields(shape).map((field) => {
        const value = item[field];
        if (shape === 'benefitCard' && field === 'items')
          return [field, ((value as { text?: string | null }[] | undefined) ?? []).map((point) => point.text ?? '').join('\n')];
        return [field, value === null || value === undefined ? '' : String(value)];
      }),
    ),
  }));
}

const listsOf = (page: PageName, row: Row | null) =>
  row ? Object.fromEntries(Object.entries(PAGE_LISTS[page]).map(([name, spec]) => [name, listValues(spec.shape, row, name)])) : null;

/** A list's version in one language: a digest of what its form writes. */
const versionOfList = (page: PageName, locale: FormLocale, name: string, row: Row | null) =>
  digestOf(locale, [
    'list',
    name,
    ...listValues(pageListSpec(page, name)!.shape, row, name).map(({ id: _id, ...values }) => JSON.stringify(values)),
  ]);

const listVersionsOf = (page: PageName, locale: FormLocale, row: Row | null) =>
  row ? Object.fromEntries(Object.keys(PAGE_LISTS[page]).map((name) => [name, versionOfList(page, locale, name, row)])) : null;

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

/**
 * Each hero slide's photo form: the photo as stored (shared by both languages unless the console
 * gave the Nepali slide another) and its text alternative in each language, with its own version.
 */
function slidePhotos(english: Row, nepali: Row | null) {
  const nepaliSlides = slidesOf(nepali);
  return slidesOf(english).map((slide, index) => {
    const other = nepali ? (nepaliSlides[index] ?? null) : null;
    return {
      imageUrl: fileUrlFor(slide.image),
      imageAlt: slide.imageAlt || null,
      imageAltNe: other?.imageAlt || null,
      hasNepali: Boolean(other),
      version: digestOf('en', [
        'slide-photo',
        index,
        slide.image?.id ?? null,
        slide.imageAlt ?? null,
        other?.image?.id ?? null,
        other?.imageAlt ?? null,
      ]),
    };
  });
}

async function answer(page: PageName) {
  const [english, nepali] = await Promise.all(LOCALES.map((locale) => read(page, locale)));
  if (!english) throw new ContractError(404, messages.notSeeded);
  return {
    page,
    en: formValues(page, english),
    ne: formValues(page, nepali),
    ...(page === 'home' ? { slidePhotos: slidePhotos(english, nepali) } : {}),
    lists: { en: listsOf(page, english), ne: listsOf(page, nepali) },
    ...lastEdit(english),
    versions: { en: versionOfForm(page, 'en', english), ne: versionOfForm(page, 'ne', nepali) },
    listVersions: { en: listVersionsOf(page, 'en', english), ne: listVersionsOf(page, 'ne', nepali) },
  };
}

/** The slides a language version writes back: all as stored, one of them with `change` applied. */
const slidesWith = (row: Row, index: number, change: Partial<{ image: number; imageAlt: string | null }>) =>
  slidesOf(row).map((slide, position) => ({
    id: slide.id,
    heading: slide.heading ?? null,
    text: slide.text ?? null,
    imageAlt: slide.imageAlt ?? null,
    image: slide.image?.id ?? null,
    ...(position === index ? change : {}),
  }));

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

  /**
   * PUT /api/page-texts/home/slides/{n} (multipart: image?, imageAlt, imageAltNe; If-Match: the
   * slide photo's version) -> the texts as GET answers them. The photo is checked (type by its
   * bytes, size and pixel limits) and stored without its metadata like any kind's; both language
   * versions of the slide show it, and the photo it replaces is removed once nothing uses it.
   */
  updateSlidePhoto: run(async (ctx) => {
    const index = Number(ctx.params.slide) - 1;
    if (!/^[1-9]$/.test(String(ctx.params.slide)) || index >= MAX_HERO_SLIDES) throw new ContractError(404, messages.unknownSlide);
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const errors: FieldErrors = {};
    for (const key of Object.keys(body)) if (!Object.hasOwn(SLIDE_PHOTO_RULES, key)) errors[key] = [messages.unknownField];
    for (const [field, rule] of Object.entries(SLIDE_PHOTO_RULES)) {
      const problem = pageTextProblem(rule, body[field]);
      if (problem) errors[field] = [problem];
    }
    const upload = incomingFile(ctx, SLIDE_PHOTO_FIELD);
    const sniffed = upload ? await checkUpload(SLIDE_PHOTO_FIELD, 'image', upload, errors) : null;
    refuseInvalid(errors);
    const english = await read('home', 'en');
    if (!english) throw new ContractError(404, messages.notSeeded);
    if (index >= slidesOf(english).length) throw new ContractError(404, messages.unknownSlide);
    const alt = String(body.imageAlt ?? '').trim();
    const altNe = String(body.imageAltNe ?? '').trim() || null;
    const current = async () => {
      const [en, ne] = await Promise.all(LOCALES.map((locale) => read('home', locale)));
      const photos = slidePhotos(en ?? english, ne);
      return { en: en ?? english, ne, version: photos[index]!.version, answer: () => photos[index]! };
    };
    // Checked before the photo is stored (a stale save costs no upload), and again under the lock.
    const before = await current();
    refuseUnlessCurrent(ctx, { version: before.version, english, answer: before.answer });
    const stored =
      upload && sniffed ? await storeUpload(SLIDE_PHOTO_FIELD, upload, sniffed, { label: `hero-slide-${index + 1}`, alt }) : null;
    let replaced: (MediaFile | null | undefined)[] = [];
    try {
      replaced = await whileLocked({ uid: PAGE_TYPES.home }, english.id, async () => {
        const now = await current();
        refuseUnlessCurrent(ctx, { version: now.version, english: now.en, answer: now.answer });
        const photo = stored ? { image: stored.id } : {};
        const documents = strapi.documents(PAGE_TYPES.home as never);
        const documentId = english.documentId;
        await documents.update({
          documentId,
          locale: 'en',
          data: { heroSlides: slidesWith(now.en, index, { ...photo, imageAlt: alt }) },
        } as never);
        const nepaliSlide = now.ne ? slidesOf(now.ne)[index] : undefined;
        if (now.ne && nepaliSlide) {
          await documents.update({
            documentId,
            locale: 'ne',
            data: { heroSlides: slidesWith(now.ne, index, { ...photo, imageAlt: altNe }) },
          } as never);
        }
        return [slidesOf(now.en)[index]?.image, nepaliSlide?.image];
      });
    } catch (error) {
      if (stored) await removeFiles([stored]); // a refused or failed save leaves no orphan photo
      throw error;
    }
    // Old photos go only once both language versions point at the new one.
    if (stored)
      await removeFiles([
        ...new Map(replaced.filter((file) => file?.id && file.id !== stored.id).map((file) => [file!.id, file])).values(),
      ]);
    const result = await answer('home');
    setVersionHeader(ctx, result.slidePhotos![index]!.version);
    reply(ctx, 200, result);
  }),
  /**
   * PUT /api/page-texts/{page}/lists/{list}?locale=en|ne {items: [{id?, title, description}, ...]}
   * (If-Match: that list's version in that language) -> the texts as GET answers them. The list
   * becomes the items sent, in their order: an item naming the id it has keeps what its form does
   * not write (a benefit card's picture), one without is added, one left out is removed.
   */
  updateList: run(async (ctx) => {
    const page = pageOf(ctx);
    const name = String(ctx.params.list);
    const spec = pageListSpec(page, name);
    if (!spec) throw new ContractError(404, messages.unknownList);
    const locale = requestedLocale(ctx.query) as FormLocale | null;
    if (!locale) throw new ContractError(400, localeMessages.unknown, { locale: [localeMessages.unknown] });
    const body: unknown = ctx.request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ContractError(400, messages.notAnObject);
    const errors: FieldErrors = {};
    for (const key of Object.keys(body)) if (key !== 'items') errors[key] = [messages.unknownField];
    const items = (body as { items?: unknown }).items;
    Object.assign(errors, pageListProblems(spec, items));
    if (Array.isArray(items)) {
      items.forEach((item: unknown, index) => {
        const keys = item && typeof item === 'object' ? Object.keys(item) : [];
        for (const key of keys)
          if (key !== 'id' && !Object.hasOwn(LIST_SHAPES[spec.shape], key)) errors[`items.${index}.${key}`] = [messages.unknownField];
      });
    }
    refuseInvalid(errors);
    const english = await read(page, 'en');
    if (!english) throw new ContractError(404, messages.notSeeded);
    await whileLocked({ uid: PAGE_TYPES[page] }, english.id, async () => {
      const stored = await read(page, locale);
      if (!stored) throw new ContractError(400, messages.noNepali, { locale: [messages.noNepali] });
      refuseUnlessCurrent(ctx, {
        version: versionOfList(page, locale, name, stored),
        english: (locale === 'en' ? stored : await read(page, 'en')) ?? english,
        answer: () => ({ items: listValues(spec.shape, stored, name) }),
      });
      const kept = new Map(((stored[name] as ListItem[] | undefined) ?? []).map((item) => [item.id, item]));
      const text = (value: unknown) => String(value ?? '').trim() || null;
      const data = (items as Record<string, unknown>[]).map((item) => {
        const before = kept.get(Number(item.id));
        const values: Record<string, unknown> = before ? { id: before.id } : {};
        for (const field of listItemFields(spec.shape)) {
          if (spec.shape === 'benefitCard' && field === 'items') {
            values.items = String(item.items ?? '')
              .split('\n')
              .map((line) => line.trim())
              .filter(Boolean)
              .map((point) => ({ text: point }));
          } else if (spec.shape === 'historyCard' && field === 'yearBs')
            values.yearBs = text(item.yearBs) === null ? null : Number(item.yearBs);
          else values[field] = text(item[field]);
        }
        if (spec.shape === 'benefitCard') {
          // The picture stays with the console: a kept card keeps its own.
          values.image = (before?.image as MediaFile | null | undefined)?.id ?? null;
          values.alt = before?.alt ?? null;
        }
        return values;
      });
      await strapi.documents(PAGE_TYPES[page] as never).update({ documentId: english.documentId, locale, data: { [name]: data } } as never);
    });
    const result = await answer(page);
    setVersionHeader(ctx, result.listVersions[locale]![name]!);
    reply(ctx, 200, result);
  }),
};
