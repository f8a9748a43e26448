/**
 * Bikram Sambat (BS) dates shown next to Gregorian (AD) ones.
 *
 * BS month lengths are fixed each year by Nepal's calendar committee and cannot be computed,
 * so the conversion comes from `bikram-sambat` (medic), whose table is corrected when the
 * official calendar is published (docs/decisions/005-nepali-and-bs-dates.md).
 *
 * Everything here is pure and ignores the machine's time zone, so the server and the browser
 * print the same text and hydration never disagrees.
 */
import bikramSambat from "bikram-sambat";
import { toDevanagariDigits } from "./digits";

export type DateLocale = "en" | "ne";

/** A Bikram Sambat calendar date; `month` is 1 (Baisakh) to 12 (Chaitra). */
export interface BsDate {
  year: number;
  month: number;
  day: number;
}

/**
 * English: the spellings Nepal's English-language press uses ("Baisakh 1", "Asoj 3").
 * Nepali: the everyday (tadbhav) names in standard spelling, as the national calendar committee
 * and Gorkhapatra print them (कात्तिक, मङ्सिर, पुस), not the Sanskrit forms (कार्तिक, मार्गशीर्ष, पौष).
 */
export const BS_MONTHS: Record<DateLocale, readonly string[]> = {
  en: ["Baisakh", "Jestha", "Asar", "Shrawan", "Bhadra", "Asoj", "Kartik", "Mangsir", "Poush", "Magh", "Falgun", "Chaitra"],
  ne: ["वैशाख", "जेठ", "असार", "साउन", "भदौ", "असोज", "कात्तिक", "मङ्सिर", "पुस", "माघ", "फागुन", "चैत"],
};

// Nepali names as CLDR has them; kept here rather than asked of Intl because browsers ship
// different CLDR versions (or none for `ne`), which would make server and client disagree.
const AD_MONTHS: Record<DateLocale, readonly string[]> = {
  en: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
  ne: ["जनवरी", "फेब्रुअरी", "मार्च", "अप्रिल", "मे", "जुन", "जुलाई", "अगस्ट", "सेप्टेम्बर", "अक्टोबर", "नोभेम्बर", "डिसेम्बर"],
};

interface AdDay {
  year: number;
  month: number;
  day: number;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T/;

// An instant (a blog's created_at) is dated as the calendar in Nepal shows it, like the AD
// dates elsewhere on the site. The explicit calendar and digits keep the parts parseable.
const NEPAL_CALENDAR_DAY = new Intl.DateTimeFormat("en-US-u-ca-gregory-nu-latn", {
  timeZone: "Asia/Kathmandu",
  year: "numeric",
  month: "numeric",
  day: "numeric",
});

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const isoDay = (d: AdDay) => `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;

/**
 * The AD calendar day meant by the input. 'YYYY-MM-DD' is a calendar date as it stands (a
 * 'Joined At' date has no time zone); a Date or an ISO timestamp is an instant, dated in Nepal.
 */
function adDay(input: Date | string): AdDay {
  if (typeof input === "string") {
    const match = DATE_ONLY.exec(input);
    if (match) {
      const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
      const check = new Date(Date.UTC(year, month - 1, day));
      // Date.UTC rolls 2024-02-30 over to March; a real date survives the round trip.
      if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
        throw new RangeError(`Not a calendar date: ${input}`);
      }
      return { year, month, day };
    }
    // Only ISO timestamps: Date's parsing of other formats differs between engines.
    if (!TIMESTAMP.test(input)) throw new RangeError(`Not an ISO date or timestamp: ${input}`);
    return adDay(new Date(input));
  }
  if (Number.isNaN(input.getTime())) throw new RangeError("Invalid Date");
  const parts = Object.fromEntries(NEPAL_CALENDAR_DAY.formatToParts(input).map((part) => [part.type, part.value] as const));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}

/** Today's date in Nepal, 'YYYY-MM-DD' (a new team member's default 'Joined At'). */
export function todayInNepal(now: Date = new Date()): string {
  return isoDay(adDay(now));
}

/** A 'YYYY-MM-DD' that names a real calendar day (2024-02-31 does not). */
export function isCalendarDate(value: string): boolean {
  try {
    return DATE_ONLY.test(value) && Boolean(adDay(value));
  } catch {
    return false;
  }
}

function bsOf(ad: AdDay): BsDate {
  try {
    const { year, month, day } = bikramSambat.toBik(isoDay(ad));
    return { year, month, day };
  } catch {
    // The library's table covers 1970-2090 BS (1913-2034 AD); its own errors are untyped.
    throw new RangeError(`${isoDay(ad)} is outside the Bikram Sambat table (1970-2090 BS)`);
  }
}

function monthName(names: readonly string[], month: number): string {
  const name = names[month - 1];
  if (name === undefined) throw new RangeError(`No month ${month}`);
  return name;
}

// In its own module so that code needing only the digits (the translator) does not pull in
// the calendar table.
export { toDevanagariDigits };

/** The BS date of an AD date ('YYYY-MM-DD' as it stands; a Date or timestamp as dated in Nepal). */
export function toBs(date: Date | string): BsDate {
  return bsOf(adDay(date));
}

/** The AD date, as 'YYYY-MM-DD', of a BS date. Throws a RangeError for a day the month lacks. */
export function toAd(bs: BsDate): string {
  if (![bs.year, bs.month, bs.day].every(Number.isInteger) || bs.month < 1 || bs.month > 12) {
    throw new RangeError(`Not a BS date: ${bs.year}-${bs.month}-${bs.day}`);
  }
  try {
    return isoDay(bikramSambat.toGreg(bs.year, bs.month, bs.day));
  } catch {
    throw new RangeError(`Not a BS date in the table: ${bs.year}-${pad(bs.month)}-${pad(bs.day)}`);
  }
}

/** "24 November 2024" / "सन् २०२४ नोभेम्बर २४". */
export function formatAd(date: Date | string, locale: DateLocale): string {
  const text = formatDay(adDay(date), AD_MONTHS[locale], locale);
  return locale === "ne" ? `सन् ${text}` : text;
}

/** English writes day, month, year; Nepali year, month, day, in Devanagari digits. */
function formatDay(d: { year: number; month: number; day: number }, months: readonly string[], locale: DateLocale) {
  const month = monthName(months, d.month);
  return locale === "ne" ? toDevanagariDigits(`${d.year} ${month} ${d.day}`) : `${d.day} ${month} ${d.year}`;
}

/**
 * The two halves of a date as pages show it: the BS date ("9 Mangsir 2081 BS" /
 * "२०८१ मङ्सिर ९"; null past the library's table, after 2090 BS) and the AD date
 * ("24 November 2024" / "सन् २०२४ नोभेम्बर २४"). Input that is not a date throws a RangeError.
 */
export function bsAdParts(date: Date | string, locale: DateLocale): { bs: string | null; ad: string } {
  const day = adDay(date);
  const ad = formatAd(date, locale);
  let bs: BsDate;
  try {
    bs = bsOf(day);
  } catch {
    return { bs: null, ad };
  }
  const bsText = formatDay(bs, BS_MONTHS[locale], locale);
  return { bs: locale === "en" ? `${bsText} BS` : bsText, ad };
}

/**
 * The BS date, then the AD date in brackets:
 * en "9 Mangsir 2081 BS (24 November 2024)", ne "२०८१ मङ्सिर ९ (सन् २०२४ नोभेम्बर २४)": each
 * language's own order, and "सन्" marks the AD date as formatBsYear does.
 * Past the library's table it gives the AD date alone: a page should still show when
 * something happened.
 */
export function formatBsAd(date: Date | string, locale: DateLocale): string {
  const { bs, ad } = bsAdParts(date, locale);
  return bs ? `${bs} (${ad})` : ad;
}

/**
 * The AD years a BS year spans (it starts in mid-April): 2068 -> "2011/12". The second year
 * is shortened to two digits as Nepal writes fiscal years, unless the century changes.
 */
export function bsYearToAd(year: number): string {
  const first = toAd({ year, month: 1, day: 1 }).slice(0, 4);
  let lastDay: number;
  try {
    lastDay = bikramSambat.daysInMonth(year, 12);
  } catch {
    throw new RangeError(`${year} BS is outside the Bikram Sambat table (1970-2090 BS)`);
  }
  const last = toAd({ year, month: 12, day: lastDay }).slice(0, 4);
  return first.slice(0, 2) === last.slice(0, 2) ? `${first}/${last.slice(2)}` : `${first}/${last}`;
}

/** A BS year with its AD span: en "2068 BS (2011/12)", ne "वि.सं. २०६८ (सन् २०११/१२)". */
export function formatBsYear(year: number, locale: DateLocale): string {
  const span = bsYearToAd(year);
  return locale === "en" ? `${year} BS (${span})` : toDevanagariDigits(`वि.सं. ${year} (सन् ${span})`);
}

// "2068 BS" not already followed by a bracket; "वि.सं. २०६८" (also "वि. सं.") likewise.
const EN_BS_YEAR = /\b(\d{4}) BS\b(?!\s*\()/g;
const NE_BS_YEAR = /(वि\.\s?सं\.\s?)([०-९]{4})(?![०-९])(?!\s*\()/g;
const fromDevanagariDigits = (text: string) => text.replace(/[०-९]/g, (d) => String(d.charCodeAt(0) - 0x0966));

function adSpan(year: number): string | null {
  try {
    return bsYearToAd(year);
  } catch {
    return null;
  }
}

/**
 * Adds the AD years after every BS year written in running text (the spec's 2068, 2074
 * and 2078 are shown with their AD equivalents): "since 2068 BS" -> "since 2068 BS (2011/12)",
 * "वि.सं. २०६८ देखि" -> "वि.सं. २०६८ (सन् २०११/१२) देखि". Years outside the table, and years
 * already followed by a bracket, are left alone. Safe on sanitised HTML: it only inserts text
 * after text it matched.
 */
export function addAdYears(text: string): string {
  return text
    .replace(EN_BS_YEAR, (whole, year: string) => {
      const span = adSpan(Number(year));
      return span ? `${whole} (${span})` : whole;
    })
    .replace(NE_BS_YEAR, (whole, _prefix: string, year: string) => {
      const span = adSpan(Number(fromDevanagariDigits(year)));
      return span ? `${whole} (सन् ${toDevanagariDigits(span)})` : whole;
    });
}
