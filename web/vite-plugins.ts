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
