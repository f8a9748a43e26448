// budgets, measured on the production build (not timed): the JavaScript and CSS a first
// visit to each public page downloads, gzip-compressed, must stay within 100 KB and 25 KB.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
// The repository's own build cache (scripts/lib): rebuild only when sources changed.
import { buildIfStale } from "../../scripts/lib/build-cache.mjs";
import type { PageHandle } from "~/lib/static-page";

export const BUDGET = { js: 100_000, css: 25_000 };

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildDir = path.join(web, ".test-tmp", "budget-build");
const client = path.join(buildDir, "client");

interface ManifestRoute {
  id: string;
  parentId?: string;
  module: string;
  imports?: string[];
  css?: string[];
}
interface Manifest {
  entry: { module: string; imports: string[]; css?: string[] };
  routes: Record<string, ManifestRoute>;
}

let manifest: Manifest;

beforeAll(() => {
  // Its own build folder, rebuilt only when the sources changed (about 10 s).
  buildIfStale({
    name: "web (bundle budget)",
    root: web,
    inputs: ["app", "public", "package.json", "vite.config.ts", "react-router.config.ts", "tsconfig.json"],
    stampFile: path.join(buildDir, ".build-hash"),
    command: "npx",
    args: ["react-router", "build"],
    env: { WEB_BUILD_DIR: path.relative(web, buildDir), NODE_ENV: "production" },
  });
  const file = readdirSync(path.join(client, "assets")).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  const source = readFileSync(path.join(client, "assets", file!), "utf8");
  manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as Manifest;
}, 300_000);

const gzipSize = (url: string) => gzipSync(readFileSync(path.join(client, url)), { level: 6 }).length;
const sum = (urls: Iterable<string>) => [...new Set(urls)].reduce((total, url) => total + gzipSize(url), 0);

function chain(id: string): ManifestRoute[] {
  const route = manifest.routes[id]!;
  return route.parentId ? [...chain(route.parentId), route] : [route];
}

/** The public pages: every route module under routes/public except the layout. */
function publicPages(): string[] {
  return Object.keys(manifest.routes).filter((id) => id.startsWith("routes/public/") && id !== "routes/public/layout");
}

async function handleOf(id: string): Promise<PageHandle | undefined> {
  const mod = (await import(/* @vite-ignore */ path.join(web, "app", `${id}.tsx`))) as { handle?: PageHandle };
  return mod.handle;
}

function linkedStylesheets(module: string): string[] {
  return [...readFileSync(path.join(client, module), "utf8").matchAll(/"(\/assets\/[\w.-]+\.css)"/g)].map((m) => m[1]!);
}

/** What a first visit downloads: the enhancement script (static pages) or React Router's scripts. */
async function pageAssets(id: string): Promise<{ js: string[]; css: string[] }> {
  const routes = chain(id);
  // Imported CSS, and stylesheets linked by URL (root's `links`: app.css?url) named in the route modules.
  const css = routes.flatMap((r) => [...(r.css ?? []), ...linkedStylesheets(r.module)]);
  if ((await handleOf(id))?.hydrate === false) {
    const enhance = readdirSync(path.join(client, "assets")).filter((f) => /^enhance-[\w-]+\.js$/.test(f));
    expect(enhance, "one enhancement script in the build").toHaveLength(1);
    return { js: [`/assets/${enhance[0]}`], css };
  }
  const js = [manifest.entry.module, ...manifest.entry.imports, ...routes.flatMap((r) => [r.module, ...(r.imports ?? [])])];
  return { js, css };
}

describe("bundle budget of public pages (gzip, production build)", () => {
  it("finds the public pages and the site's stylesheet in the build", () => {
    expect(publicPages().length).toBeGreaterThanOrEqual(9);
    expect(existsSync(path.join(client, "assets"))).toBe(true);
    expect(linkedStylesheets(manifest.routes.root!.module)).toHaveLength(1);
  });

  it(`keeps every public page within ${BUDGET.js / 1000} KB of JavaScript and ${BUDGET.css / 1000} KB of CSS`, async () => {
    const rows: string[] = [];
    const over: string[] = [];
    for (const id of publicPages()) {
      const assets = await pageAssets(id);
      const js = sum(assets.js);
      const css = sum(assets.css);
      rows.push(
        `${id.replace("routes/public/", "").padEnd(14)} JS ${(js / 1000).toFixed(1).padStart(6)} KB  CSS ${(css / 1000).toFixed(1).padStart(5)} KB`,
      );
      if (js > BUDGET.js) over.push(`${id}: JS ${js} B > ${BUDGET.js} B`);
      if (css > BUDGET.css) over.push(`${id}: CSS ${css} B > ${BUDGET.css} B`);
    }
    console.log(`bundle budget (gzip):\n${rows.join("\n")}`);
    expect(over).toEqual([]);
  });

  it("would catch a public page that hydrated (React + React Router alone exceed the budget)", () => {
    const hydrated = [manifest.entry.module, ...manifest.entry.imports, manifest.routes.root!.module];
    expect(sum(hydrated)).toBeGreaterThan(BUDGET.js);
  });
});

// The staff's post form: React, React Router and the admin's form code on first load. The
// formatting editor (ProseMirror and the Markdown reader) is a chunk of its own, fetched at the
// first touch of a post form (app/components/admin/MarkdownField.tsx), never by a page itself.
export const POST_FORM_BUDGET = { js: 250 * 1024 };

describe("script of the post form (gzip, production build)", () => {
  const editorChunks = () => readdirSync(path.join(client, "assets")).filter((f) => /^RichMarkdownEditor-[\w-]+\.js$/.test(f));
  const firstLoad = (id: string) => [
    manifest.entry.module,
    ...manifest.entry.imports,
    ...chain(id).flatMap((r) => [r.module, ...(r.imports ?? [])]),
  ];

  it(`stays within ${POST_FORM_BUDGET.js / 1024} KB on first load, in both screens`, () => {
    expect(editorChunks(), "the editor's own chunk").toHaveLength(1);
    const editor = gzipSize(`/assets/${editorChunks()[0]}`);
    for (const id of ["admin/blog/new", "admin/blog/edit"]) {
      const js = sum(firstLoad(id));
      console.log(
        `${id}: first load ${(js / 1024).toFixed(1)} KB of script (gzip); the editor, at the first touch, ${(editor / 1024).toFixed(1)} KB more`,
      );
      expect(js, id).toBeLessThan(POST_FORM_BUDGET.js);
    }
  });

  it("leaves the editor out of every page's first load", () => {
    const [editor] = editorChunks();
    const loadingIt = Object.keys(manifest.routes).filter((id) => firstLoad(id).some((url) => url.endsWith(`/${editor}`)));
    expect(loadingIt).toEqual([]);
  });
});
