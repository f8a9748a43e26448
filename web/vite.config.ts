import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig(({ isSsrBuild }) => ({
  // The server build's entry is our Express app (server/app.ts), which wraps React
  // Router's request handler with headers, the /uploads proxy and static files.
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : { target: "es2020" },
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
  server: { host: "127.0.0.1", port: 3000 },
}));
