import { VIDEO_FAILURES } from "@contract/video-status";
import { describe, expect, it } from "vitest";
import { adminTranslator } from "../messages";
import { video, videoStatusNote } from "./video";

describe("a gallery video's state in the admin", () => {
  const en = adminTranslator("en");
  const ne = adminTranslator("ne");

  it("says processing, failed with the CMS's reason, or no encoder, in both languages; nothing once ready", () => {
    const note = (video_status: string | null, video_error: string | null = null, at = en) =>
      videoStatusNote(video.toItem({ id: 1, video_status, video_error }), at);
    expect(note("processing")).toEqual({ tone: "busy", text: "Processing" });
    expect(note("failed", VIDEO_FAILURES.damaged)).toEqual({
      tone: "error",
      text: "Failed: The video could not be converted: the file is damaged or of an unusual kind.",
    });
    expect(note("original")).toEqual({ tone: "info", text: "No encoder on this server, the original is served" });
    expect(note("ready")).toBeNull();
    expect(note(null)).toBeNull();
    // An unknown state from a newer CMS is not shown as one of these.
    expect(note("queued")).toBeNull();

    expect(note("processing", null, ne)?.text).toBe("प्रशोधन हुँदैछ");
    expect(note("failed", VIDEO_FAILURES.damaged, ne)?.text).toBe(
      "असफल: भिडियो रूपान्तरण गर्न सकिएन: फाइल बिग्रिएको छ वा असामान्य प्रकारको छ।",
    );
    expect(note("original", null, ne)?.text).toBe("यो सर्भरमा इन्कोडर छैन, मूल फाइल देखाइन्छ");
  });

  it("has a Nepali text for every reason the CMS gives", () => {
    for (const reason of Object.values(VIDEO_FAILURES)) expect(ne.contract(reason), reason).not.toBe(reason);
  });
});
