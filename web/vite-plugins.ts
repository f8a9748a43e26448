import path from "node:path";
import { build as esbuild } from "esbuild";
import type { Plugin } from "vite";

/**
 * Code for worker threads (app/lib/worker-pool.server.ts): `import code from "virtual:<name>"`
 * gives the module `entry` bundled on its own with everything it imports, as a CommonJS string a
 * Worker runs with `eval`. So the worker needs no file of its own beside the server build, and
 * runs the same from the build, the dev server (rebuilt when one of its files changes) and tests.
 */
export function workerBundle({ name, entry }: { name: string; entry: string }): Plugin {
  const virtualId = `virtual:${name}`;
  const resolvedId = `\0${virtualId}`;
  return {
    name: `worker-bundle:${name}`,
    resolveId(id) {
      return id === virtualId ? resolvedId : undefined;
    },
    async load(id) {
      if (id !== resolvedId) return undefined;
      const result = await esbuild({
        entryPoints: [entry],
        bundle: true,
        platform: "node",
        format: "cjs",
        target: "node20",
        minify: true,
        keepNames: true,
        write: false,
        metafile: true,
        legalComments: "none",
        tsconfig: "tsconfig.json",
        logLevel: "silent",
      });
      for (const input of Object.keys(result.metafile.inputs)) {
        if (!input.includes("node_modules")) this.addWatchFile(path.resolve(input));
      }
      return `export default ${JSON.stringify(result.outputFiles[0]!.text)};`;
    },
  };
}

/** The markdown workers (app/lib/markdown/markdown.server.ts). */
export const markdownWorker = () => workerBundle({ name: "markdown-worker", entry: "app/lib/markdown/worker.server.ts" });

const UNUSED_MARKDOWN_IT = "\0prosemirror-markdown-default-parser";

/**
 * Keeps the staff editor's chunk small in the browser build: prosemirror-markdown's own markdown-it
 * (a second copy, for a default parser the editor does not use: it reads posts with the site's
 * markdown-it) becomes an empty stand-in, and markdown-it's entity tables give way to the browser's
 * decoder (app/lib/markdown/entities-browser.ts). The server build and the tests keep both packages.
 */
export function leanEditorBundle(): Plugin {
  return {
    name: "lean-editor-bundle",
    enforce: "pre",
    resolveId(source, importer, options) {
      if (options?.ssr || !importer) return null;
      if (source === "markdown-it" && importer.includes("/node_modules/prosemirror-markdown/")) return UNUSED_MARKDOWN_IT;
      if (source === "entities" && importer.includes("/node_modules/markdown-it/")) {
        return path.resolve("app/lib/markdown/entities-browser.ts");
      }
      return null;
    },
    load(id) {
      return id === UNUSED_MARKDOWN_IT ? "export default function MarkdownIt() { return {}; }" : null;
    },
  };
}
