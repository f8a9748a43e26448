// Provided by the enhance-script plugin in vite.config.ts: the URL of the built app/enhance/main.ts.
declare module "virtual:enhance-script" {
  const url: string;
  export default url;
}
