import { describe, expect, it } from "vitest";
import { adminTranslator } from "./messages";
import { fieldErrorsOf, formSchema, isAllowedFile, loginSchema, nepaliSchema, pickFile } from "./schemas";

const errorsOf = (result: { success: boolean; error?: unknown }) =>
  result.success ? {} : fieldErrorsOf(result.error as Parameters<typeof fieldErrorsOf>[0], adminTranslator("en"));

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe("login schema", () => {
  it("requires e-mail and password with the spec's messages", () => {
    expect(errorsOf(loginSchema.safeParse({ email: "", password: "" }))).toEqual({
      email: ["Email is required"],
      password: ["Password is required"],
    });
  });

  it("has no e-mail format rule and treats spaces-only e-mail as empty", () => {
    expect(loginSchema.safeParse({ email: "not-an-email", password: "x" }).success).toBe(true);
    expect(errorsOf(loginSchema.safeParse({ email: "   ", password: "x" }))).toEqual({ email: ["Email is required"] });
  });
});

describe("team form", () => {
  it("requires name, role, bio and (on create) a photo", () => {
    expect(errorsOf(formSchema("team", { mode: "create" }).safeParse({ name: "", role: "", bio: "" }))).toEqual({
      name: ["Name is required"],
      role: ["Role is required"],
      bio: ["Bio is required"],
      photo: ["Photo is required"],
    });
  });

  it("does not require the photo when editing", () => {
    const result = formSchema("team", { mode: "edit" }).safeParse({ name: "Asha", role: "Warden", bio: "Kind." });
    expect(result.success).toBe(true);
  });

  it("accepts images only", () => {
    const schema = formSchema("team", { mode: "edit" });
    const base = { name: "Asha", role: "Warden", bio: "Kind." };
    expect(errorsOf(schema.safeParse({ ...base, photo: file("cv.pdf", "application/pdf") }))).toEqual({
      photo: ["Invalid file type. Only jpg, jpeg, png, gif allowed."],
    });
    expect(schema.safeParse({ ...base, photo: file("me.jpg", "image/jpeg") }).success).toBe(true);
  });

  it("applies the CMS's length limits", () => {
    const result = formSchema("team", { mode: "edit" }).safeParse({ name: "x".repeat(121), role: "r", bio: "b" });
    expect(errorsOf(result)).toEqual({ name: ["Name must be at most 120 characters."] });
  });

  it("takes a real calendar day as Joined At, or none", () => {
    const schema = formSchema("team", { mode: "edit" });
    const base = { name: "Asha", role: "Warden", bio: "Kind." };
    for (const joined_at of ["2011-06-15", "2024-02-29", "", undefined]) {
      expect(schema.safeParse({ ...base, joined_at }).success, String(joined_at)).toBe(true);
    }
    for (const joined_at of ["2024-02-31", "2023-02-29", "15/06/2011", "2011-6-15", "yesterday"]) {
      expect(errorsOf(schema.safeParse({ ...base, joined_at })), joined_at).toEqual({
        joined_at: ["Joined date must be a valid date (YYYY-MM-DD)."],
      });
    }
  });
});

describe("image form", () => {
  const schema = formSchema("image", { mode: "create", limits: { imageMaxBytes: 1024 * 1024 } });

  it("requires title, description and an image file on create", () => {
    expect(errorsOf(schema.safeParse({ title: "", description: "" }))).toEqual({
      title: ["Title is required"],
      description: ["Description is required"],
      image: ["Image file is required"],
    });
  });

  it.each(["image/jpeg", "image/jpg", "image/png", "image/gif"])("allows %s", (type) => {
    expect(schema.safeParse({ title: "t", description: "d", image: file("a", type) }).success).toBe(true);
  });

  it.each(["image/svg+xml", "image/webp", "text/html", "video/mp4"])("refuses %s", (type) => {
    expect(errorsOf(schema.safeParse({ title: "t", description: "d", image: file("a.x", type) }))).toEqual({
      image: ["Invalid file type. Only jpg, jpeg, png, gif allowed."],
    });
  });

  it("refuses a file over the limit", () => {
    const result = schema.safeParse({ title: "t", description: "d", image: file("a.png", "image/png", 1024 * 1024 + 1) });
    expect(errorsOf(result)).toEqual({ image: ["The file is too large. Images may be at most 1 MB."] });
  });

  it("does not require the file when editing", () => {
    expect(formSchema("image", { mode: "edit" }).safeParse({ title: "t", description: "d" }).success).toBe(true);
  });
});

describe("video form", () => {
  const schema = formSchema("video", { mode: "create" });

  it("requires title, description and a video file on create", () => {
    expect(errorsOf(schema.safeParse({ title: "", description: "" }))).toEqual({
      title: ["Title is required"],
      description: ["Description is required"],
      video: ["Video file is required"],
    });
  });

  it.each([
    ["clip.mp4", "video/mp4"],
    ["clip.avi", "video/x-msvideo"],
    ["clip.avi", "video/avi"],
    ["clip.mov", "video/quicktime"],
    ["clip.mkv", "video/x-matroska"],
    ["clip.webm", "video/webm"],
    // A browser that cannot tell the type: the name decides.
    ["clip.mkv", ""],
  ])("allows %s (%s)", (name, type) => {
    expect(schema.safeParse({ title: "t", description: "d", video: file(name, type) }).success).toBe(true);
  });

  it.each([
    ["clip.ogv", "video/ogg"],
    ["photo.jpg", "image/jpeg"],
    ["notes", ""],
  ])("refuses %s (%s)", (name, type) => {
    expect(errorsOf(schema.safeParse({ title: "t", description: "d", video: file(name, type) }))).toEqual({
      video: ["Invalid file type. Allowed: mp4, avi, mov, mkv, webm"],
    });
  });

  it("refuses a video over the limit", () => {
    const result = formSchema("video", { mode: "edit", limits: { videoMaxBytes: 200 * 1024 * 1024 } }).safeParse({
      title: "t",
      description: "d",
      video: file("big.mp4", "video/mp4", 200 * 1024 * 1024 + 1),
    });
    expect(errorsOf(result)).toEqual({ video: ["The file is too large. Videos may be at most 200 MB."] });
  });
});

describe("blog form", () => {
  const schema = formSchema("blog", { mode: "create" });

  it("requires title, content and author", () => {
    expect(errorsOf(schema.safeParse({ title: "", content: "", author: "" }))).toEqual({
      title: ["Title is required"],
      content: ["Content is required"],
      author: ["Author email is required"],
    });
  });

  it.each(["someone", "a@b", "a@b.c", "a b@c.org", "@example.org"])("refuses author %s", (author) => {
    expect(errorsOf(schema.safeParse({ title: "t", content: "c", author }))).toEqual({
      author: ["Invalid email address"],
    });
  });

  it("accepts a post without media, and an image as media", () => {
    expect(schema.safeParse({ title: "t", content: "c", author: "staff@example.org" }).success).toBe(true);
    const withImage = schema.safeParse({ title: "t", content: "c", author: "staff@example.org", media: file("a.gif", "image/gif") });
    expect(withImage.success).toBe(true);
  });

  it("stores a textarea's lines, which a browser sends with CR LF, with LF alone, in both languages", () => {
    const sent = { title: "t", content: "Dashain.\r\n\r\n- kites\r\n- swings\r\n", author: "staff@example.org" };
    const english = schema.safeParse(sent);
    expect(english.success && english.data.content).toBe("Dashain.\n\n- kites\n- swings");
    const nepali = nepaliSchema("blog").safeParse({ title: "t", content: "दशैं।\r\n\r\nचङ्गा" });
    expect(nepali.success && nepali.data.content).toBe("दशैं।\n\nचङ्गा");
  });

  it("refuses media that is not an image", () => {
    const result = schema.safeParse({ title: "t", content: "c", author: "a@example.org", media: file("a.mp4", "video/mp4") });
    expect(errorsOf(result)).toEqual({ media: ["Invalid file type. Only jpg, jpeg, png, gif allowed."] });
  });
});

describe("file helpers", () => {
  it("treats an untouched file input as no file", () => {
    expect(pickFile(file("", "application/octet-stream", 0))).toBeUndefined();
    expect(pickFile(undefined)).toBeUndefined();
    expect(pickFile([file("a.png", "image/png")])).toEqual(file("a.png", "image/png"));
  });

  it("ignores MIME parameters and case", () => {
    expect(isAllowedFile(file("a", "IMAGE/PNG; charset=binary"), "image")).toBe(true);
  });
});

describe("Nepali tab", () => {
  it("has only the localised fields, with the English form's messages", () => {
    expect(errorsOf(nepaliSchema("blog").safeParse({ title: " ", content: "" }))).toEqual({
      title: ["Title is required"],
      content: ["Content is required"],
    });
    expect(errorsOf(nepaliSchema("team").safeParse({ role: "", bio: "" }))).toEqual({
      role: ["Role is required"],
      bio: ["Bio is required"],
    });
    for (const kind of ["image", "video"] as const) {
      expect(errorsOf(nepaliSchema(kind).safeParse({ title: "", description: "" }))).toEqual({
        title: ["Title is required"],
        description: ["Description is required"],
      });
    }
  });

  it("ignores the shared fields and trims like the English form", () => {
    const result = nepaliSchema("blog").safeParse({ title: "  दशैं  ", content: "चङ्गा", author: "", media: undefined });
    expect(result.success && result.data).toEqual({ title: "दशैं", content: "चङ्गा" });
    expect(nepaliSchema("team").safeParse({ role: "वार्डेन", bio: "दयालु।" }).success).toBe(true);
    expect(errorsOf(nepaliSchema("team").safeParse({ role: "र".repeat(121), bio: "b" }))).toEqual({
      role: ["Role must be at most 120 characters."],
    });
  });

  it("takes a team member's name in Nepali: optional, trimmed, within the name's length", () => {
    const texts = { role: "वार्डेन", bio: "दयालु।" };
    const named = nepaliSchema("team").safeParse({ local_name: "  आशा थापा ", ...texts });
    expect(named.success && named.data).toEqual({ local_name: "आशा थापा", ...texts });
    expect(nepaliSchema("team").safeParse({ local_name: "", ...texts }).success).toBe(true);
    expect(errorsOf(nepaliSchema("team").safeParse({ local_name: "आ".repeat(121), ...texts }))).toEqual({
      local_name: ["Name must be at most 120 characters."],
    });
    // The shared (English) name is not part of the tab.
    const shared = nepaliSchema("team").safeParse({ name: "Asha", ...texts });
    expect(shared.success && shared.data).toEqual(texts);
  });
});
