import { z } from "zod";
import { FIELD_MESSAGES } from "@contract/rules";
import {
  HERO_SLIDE_RULES,
  PAGE_NAMES,
  pageTextFields,
  pageTextProblem,
  pageTextRule,
  SLIDE_PHOTO_FIELD,
  SLIDE_PHOTO_RULES,
  type PageName,
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
