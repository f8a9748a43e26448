import type { Config } from "@react-router/dev/config";

export default {
  // Every public page must be complete in the server's HTML (it has to read right with
  // JavaScript off), so the app is always server-rendered.
  ssr: true,
  appDirectory: "app",
  // Browser tests build into their own folder (WEB_BUILD_DIR), so a test run and a
  // developer's `npm run build` never overwrite each other's files.
  buildDirectory: process.env.WEB_BUILD_DIR ?? "build",
  future: {
    // Each route's loader/action/component become separate chunks: pages download only
    // the code they render (budgets).
    v8_splitRouteModules: true,
    // Plain AppLoadContext ({ nonce }) from server/app.ts; revisit with React Router 8.
    v8_middleware: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
