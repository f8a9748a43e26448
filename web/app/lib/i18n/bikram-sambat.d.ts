// bikram-sambat (medic) ships plain CommonJS without types; this covers the part bs-date.ts uses.
declare module "bikram-sambat" {
  interface YearMonthDay {
    year: number;
    /** 1-12 */
    month: number;
    day: number;
  }

  const bikramSambat: {
    /** Gregorian 'YYYY-MM-DD' -> Bikram Sambat date. Throws past the library's data (1970-2090 BS). */
    toBik(greg: string): YearMonthDay;
    /** Bikram Sambat date -> Gregorian date. Throws for a day the month does not have. */
    toGreg(year: number, month: number, day: number): YearMonthDay;
    /** Days in a BS month (29-32). Throws for a year without data. */
    daysInMonth(year: number, month: number): number;
  };

  export default bikramSambat;
}
