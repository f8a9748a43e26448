import { describe, expect, it } from "vitest";
import { isRefusal, secondsLeft, uploadIdOf } from "./resumable-upload";

describe("resumable upload (browser side)", () => {
  it("gives up only on refusals: 4xx but conflict, locked and busy; never on a lost connection or a 5xx", () => {
    for (const status of [400, 401, 403, 404, 410, 413, 415]) expect(isRefusal(status), String(status)).toBe(true);
    for (const status of [0, 409, 423, 429, 500, 502, 503]) expect(isRefusal(status), String(status)).toBe(false);
  });

  it("says the time left at the pace of the last 20 s", () => {
    // 50 KB/s for 30 s: 1,500,000 of 2,000,000 sent, the rest takes 10 s.
    const samples = Array.from({ length: 31 }, (_, s) => [s * 1000, s * 50_000] as const);
    expect(secondsLeft(samples, 2_000_000)).toBe(10);
    // A connection that slowed to 10 KB/s for the last 20 s: judged by that pace.
    const slowed = [...samples, ...Array.from({ length: 20 }, (_, s) => [31_000 + s * 1000, 1_500_000 + (s + 1) * 10_000] as const)];
    expect(secondsLeft(slowed, 2_000_000)).toBe(30);
  });

  it("says nothing while there is too little to judge, or no progress", () => {
    expect(secondsLeft([], 1000)).toBeNull();
    expect(
      secondsLeft(
        [
          [0, 0],
          [1000, 500],
        ],
        1000,
      ),
    ).toBeNull();
    expect(
      secondsLeft(
        [
          [0, 500],
          [5000, 500],
        ],
        1000,
      ),
    ).toBeNull();
  });

  it("takes the upload id from its URL", () => {
    expect(uploadIdOf("/admin/uploads/u7-0123456789abcdef0123456789abcdef")).toBe("u7-0123456789abcdef0123456789abcdef");
  });
});
