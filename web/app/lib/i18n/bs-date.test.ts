import { afterEach, describe, expect, it } from "vitest";
import { BS_MONTHS, bsYearToAd, formatAd, formatBsAd, formatBsYear, toAd, toBs, toDevanagariDigits } from "./bs-date";

/**
 * Dates as Nepal's published calendar has them, each from a source read for this test
 * (newspaper reports of the day, datelines that print both calendars, official notices).
 * They check the library's table, not our arithmetic: if a release of `bikram-sambat`
 * gets a month length wrong, one of these moves by a day.
 */
const PUBLISHED: Array<[ad: string, bs: [number, number, number], source: string]> = [
  // New year, 1 Baisakh
  ["2015-04-14", [2072, 1, 1], "iowanepaleseassociation.org: New Year 2072 B.S. falls on 14th April 2015"],
  ["2017-04-14", [2074, 1, 1], "nepalireporter.com 2017/04: KATHMANDU, April 14 - Happy New Year 2074"],
  ["2019-04-14", [2076, 1, 1], "reviewnepal.com: Kathmandu, April 14, 2019 - New Year 2076 marked today"],
  ["2023-04-14", [2080, 1, 1], "themountaincompany.co.uk: 1st of Baisakh 2080 is April 14th 2023"],
  ["2024-04-13", [2081, 1, 1], "myrepublica: KATHMANDU, April 13 - It is New Year 2081 BS today"],
  ["2025-04-14", [2082, 1, 1], "devdiscourse 2025-04-14: Nepal welcomed New Year 2082; nepaliclass.com"],
  // Fixed-date national days
  ["2015-09-20", [2072, 6, 3], "khabarhub: constitution promulgated Asoj 3, 2072 BS (September 20, 2015)"],
  ["2023-09-20", [2080, 6, 3], "arthakendra: Ashoj 3, 2080 is 20th September 2023"],
  ["2024-09-19", [2081, 6, 3], "setopati 2024-09-19: Constitution Day (Asoj 3) 2081 celebrated on Thursday"],
  ["2020-05-28", [2077, 2, 15], "gadgetngizmoguru: Republic Day जेठ १५, २०७७ = 28 May 2020"],
  ["2021-05-29", [2078, 2, 15], "shresthasushil23: गणतन्त्र दिवस जेठ १५, २०७८ = 29 May 2021"],
  ["2025-05-29", [2082, 2, 15], "Republica via htsyndication: Republic Day on Jestha 14-16 = May 28-30, 2025"],
  ["2025-01-14", [2081, 10, 1], "newsdrum (PTI) 2025-01-14: Maghe Sankranti, first day of Magh, on Tuesday"],
  // Newspaper datelines printing both calendars
  ["2024-07-27", [2081, 4, 12], "yugkhabar: श्रावण १२, २०८१ शनिबार July 27, 2024"],
  ["2025-02-28", [2081, 11, 16], "imagekhabar: १६ फाल्गुन २०८१, शुक्रबार | Fri Feb 28 2025"],
  ["2025-05-11", [2082, 1, 28], "janacharcha: २८ बैशाख २०८२, आइतबार 11-05-2025"],
  ["2026-02-20", [2082, 11, 8], "mayadevionline: ८ फाल्गुन २०८२, शुक्रबार | Fri Feb 20 2026"],
  // The census 2078 ran Kartik 25 (Thursday, 11 Nov 2021) to Mangsir 9 (25 Nov 2021)
  ["2021-11-11", [2078, 7, 25], "pahilopost 2021-11-11 and xotkari: census 2078 starts today, Thursday"],
  ["2021-11-25", [2078, 8, 9], "nepalnewsgazette (RSS): census from today till November 25 = Mangsir 9"],
];

describe("toBs against the published calendar", () => {
  it.each(PUBLISHED)("%s is %j BS (%s)", (ad, [year, month, day]) => {
    expect(toBs(ad)).toEqual({ year, month, day });
  });

  it.each(PUBLISHED)("%s round-trips through toAd", (ad, [year, month, day]) => {
    expect(toAd({ year, month, day })).toBe(ad);
  });
});

describe("month boundaries", () => {
  // 2081's month lengths are 31,32,31,32,31,30,30,30,29,30,29,31, as corrected by the reports
  // in medic/bikram-sambat#20 and #26 and anuzpandey/nepali-date-picker#3; they put Magh 1 on
  // 14 January 2025 (see above) and 1 Baisakh 2082 on 14 April 2025, as published.
  it("gives Jestha 2081 its 32nd day", () => {
    expect(toBs("2024-06-14")).toEqual({ year: 2081, month: 2, day: 32 });
    expect(toBs("2024-06-15")).toEqual({ year: 2081, month: 3, day: 1 });
  });

  it("ends Poush 2081 on its 29th day, the eve of Maghe Sankranti", () => {
    expect(toBs("2025-01-13")).toEqual({ year: 2081, month: 9, day: 29 });
    expect(toBs("2025-01-14")).toEqual({ year: 2081, month: 10, day: 1 });
  });

  it("ends 2081 on 31 Chaitra, the day before the new year", () => {
    expect(toBs("2025-04-13")).toEqual({ year: 2081, month: 12, day: 31 });
    expect(toAd({ year: 2081, month: 12, day: 31 })).toBe("2025-04-13");
  });

  it("puts 2083's Asoj at 31 days and Mangsir at 29 (medic/bikram-sambat#31, from nepalipatro)", () => {
    expect(toBs("2026-10-17")).toEqual({ year: 2083, month: 6, day: 31 });
    expect(toAd({ year: 2083, month: 8, day: 29 })).toBe("2026-12-15");
    expect(toBs("2026-12-16")).toEqual({ year: 2083, month: 9, day: 1 });
  });

  it("refuses days a month does not have", () => {
    expect(() => toAd({ year: 2081, month: 9, day: 30 })).toThrow(RangeError);
    expect(() => toAd({ year: 2081, month: 13, day: 1 })).toThrow(RangeError);
    expect(() => toAd({ year: 2081, month: 1, day: 1.5 })).toThrow(RangeError);
  });
});

describe("what counts as the day", () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  it("dates an instant as the calendar in Nepal (UTC+5:45) shows it", () => {
    // 18:15 UTC on 23 November is 00:00 on 24 November in Nepal.
    expect(toBs(new Date("2024-11-23T18:14:59Z"))).toEqual({ year: 2081, month: 8, day: 8 });
    expect(toBs(new Date("2024-11-23T18:15:00Z"))).toEqual({ year: 2081, month: 8, day: 9 });
    expect(toBs("2024-11-23T18:15:00Z")).toEqual({ year: 2081, month: 8, day: 9 });
    expect(toBs("2024-11-24T05:45:00+05:45")).toEqual({ year: 2081, month: 8, day: 9 });
  });

  it("gives the same answer whatever the machine's time zone", () => {
    for (const tz of ["UTC", "America/Los_Angeles", "Pacific/Kiritimati", "Asia/Kathmandu"]) {
      process.env.TZ = tz;
      expect(formatBsAd(new Date("2024-11-23T20:00:00Z"), "en"), tz).toBe("9 Mangsir 2081 BS (24 November 2024)");
      expect(formatBsAd("2024-04-13", "en"), tz).toBe("1 Baisakh 2081 BS (13 April 2024)");
    }
  });

  it("takes 'YYYY-MM-DD' as a calendar date, without a time zone", () => {
    expect(toBs("2024-11-24")).toEqual({ year: 2081, month: 8, day: 9 });
  });

  it("rejects what is not a date", () => {
    for (const bad of ["2024-02-30", "2024-13-01", "24 November 2024", "", "2024-11-24Tnonsense"]) {
      expect(() => toBs(bad), bad).toThrow(RangeError);
    }
    expect(() => toBs(new Date(Number.NaN))).toThrow(RangeError);
  });

  it("says so when a date lies outside the library's table (1970-2090 BS)", () => {
    expect(() => toBs("1900-01-01")).toThrow(/outside the Bikram Sambat table/);
    expect(() => toBs("2035-01-01")).toThrow(/outside the Bikram Sambat table/);
  });
});

describe("formatBsAd", () => {
  it("writes day, BS month, BS year, then the AD date in brackets (English)", () => {
    expect(formatBsAd("2024-11-24", "en")).toBe("9 Mangsir 2081 BS (24 November 2024)");
    expect(formatBsAd("2024-04-13", "en")).toBe("1 Baisakh 2081 BS (13 April 2024)");
    expect(formatBsAd("2024-06-14", "en")).toBe("32 Jestha 2081 BS (14 June 2024)");
    expect(formatBsAd("2025-01-14T04:00:00.000Z", "en")).toBe("1 Magh 2081 BS (14 January 2025)");
  });

  it("writes Devanagari numerals and Nepali month names (Nepali)", () => {
    expect(formatBsAd("2024-11-24", "ne")).toBe("२०८१ मङ्सिर ९ (सन् २०२४ नोभेम्बर २४)");
    expect(formatBsAd("2023-04-14", "ne")).toBe("२०८० वैशाख १ (सन् २०२३ अप्रिल १४)");
    expect(formatBsAd("2021-11-11", "ne")).toBe("२०७८ कात्तिक २५ (सन् २०२१ नोभेम्बर ११)");
    expect(formatBsAd("2025-01-13", "ne")).toBe("२०८१ पुस २९ (सन् २०२५ जनवरी १३)");
  });

  it("falls back to the AD date alone past the library's table", () => {
    expect(formatBsAd("2035-01-01", "en")).toBe("1 January 2035");
    expect(formatBsAd("2035-01-01", "ne")).toBe("सन् २०३५ जनवरी १");
  });

  it("still refuses input that is not a date", () => {
    expect(() => formatBsAd("yesterday", "en")).toThrow(RangeError);
  });
});

describe("formatAd", () => {
  it("writes the AD date in either language", () => {
    expect(formatAd("2024-12-31", "en")).toBe("31 December 2024");
    expect(formatAd("2024-12-31", "ne")).toBe("सन् २०२४ डिसेम्बर ३१");
  });
});

describe("BS years and their AD span", () => {
  // The spec's years. 2078 BS is the year of the "National Population and Housing Census 2021"
  // (राष्ट्रिय जनगणना २०७८, censusnepal.cbs.gov.np); 2074 BS "starts in 2017 AD and ends in
  // 2018 AD" (amritdevkota.com.np, New Year 2074 B.S.); 2068 BS held the eleventh census
  // (loksewaguide.com), ten years before the twelfth, i.e. in 2011.
  it.each([
    [2068, "2011/12"],
    [2074, "2017/18"],
    [2078, "2021/22"],
    [2081, "2024/25"],
  ])("%i BS spans %s", (year, span) => {
    expect(bsYearToAd(year)).toBe(span);
  });

  it("writes the full second year when the century changes", () => {
    // 2056 BS began in April 1999 and ended in April 2000 (2000 AD began 17 Poush 2056).
    expect(bsYearToAd(2056)).toBe("1999/2000");
  });

  it("formats a BS year with its span in both languages", () => {
    expect(formatBsYear(2068, "en")).toBe("2068 BS (2011/12)");
    expect(formatBsYear(2068, "ne")).toBe("वि.सं. २०६८ (सन् २०११/१२)");
  });

  it("refuses years outside the table", () => {
    expect(() => bsYearToAd(2091)).toThrow(RangeError);
    expect(() => bsYearToAd(1969)).toThrow(RangeError);
  });
});

describe("toDevanagariDigits", () => {
  it("replaces every ASCII digit and nothing else", () => {
    expect(toDevanagariDigits("0123456789")).toBe("०१२३४५६७८९");
    expect(toDevanagariDigits(2081)).toBe("२०८१");
    expect(toDevanagariDigits("Slide 3 of 10, NPR 1000")).toBe("Slide ३ of १०, NPR १०००");
    expect(toDevanagariDigits("कुनै अङ्क छैन")).toBe("कुनै अङ्क छैन");
  });
});

describe("month names", () => {
  it("has twelve distinct names per language, Baisakh first", () => {
    for (const names of Object.values(BS_MONTHS)) {
      expect(names).toHaveLength(12);
      expect(new Set(names).size).toBe(12);
    }
    expect(BS_MONTHS.en[0]).toBe("Baisakh");
    expect(BS_MONTHS.ne[0]).toBe("वैशाख");
    expect(BS_MONTHS.ne.every((name) => /^[\u0900-\u097F]+$/.test(name))).toBe(true);
  });
});

describe("addAdYears (BS years in running text get their AD years)", () => {
  it("writes the spec's years with their AD equivalents, in English and Nepali", async () => {
    const { addAdYears } = await import("./bs-date");
    expect(addAdYears("established in 2068 BS, moved in 2074 BS; since 2078 BS")).toBe(
      "established in 2068 BS (2011/12), moved in 2074 BS (2017/18); since 2078 BS (2021/22)",
    );
    expect(addAdYears("वि.सं. २०६८ देखि, वि. सं. २०७८ मा")).toBe("वि.सं. २०६८ (सन् २०११/१२) देखि, वि. सं. २०७८ (सन् २०२१/२२) मा");
  });

  it("leaves alone years already bracketed, outside the table, or not BS", async () => {
    const { addAdYears } = await import("./bs-date");
    expect(addAdYears("2068 BS (2011/12)")).toBe("2068 BS (2011/12)");
    expect(addAdYears("वि.सं. २०६८ (सन् २०११/१२)")).toBe("वि.सं. २०६८ (सन् २०११/१२)");
    expect(addAdYears("in 2150 BS")).toBe("in 2150 BS");
    expect(addAdYears("in 2011 AD, 12068 BSc")).toBe("in 2011 AD, 12068 BSc");
    expect(addAdYears("<p>since <strong>2068 BS</strong></p>")).toBe("<p>since <strong>2068 BS (2011/12)</strong></p>");
  });
});
