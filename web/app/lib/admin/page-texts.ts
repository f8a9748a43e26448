import { z } from "zod";
import { FIELD_MESSAGES } from "@contract/rules";
import {
  HERO_SLIDE_RULES,
  LIST_SHAPES,
  listItemField,
  listItemFields,
  PAGE_LISTS,
  PAGE_NAMES,
  pageListProblems,
  pageListSpec,
  pageTextFields,
  pageTextProblem,
  pageTextRule,
  SLIDE_PHOTO_FIELD,
  SLIDE_PHOTO_RULES,
  type ListShape,
  type PageListSpec,
  type PageName,
  type PageTextRule,
  type SlidePhotoField,
} from "@contract/page-text-rules";
import type { UploadLimits } from "./kinds";
import type { AdminText, LastEdit } from "./kinds/define";
import { fileTooLargeMessage, isAllowedFile, pickFile } from "./schemas";

/**
 * The page texts form (the hero slides and the texts of the home, objectives and organization
 * pages): one zod schema per page and number of slides, built from the CMS's own rules
 * (`@contract/page-text-rules`), so the browser, the action and the CMS refuse the same values
 * with the same messages. English and Nepali forms have the same fields: every text is translated.
 */

export type PageTextsLocale = "en" | "ne";
export type PageTextsValues = Record<string, string>;
export { PAGE_NAMES, type PageName };

export const isPageName = (value: unknown): value is PageName => typeof value === "string" && (PAGE_NAMES as string[]).includes(value);

/** How each page is named in the admin, and where visitors see it. */
export const PAGES: Record<PageName, { label: AdminText; path: string }> = {
  home: { label: { en: "Home page", ne: "गृहपृष्ठ" }, path: "/" },
  objectives: { label: { en: "Objectives page", ne: "उद्देश्य पृष्ठ" }, path: "/objectives" },
  organization: { label: { en: "Organization page", ne: "संस्था पृष्ठ" }, path: "/organization" },
};

const SLIDE_LABELS: Record<keyof typeof HERO_SLIDE_RULES, AdminText> = {
  heading: { en: "Slide {n}: heading", ne: "स्लाइड {n}: शीर्षक" },
  text: { en: "Slide {n}: text", ne: "स्लाइड {n}: पाठ" },
};

const FIELD_LABELS: Record<string, AdminText> = {
  welcomeHeading: { en: "Welcome heading", ne: "स्वागतको शीर्षक" },
  welcomeIntro: { en: "Welcome text", ne: "स्वागतको पाठ" },
  benefitsHeading: { en: "What children receive: heading", ne: "बालबालिकाले पाउने कुरा: शीर्षक" },
  benefitsIntro: { en: "What children receive: text", ne: "बालबालिकाले पाउने कुरा: पाठ" },
  participationHeading: { en: "Taking part: heading", ne: "सहभागिता: शीर्षक" },
  participationIntro: { en: "Taking part: text", ne: "सहभागिता: पाठ" },
  admissionHeading: { en: "Admission: heading", ne: "भर्ना: शीर्षक" },
  admissionIntro: { en: "Admission: text", ne: "भर्ना: पाठ" },
  bannerTitle: { en: "Page title", ne: "पृष्ठको शीर्षक" },
  intro: { en: "Introduction", ne: "परिचय" },
  journeyHeading: { en: "Our story: heading", ne: "हाम्रो कथा: शीर्षक" },
  journey: { en: "Our story", ne: "हाम्रो कथा" },
  commitmentsHeading: { en: "Commitments: heading", ne: "प्रतिबद्धता: शीर्षक" },
  commitments: { en: "Commitments", ne: "प्रतिबद्धता" },
  standardsHeading: { en: "Standards: heading", ne: "मापदण्ड: शीर्षक" },
  programmesHeading: { en: "Programmes: heading", ne: "कार्यक्रम: शीर्षक" },
  challengesHeading: { en: "Challenges: heading", ne: "चुनौती: शीर्षक" },
};

const toDevanagari = (text: string) => text.replace(/[0-9]/g, (digit) => String.fromCharCode(0x0966 + Number(digit)));

/** A slide's number as the admin's language writes it. */
export const slideNumberLabel = (n: number, locale: PageTextsLocale) => (locale === "ne" ? toDevanagari(String(n)) : String(n));

/** A form field's label in the admin's language. */
export function pageTextLabel(field: string, locale: PageTextsLocale): string {
  const slide = /^slide(\d)(Heading|Text)$/.exec(field);
  if (slide) {
    const n = locale === "ne" ? toDevanagari(slide[1]!) : slide[1]!;
    return SLIDE_LABELS[slide[2] === "Heading" ? "heading" : "text"][locale].replace("{n}", n);
  }
  return FIELD_LABELS[field]?.[locale] ?? field;
}

/** The fields of a page's form, in order, for the slides it has. */
export const pageTextFormFields = (page: PageName, slides: number) => pageTextFields(page, slides);

/** How many hero slides a form's stored values have. */
export const slidesIn = (values: Record<string, unknown> | null | undefined) =>
  Object.keys(values ?? {}).filter((key) => /^slide\dHeading$/.test(key)).length;

/** Whether a field is a multi-line text. */
export const isLongText = (page: PageName, field: string) => Boolean(pageTextRule(page, field)?.long);
export const maxLengthOf = (page: PageName, field: string) => pageTextRule(page, field)?.max;

/** The schema of a page's form with `slides` hero slides. */
export function pageTextsSchema(page: PageName, slides: number) {
  return z.object(
    Object.fromEntries(
      pageTextFields(page, slides).map((field) => [
        field,
        z.string().superRefine((value, context) => {
          const problem = pageTextProblem(pageTextRule(page, field)!, value);
          if (problem) context.addIssue({ code: "custom", message: problem });
        }),
      ]),
    ),
  );
}

/** A page's texts as the CMS answers them, as text for the forms. */
export interface PageTextsForEditing {
  page: PageName;
  en: PageTextsValues;
  ne: PageTextsValues | null;
  lastEdit: LastEdit | null;
  versions: Record<PageTextsLocale, string | null>;
  /** The home page's hero slides' photos, in slide order (none on the other pages). */
  slidePhotos: SlidePhoto[];
  /** The page's cards and lists in each language (Nepali null without a Nepali version). */
  lists: { en: PageLists; ne: PageLists | null };
  /** Each list's version in each language, by list name. */
  listVersions: Record<PageTextsLocale, Record<string, string>>;
}

/**
 * A hero slide's photo form: a new photo (optional: left out, the slide keeps its own) and its
 * text alternative in English and Nepali. The photo goes through the same checks, browser-side
 * resize and resumable upload as the content forms' photos, and the CMS's contract checks it again.
 */
export { SLIDE_PHOTO_FIELD };
export const SLIDE_PHOTO_TEXT_FIELDS = Object.keys(SLIDE_PHOTO_RULES) as SlidePhotoField[];
/** Where the CMS's answer (and its 409's `current`) gives a slide's stored photo. */
export const SLIDE_PHOTO_URL_FIELD = "imageUrl";

export interface SlidePhoto {
  /** The stored photo, as a same-origin /uploads path, or null. */
  imageUrl: string | null;
  imageAlt: string | null;
  imageAltNe: string | null;
  /** Whether the slide has a Nepali version (its description can be written only then). */
  hasNepali: boolean;
  version: string | null;
}

export type SlidePhotoValues = Record<SlidePhotoField, string>;

/** The schema of a slide's photo form; `image` is the chosen file's name, type and size. */
export function slidePhotoSchema(limits: UploadLimits) {
  const text = (field: SlidePhotoField) =>
    z.string().superRefine((value, context) => {
      const problem = pageTextProblem(SLIDE_PHOTO_RULES[field], value);
      if (problem) context.addIssue({ code: "custom", message: problem });
    });
  return z.object({
    imageAlt: text("imageAlt"),
    imageAltNe: text("imageAltNe"),
    [SLIDE_PHOTO_FIELD]: z
      .unknown()
      .transform(pickFile)
      .superRefine((file, context) => {
        if (!file) return;
        if (!isAllowedFile(file, "image")) context.addIssue({ code: "custom", message: FIELD_MESSAGES.invalidImageType });
        else if (file.size > limits.imageMaxBytes) {
          context.addIssue({ code: "custom", message: fileTooLargeMessage("image", limits.imageMaxBytes) });
        }
      }),
  });
}

/** A slide number of the home page's forms (1 to the slides it has), or null. */
export const slideNumberOf = (value: unknown, slides: number): number | null => {
  const n = typeof value === "string" && /^[1-9]$/.test(value) ? Number(value) : NaN;
  return n >= 1 && n <= slides ? n : null;
};

/** A form's values from posted or stored data: every field of the form as text. */
export function pageTextsValues(page: PageName, slides: number, source: Record<string, unknown> | null | undefined): PageTextsValues {
  return Object.fromEntries(
    pageTextFields(page, slides).map((field) => {
      const value = source?.[field];
      return [field, typeof value === "string" ? value : ""];
    }),
  );
}

/**
 * The pages' cards and lists: one form per list and language, whose items are added, changed and
 * removed, checked with the CMS's own rules (`pageListProblems`), so the messages are the same.
 */
export { LIST_SHAPES, PAGE_LISTS, listItemField, listItemFields, pageListSpec, type ListShape, type PageListSpec };

/** One item of a list's form: each field as text, and the id it has at the CMS (none when new). */
export interface PageListItem {
  id: number | null;
  values: Record<string, string>;
}

/** A page's lists in one language, by list name; null when the language has no version. */
export type PageLists = Record<string, PageListItem[]>;

const LIST_LABELS: Record<string, AdminText> = {
  welcomeCards: { en: "Welcome cards", ne: "स्वागतका कार्डहरू" },
  benefits: { en: "What children receive: cards", ne: "बालबालिकाले पाउने कुरा: कार्डहरू" },
  initiatives: { en: "Taking part: initiatives", ne: "सहभागिता: पहलहरू" },
  admissionListOne: { en: "Admission: first list", ne: "भर्ना: पहिलो सूची" },
  admissionListTwo: { en: "Admission: second list", ne: "भर्ना: दोस्रो सूची" },
  coreObjectives: { en: "Core objectives", ne: "मुख्य उद्देश्यहरू" },
  additionalObjectives: { en: "Additional objectives", ne: "थप उद्देश्यहरू" },
  keyAreas: { en: "Key areas", ne: "मुख्य क्षेत्रहरू" },
  standards: { en: "Standards", ne: "मापदण्डहरू" },
  historyCards: { en: "History cards", ne: "इतिहासका कार्डहरू" },
  programmes: { en: "Programmes", ne: "कार्यक्रमहरू" },
  challenges: { en: "Challenges", ne: "चुनौतीहरू" },
};

const ITEM_FIELD_LABELS: Record<string, AdminText> = {
  title: { en: "Title", ne: "शीर्षक" },
  description: { en: "Text", ne: "पाठ" },
  text: { en: "Text", ne: "पाठ" },
  yearBs: { en: "Year (B.S.)", ne: "वर्ष (वि.सं.)" },
  items: { en: "Points, one per line", ne: "बुँदाहरू, प्रत्येक हरफमा एउटा" },
};

/** A list's name in the admin's language. */
export const pageListLabel = (list: string, locale: PageTextsLocale) => LIST_LABELS[list]?.[locale] ?? list;

/** An item field's label in the admin's language ("Item 2: Title"). */
export const listItemLabel = (index: number, field: string, locale: PageTextsLocale, itemWord: string) =>
  `${itemWord.replace("{n}", slideNumberLabel(index + 1, locale))}: ${ITEM_FIELD_LABELS[field]?.[locale] ?? field}`;

/** A list item field's rule (max length, multi-line). */
export const listFieldRule = (shape: ListShape, field: string): PageTextRule | undefined =>
  (LIST_SHAPES[shape] as Record<string, PageTextRule>)[field];

/** A list's items as the contract takes them: each field as text, with the id an item has. */
export const listItemsBody = (shape: ListShape, items: PageListItem[]) =>
  items.map((item) => ({
    ...(item.id ? { id: item.id } : {}),
    ...Object.fromEntries(listItemFields(shape).map((field) => [field, item.values[field] ?? ""])),
  }));

/**
 * The schema of a list's form: `{items: [{title, description}, ...]}`, refused with the CMS's
 * messages under the contract's names (`items`, `items.0.title`).
 */
export function pageListSchema(spec: PageListSpec) {
  return z.object({ items: z.array(z.record(z.string(), z.unknown())) }).superRefine((value, context) => {
    for (const [field, messages] of Object.entries(pageListProblems(spec, value.items))) {
      // One name per field, as the contract answers it (`items.0.title`).
      context.addIssue({ code: "custom", message: messages[0]!, path: [field] });
    }
  });
}

/** A list's form as posted (`items.N.field`, `items.N.id`), in item order. */
export function postedListItems(shape: ListShape, form: { get: (name: string) => unknown; keys: () => Iterable<string> }): PageListItem[] {
  const indexes = [...new Set([...form.keys()].flatMap((key) => /^items\.(\d{1,2})\./.exec(key)?.[1] ?? []))]
    .map(Number)
    .sort((a, b) => a - b);
  return indexes.map((index) => {
    const id = Number(form.get(listItemField(index, "id")));
    return {
      id: Number.isInteger(id) && id > 0 ? id : null,
      values: Object.fromEntries(
        listItemFields(shape).map((field) => {
          const value = form.get(listItemField(index, field));
          return [field, typeof value === "string" ? value : ""];
        }),
      ),
    };
  });
}

/** A page's lists from the CMS's answer (`lists.en`), as the forms edit them. */
export function pageListsOf(page: PageName, source: unknown): PageLists | null {
  if (!source || typeof source !== "object") return null;
  const lists = source as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(PAGE_LISTS[page]).map(([name, spec]) => [
      name,
      (Array.isArray(lists[name]) ? (lists[name] as Record<string, unknown>[]) : []).map((item) => ({
        id: typeof item.id === "number" ? item.id : null,
        values: Object.fromEntries(
          listItemFields(spec.shape).map((field) => {
            const value = item[field];
            return [field, typeof value === "string" ? value : typeof value === "number" ? String(value) : ""];
          }),
        ),
      })),
    ]),
  );
}
