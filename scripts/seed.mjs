#!/usr/bin/env node
// `npm run seed`: loads the CMS once (no server) to create the staff login and the console admin
// and, in a brand-new database, the demo content (cms/demo-content/; SEED_DEMO_CONTENT decides,
// off in production unless set). Running it again changes nothing.
// `npm run seed -- --remove-demo`: deletes the demo entries nobody has edited, in both languages,
// with their files (the dashboard's "Remove demo content").
import { webRevalidateUrl, withCms } from "./lib/cms.mjs";

const removeDemo = process.argv.includes("--remove-demo");
const unknown = process.argv.slice(2).filter((arg) => arg !== "--remove-demo");
if (unknown.length > 0) {
  console.error("Usage: npm run seed [-- --remove-demo]");
  process.exit(2);
}

await withCms(
  async (strapi) => {
    const demo = strapi.service("api::demo-content.demo-content");
    if (removeDemo) {
      const removed = await demo.remove();
      console.log(removed > 0 ? `[seed] removed ${removed} demo entries` : "[seed] no demo content left to remove");
    } else {
      console.log(`[seed] done; the site shows ${await demo.count()} demo entries`);
    }
  },
  { seed: !removeDemo, env: { WEB_REVALIDATE_URL: removeDemo ? await webRevalidateUrl() : "" } },
);
