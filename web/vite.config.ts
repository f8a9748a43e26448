import { createHash } from "node:crypto";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { build as esbuild } from "esbuild";
import { defineConfig, type Plugin } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { leanEditorBundle, markdownWorker } from "./vite-plugins";

const ENHANCE_ENTRY = "app/enhance/main.ts";
const VIRTUAL_ID = "virtual:enhance-script";

/**
 * The script public pages get instead of React (app/enhance/; docs/decisions/006-public-pages-
 * without-react.md): bundled and minified on its own with esbuild, written to the client build as
 * assets/enhance-<content hash>.js (cached for a year like every asset), and its URL exported as
 * `virtual:enhance-script` to root.tsx. Both builds (client and server) compute the same name.
 * In development the dev server serves the source module itself.
 */
function enhanceScript(): Plugin {
  let command: "build" | "serve" = "serve";
  let ssr = false;
  let fileName = "";
  let code = "";
  return {
    name: "enhance-script",
    configResolved(config) {
      command = config.command;
      ssr = Boolean(config.build.ssr);
    },
    async buildStart() {
      if (command !== "build") return;
      const result = await esbuild({
        entryPoints: [ENHANCE_ENTRY],
        bundle: true,
        minify: true,
        format: "esm",
        target: "es2020",
        write: false,
        legalComments: "none",
        tsconfig: "tsconfig.json",
      });
      code = result.outputFiles[0]!.text;
      const hash = createHash("sha256").update(code).digest("base64url").replace(/[-_]/g, "").slice(0, 8);
      fileName = `assets/enhance-${hash}.js`;
      if (!ssr) this.emitFile({ type: "asset", fileName, source: code });
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? `\0${VIRTUAL_ID}` : undefined;
    },
    load(id) {
      if (id !== `\0${VIRTUAL_ID}`) return undefined;
      const url = command === "build" ? `/${fileName}` : `/${ENHANCE_ENTRY}`;
      return `export default ${JSON.stringify(url)};`;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // The server build's entry is our Express app (server/app.ts), which wraps React
  // Router's request handler with headers, the /uploads proxy and static files.
  build: {
    ...(isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : { target: "es2020" }),
    // Fonts stay files, however small: the CSP's font-src is 'self' (no data: URIs).
    assetsInlineLimit: (file: string) => (file.endsWith(".woff2") ? false : undefined),
  },
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths(), enhanceScript(), markdownWorker(), leanEditorBundle()],
  // The contract's rules are the CMS's own files (cms/src/contract/shared, `@contract/*` in
  // tsconfig.json): the dev server may serve them to the browser.
  server: { host: "127.0.0.1", port: 3000, fs: { allow: [".", "../cms/src/contract/shared"] } },
}));
