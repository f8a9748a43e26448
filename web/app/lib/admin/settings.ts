import { z } from "zod";
import {
  childrenProblem,
  LOCALIZED_SETTINGS,
  SETTING_NAMES,
  SETTINGS_RULES,
  settingProblem,
  type SettingName,
} from "@contract/settings-rules";
import type { AdminText, LastEdit } from "./kinds/define";

/**
 * The site settings form (the home's contact details, figures and About text): one zod schema per
 * language's form, built from the CMS's own rules (`@contract/settings-rules`), so the browser, the
 * action and the CMS refuse the same values with the same messages.
 */

export type SettingsLocale = "en" | "ne";
export type SettingsValues = Record<string, string>;

/** How each setting looks in the form; its rules come from the contract. */
export const SETTING_FIELDS: Record<SettingName, { label: AdminText; hint?: AdminText; autoComplete?: string }> = {
  name: { label: { en: "Name of the home", ne: "गृहको नाम" } },
  tagline: { label: { en: "Tagline", ne: "आदर्श वाक्य" }, hint: { en: "One line under the name.", ne: "नामको तल एक हरफ।" } },
  aboutText: {
    label: { en: "About text (footer)", ne: "परिचय (पेजको फेदमा)" },
    hint: {
      en: "Shown at the foot of every page. {children} and {capacity} show the figures below.",
      ne: "हरेक पेजको फेदमा देखिन्छ। {children} र {capacity} ले तलका सङ्ख्या देखाउँछन्।",
    },
  },
  address: { label: { en: "Address", ne: "ठेगाना" }, autoComplete: "street-address" },
  phone: { label: { en: "Phone", ne: "फोन" }, autoComplete: "tel" },
  email: { label: { en: "Email", ne: "इमेल" }, autoComplete: "email" },
  socialUrl: {
    label: { en: "Social media link", ne: "सामाजिक सञ्जालको लिङ्क" },
    hint: { en: "Optional. A link starting with https://", ne: "ऐच्छिक। https:// बाट सुरु हुने लिङ्क।" },
  },
  socialLabel: {
    label: { en: "Social media name", ne: "सामाजिक सञ्जालको नाम" },
    hint: { en: "For example: Facebook", ne: "जस्तै: फेसबुक" },
  },
  mapEmbedUrl: {
    label: { en: "Map link", ne: "नक्साको लिङ्क" },
    hint: {
      en: "Optional. The embed link of the map on the contact page (OpenStreetMap: Share, HTML), starting with https://",
      ne: "ऐच्छिक। सम्पर्क पृष्ठमा देखिने नक्साको लिङ्क (OpenStreetMap: Share, HTML), https:// बाट सुरु हुने।",
    },
  },
  mapLabel: {
    label: { en: "Map description", ne: "नक्साको विवरण" },
    hint: { en: "What the map shows, for screen readers.", ne: "नक्सामा के छ, स्क्रिन रिडरका लागि।" },
  },
  childrenCount: {
    label: { en: "Children living at the home", ne: "गृहमा बस्ने बालबालिका" },
    hint: {
      en: "Shown at the foot of every page. In any page text, write {children} where this number belongs: the pages show the number saved here.",
      ne: "हरेक पेजको फेदमा देखिन्छ। पेजका पाठमा यो सङ्ख्या आउनुपर्ने ठाउँमा {children} लेख्नुहोस्: पेजहरूमा यहाँ सेभ गरिएको सङ्ख्या देखिन्छ।",
    },
  },
  registrationOffice: {
    label: { en: "Registered with", ne: "दर्ता भएको कार्यालय" },
    hint: {
      en: "The office the home is registered with, shown on the Donate page.",
      ne: "बालगृह दर्ता भएको कार्यालय, दान पृष्ठमा देखिन्छ।",
    },
  },
  registrationNumber: { label: { en: "Registration number", ne: "दर्ता नम्बर" } },
  panNumber: { label: { en: "PAN", ne: "स्थायी लेखा नम्बर (PAN)" } },
  partnerName: { label: { en: "Partner association", ne: "साझेदार संस्था" } },
  capacity: {
    label: { en: "Places at the home", ne: "गृहमा ठाउँ" },
    hint: {
      en: "How many children the home has room for. In any page text, write {capacity} where this number belongs.",
      ne: "गृहमा कति जना बालबालिकाका लागि ठाउँ छ। पेजका पाठमा यो सङ्ख्या आउनुपर्ने ठाउँमा {capacity} लेख्नुहोस्।",
    },
  },
};

/** The fields of each language's form, in order: English has every setting, Nepali the translated ones. */
export const SETTINGS_FORM_FIELDS: Record<SettingsLocale, readonly SettingName[]> = { en: SETTING_NAMES, ne: LOCALIZED_SETTINGS };

export const settingRule = (name: SettingName) => SETTINGS_RULES[name];

function schemaFor(locale: SettingsLocale) {
  const names = SETTINGS_FORM_FIELDS[locale];
  const shape = Object.fromEntries(
    names.map((name) => [
      name,
      z.string().superRefine((value, context) => {
        const problem = settingProblem(name, value);
        if (problem) context.addIssue({ code: "custom", message: problem });
      }),
    ]),
  );
  const base = z.object(shape);
  if (locale === "ne") return base;
  // Checks across fields run even while another field is wrong, so every problem shows at once.
  return base.refine((values) => !childrenProblem(values), {
    when: (payload) => typeof payload.value === "object" && payload.value !== null,
    path: ["childrenCount"],
    error: (issue) => childrenProblem(issue.input as Record<string, unknown>) ?? undefined,
  });
}

export const settingsSchemas = { en: schemaFor("en"), ne: schemaFor("ne") } as const;

/** The site settings as the CMS answers them, as text for the forms. */
export interface SiteSettingsForEditing {
  en: SettingsValues;
  ne: SettingsValues | null;
  lastEdit: LastEdit | null;
  /** Each language form's version as the CMS computed it (sent back as If-Match on save). */
  versions: Record<SettingsLocale, string | null>;
}

/** A form's values from posted or stored data: every field of that language as text. */
export function settingsValues(locale: SettingsLocale, source: Record<string, unknown> | null | undefined): SettingsValues {
  return Object.fromEntries(
    SETTINGS_FORM_FIELDS[locale].map((name) => {
      const value = source?.[name];
      return [name, value === undefined || value === null ? "" : String(value)];
    }),
  );
}
