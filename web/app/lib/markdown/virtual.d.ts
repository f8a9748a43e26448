// Provided by the workerBundle plugin (vite-plugins.ts): app/lib/markdown/worker.server.ts and
// everything it imports, bundled as CommonJS for a Worker's `eval`.
declare module "virtual:markdown-worker" {
  const code: string;
  export default code;
}
