import { describe, expect, it } from "vitest";
import { toItem } from "./items.server";
import { sameOriginMedia } from "./kinds/fields-of-items";
import { pendingLabel } from "./pending";

describe("media addresses", () => {
  it("turns the CMS's absolute upload URLs into same-origin paths", () => {
    expect(sameOriginMedia("http://127.0.0.1:1337/uploads/hills_1a2b.png")).toBe("/uploads/hills_1a2b.png");
    expect(sameOriginMedia("/uploads/a.jpg")).toBe("/uploads/a.jpg");
  });

  it.each([null, "", "javascript:alert(1)", "http://cms/admin/x.png", "http://cms/uploads/../secret", "data:image/png;base64,AA"])(
    "drops %s",
    (url) => {
      expect(sameOriginMedia(url)).toBeNull();
    },
  );

  it("normalises items of each kind", () => {
    expect(toItem("team", { id: 3, name: "Asha", role: "Warden", photoUrl: "http://x/uploads/a.jpg", joined_at: "2024-01-02" })).toEqual({
      id: 3,
      name: "Asha",
      role: "Warden",
      bio: null,
      photoUrl: "/uploads/a.jpg",
      joined_at: "2024-01-02",
    });
    expect(toItem("blog", { id: 1, title: "T", content: "C", author: "a@b.org", mediaUrl: null })).toMatchObject({
      mediaUrl: null,
      created_at: null,
    });
  });
});

describe("loading texts (spec section 8)", () => {
  it.each([
    ["/gallery/images", "Loading images..."],
    ["/gallery/images/4", "Loading image..."],
    ["/gallery/videos", "Loading videos..."],
    ["/gallery/videos/4/edit", "Loading video..."],
    ["/blogs/7", "Loading blog details..."],
    ["/teams", "Loading team members..."],
    ["/teams/new", null],
  ])("%s -> %s", (path, text) => {
    expect(pendingLabel(path)).toBe(text);
  });
});
