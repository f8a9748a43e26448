// Provided by @react-router/dev's Vite plugin at build time.
declare module "virtual:react-router/server-build";
