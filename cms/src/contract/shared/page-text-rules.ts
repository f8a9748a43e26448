/**
 * The rules of the texts of the home, objectives and organization pages (`/api/page-texts`):
 * the hero slides' headings and texts and each page's headings and introductions. Every one is
 * translated (English and Nepali each have their own). The CMS checks every write with them and
 * the admin's form uses the same function, so both answer with the same messages. Plain data and
 * functions, importing nothing outside this folder (the web app imports it as
 * `@contract/page-text-rules`).
 */

export const PAGE_TEXT_MESSAGES = {
  required: '{label} is required',
  tooLong: '{label} must be at most {max} characters.',
  notText: '{label} must be text.',
} as const;

export interface PageTextRule {
  label: string;
  /** Characters. */
  max: number;
  required?: boolean;
  /** A multi-line text. */
  long?: boolean;
}

/** The pages, by the name the contract uses, with the single type each one is. */
export const PAGE_TYPES = {
  home: 'api::home.home',
  objectives: 'api::objective-page.objective-page',
  organization: 'api::organization-page.organization-page',
} as const;
export type PageName = keyof typeof PAGE_TYPES;
export const PAGE_NAMES = Object.keys(PAGE_TYPES) as PageName[];

/** The hero slides (home page only): at most three, each a heading and a text (em, strong, br allowed). */
export const MAX_HERO_SLIDES = 3;
export const HERO_SLIDE_RULES = {
  heading: { label: 'Slide heading', max: 200, required: true, long: true },
  text: { label: 'Slide text', max: 600, required: true, long: true },
} as const satisfies Record<string, PageTextRule>;

/** A slide's field name in the contract and the form: `slide1Heading`, `slide2Text`, ... */
export const slideField = (index: number, part: keyof typeof HERO_SLIDE_RULES) =>
  `slide${index + 1}${part === 'heading' ? 'Heading' : 'Text'}`;

/** Each page's own texts, by their attribute name, in form order. */
export const PAGE_TEXT_RULES = {
  home: {
    welcomeHeading: { label: 'Welcome heading', max: 200, required: true },
    welcomeIntro: { label: 'Welcome text', max: 2000, long: true },
    benefitsHeading: { label: 'What children receive: heading', max: 200, required: true },
    benefitsIntro: { label: 'What children receive: text', max: 2000, long: true },
    participationHeading: { label: 'Taking part: heading', max: 200, required: true },
    participationIntro: { label: 'Taking part: text', max: 2000, long: true },
    admissionHeading: { label: 'Admission: heading', max: 200, required: true },
    admissionIntro: { label: 'Admission: text', max: 2000, long: true },
  },
  objectives: {
    bannerTitle: { label: 'Page title', max: 200, required: true },
    intro: { label: 'Introduction', max: 4000, long: true },
  },
  organization: {
    bannerTitle: { label: 'Page title', max: 200, required: true },
    journeyHeading: { label: 'Our story: heading', max: 200 },
    journey: { label: 'Our story', max: 6000, long: true },
    commitmentsHeading: { label: 'Commitments: heading', max: 200 },
    commitments: { label: 'Commitments', max: 6000, long: true },
    standardsHeading: { label: 'Standards: heading', max: 200 },
    programmesHeading: { label: 'Programmes: heading', max: 200 },
    challengesHeading: { label: 'Challenges: heading', max: 200 },
  },
} as const satisfies Record<PageName, Record<string, PageTextRule>>;

const fill = (message: string, values: Record<string, string | number>) =>
  message.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));

/** The rule of a form field of `page` (`slideNHeading`/`slideNText` on the home page), or null. */
export function pageTextRule(page: PageName, field: string): PageTextRule | null {
  const slide = /^slide([1-9])(Heading|Text)$/.exec(field);
  if (slide) {
    if (page !== 'home' || Number(slide[1]) > MAX_HERO_SLIDES) return null;
    return HERO_SLIDE_RULES[slide[2] === 'Heading' ? 'heading' : 'text'];
  }
  const rules: Record<string, PageTextRule> = PAGE_TEXT_RULES[page];
  return Object.hasOwn(rules, field) ? (rules[field] ?? null) : null;
}

/** The form's fields of `page` with `slides` hero slides, in order. */
export function pageTextFields(page: PageName, slides: number): string[] {
  const slideFields =
    page === 'home'
      ? Array.from({ length: Math.min(slides, MAX_HERO_SLIDES) }, (_, index) => [
          slideField(index, 'heading'),
          slideField(index, 'text'),
        ]).flat()
      : [];
  return [...slideFields, ...Object.keys(PAGE_TEXT_RULES[page])];
}

/** What is wrong with one text (trimmed), or null. */
export function pageTextProblem(rule: PageTextRule, raw: unknown): string | null {
  if (raw !== undefined && raw !== null && typeof raw !== 'string') return fill(PAGE_TEXT_MESSAGES.notText, { label: rule.label });
  const value = (raw ?? '').trim();
  if (!value) return rule.required ? fill(PAGE_TEXT_MESSAGES.required, { label: rule.label }) : null;
  if (value.length > rule.max) return fill(PAGE_TEXT_MESSAGES.tooLong, { label: rule.label, max: rule.max });
  return null;
}

/**
 * A hero slide's photo form (`PUT /api/page-texts/home/slides/{n}`, multipart): the photo, which
 * is optional (left out, the slide keeps its own), and its text alternative in each language.
 * The photo goes through the contract's file checks like any other.
 */
export const SLIDE_PHOTO_FIELD = 'image';
export const SLIDE_PHOTO_RULES = {
  imageAlt: { label: 'Photo description', max: 200, required: true },
  imageAltNe: { label: 'Photo description (Nepali)', max: 200 },
} as const satisfies Record<string, PageTextRule>;
export type SlidePhotoField = keyof typeof SLIDE_PHOTO_RULES;

/**
 * The pages' cards and lists (the repeatable parts of the three single types, hero slides
 * aside): each list's items have one of four shapes, edited as text. A "What children receive"
 * card's points are one text with a point per line; its picture stays with the console. Each
 * language has its own list (a Nepali card is written, not copied). `max` is the single type's own.
 */
export const LIST_SHAPES = {
  titledText: {
    title: { label: 'Title', max: 200, required: true },
    description: { label: 'Text', max: 2000, long: true },
  },
  listItem: {
    text: { label: 'Text', max: 1000, required: true, long: true },
  },
  historyCard: {
    title: { label: 'Title', max: 200, required: true },
    yearBs: { label: 'Year (B.S.)', max: 4, wholeNumber: true },
    text: { label: 'Text', max: 2000, long: true },
  },
  benefitCard: {
    title: { label: 'Title', max: 200, required: true },
    items: { label: 'Points, one per line', max: 3000, long: true },
  },
} as const satisfies Record<string, Record<string, PageTextRule & { wholeNumber?: boolean }>>;
export type ListShape = keyof typeof LIST_SHAPES;

export interface PageListSpec {
  label: string;
  shape: ListShape;
  max: number;
}

export const PAGE_LISTS = {
  home: {
    welcomeCards: { label: 'Welcome cards', shape: 'titledText', max: 3 },
    benefits: { label: 'What children receive: cards', shape: 'benefitCard', max: 9 },
    initiatives: { label: 'Taking part: initiatives', shape: 'titledText', max: 5 },
    admissionListOne: { label: 'Admission: first list', shape: 'listItem', max: 7 },
    admissionListTwo: { label: 'Admission: second list', shape: 'listItem', max: 7 },
  },
  objectives: {
    coreObjectives: { label: 'Core objectives', shape: 'titledText', max: 4 },
    additionalObjectives: { label: 'Additional objectives', shape: 'listItem', max: 5 },
    keyAreas: { label: 'Key areas', shape: 'titledText', max: 3 },
  },
  organization: {
    standards: { label: 'Standards', shape: 'listItem', max: 5 },
    historyCards: { label: 'History cards', shape: 'historyCard', max: 2 },
    programmes: { label: 'Programmes', shape: 'titledText', max: 4 },
    challenges: { label: 'Challenges', shape: 'listItem', max: 4 },
  },
} as const satisfies Record<PageName, Record<string, PageListSpec>>;

export const PAGE_LIST_MESSAGES = {
  notAList: 'Send the items as a list.',
  tooMany: 'This list holds at most {max} items.',
  notWhole: '{label} must be a whole number.',
} as const;

/** The list `name` of `page`, or null. */
export function pageListSpec(page: PageName, name: string): PageListSpec | null {
  const lists: Record<string, PageListSpec> = PAGE_LISTS[page];
  return Object.hasOwn(lists, name) ? (lists[name] ?? null) : null;
}

/** The fields of one item of a list, in form order. */
export const listItemFields = (shape: ListShape) => Object.keys(LIST_SHAPES[shape]);

/** An item field's name in the contract's errors and the form: `items.0.title`. */
export const listItemField = (index: number, field: string) => `items.${index}.${field}`;

/**
 * What is wrong with a list's items (`[{title, description}, ...]`, each field text), by
 * `items` (the list itself) or `items.N.field`; empty when nothing is. An item may carry the
 * `id` it has at the CMS, which is not checked here.
 */
export function pageListProblems(spec: PageListSpec, items: unknown): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!Array.isArray(items)) return { items: [PAGE_LIST_MESSAGES.notAList] };
  if (items.length > spec.max) errors.items = [fill(PAGE_LIST_MESSAGES.tooMany, { max: spec.max })];
  const rules: Record<string, PageTextRule & { wholeNumber?: boolean }> = LIST_SHAPES[spec.shape];
  items.forEach((item: unknown, index) => {
    const values = item && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>) : {};
    for (const [field, rule] of Object.entries(rules)) {
      const problem =
        pageTextProblem(rule, values[field]) ??
        (rule.wholeNumber && String(values[field] ?? '').trim() && !/^\d+$/.test(String(values[field]).trim())
          ? fill(PAGE_LIST_MESSAGES.notWhole, { label: rule.label })
          : null);
      if (problem) errors[listItemField(index, field)] = [problem];
    }
  });
  return errors;
}
