import { describe, expect, it } from "vitest";
import { formatDateTime } from "./Page";

describe("formatDateTime (when a colleague changed an item)", () => {
  // 08:20 UTC is 14:05 in Nepal (UTC+5:45).
  const changed = "2026-11-22T08:20:00.000Z";

  it("writes the day and the minute in Nepal time, in English", () => {
    expect(formatDateTime(changed, "en")).toBe("22 Nov 2026, 14:05");
  });

  it("writes the Bikram Sambat day and the time in Devanagari digits, in Nepali", () => {
    expect(formatDateTime(changed, "ne")).toBe("२०८३ मङ्सिर ६, १४:०५");
  });

  it("dates a change late in the evening by Nepal's day, not UTC's", () => {
    // 19:00 UTC on 22 Nov is 00:45 on 23 Nov in Nepal.
    expect(formatDateTime("2026-11-22T19:00:00.000Z", "en")).toBe("23 Nov 2026, 00:45");
    expect(formatDateTime("2026-11-22T19:00:00.000Z", "ne")).toBe("२०८३ मङ्सिर ७, ००:४५");
  });

  it("gives nothing for a missing or broken time", () => {
    expect(formatDateTime(null, "ne")).toBeNull();
    expect(formatDateTime("yesterday", "en")).toBeNull();
  });
});
