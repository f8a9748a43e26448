import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";
import { markdownWorker } from "./vite-plugins";

// Separate from vite.config.ts: the React Router plugin is for the app build, not for
// testing modules and components in isolation.
export default defineConfig({
  plugins: [tsconfigPaths(), markdownWorker()],
  esbuild: { jsx: "automatic" },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "test/**/*.test.ts"],
    environment: "node",
    // Component tests opt into a DOM with a `// @vitest-environment jsdom` first line.
    setupFiles: ["./test/setup.ts"],
    restoreMocks: true,
  },
});
