import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { publicPageHeaders } from "~/lib/http-cache";
import type { PageHandle } from "~/lib/static-page";

// The page cache keys a public page by its path and the query parameters its route declares, and
// renders it with those only (server/page-handler.ts pageKey): a page that left one out would
// never see it.
const files = readdirSync(__dirname).filter((file) => file.endsWith(".tsx") && !file.includes(".test."));

describe("public pages", () => {
  it("each page that may be kept declares the query parameters it reads", async () => {
    const declared: Record<string, readonly string[] | undefined> = {};
    for (const file of files) {
      const route = (await import(`./${file}`)) as { headers?: unknown; handle?: PageHandle };
      if (route.headers === publicPageHeaders) declared[file] = route.handle?.query;
    }
    expect(declared).toEqual({
      "blog-details.tsx": [],
      "blogs.tsx": ["page"],
      "committee.tsx": ["page"],
      "contact.tsx": [],
      "donate.tsx": [],
      // The open tab, its page, and the image whose dialog is open.
      "gallery.tsx": ["image", "page", "tab"],
      "home.tsx": [],
      // Every other path, React Router's /__manifest?paths=...&version=... among them: never kept.
      "not-found.tsx": undefined,
      "objectives.tsx": [],
      "organization.tsx": [],
    });
  });
});
