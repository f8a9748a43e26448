#!/usr/bin/env node
// `npm run content:export -- DIR [--public-only]` and `npm run content:import -- DIR [--dry-run]`: the site's
// content as a folder of Markdown, YAML and media files a person can read, edit and diff (format:
// README, "Content folders"). Both run against the database and uploads the CMS is configured with
// (same environment as `npm start`); the CMS may be running.
import path from "node:path";
import { webRevalidateUrl, withCms } from "./lib/cms.mjs";

const [command, ...rest] = process.argv.slice(2);
const dryRun = rest.includes("--dry-run");
// Leaves out safeguarding/ (consent records, children's names): for a folder to share or publish.
const publicOnly = rest.includes("--public-only");
const dir = rest.find((arg) => !arg.startsWith("--"));
if (!["export", "import"].includes(command) || !dir || (dryRun && command !== "import") || (publicOnly && command !== "export")) {
  console.error("Usage: npm run content:export -- DIR [--public-only]\n       npm run content:import -- DIR [--dry-run]");
  process.exit(2);
}
const root = path.resolve(dir);

const describe = (problem) => `${problem.file}${problem.field ? `: ${problem.field}` : ""}: ${problem.message}`;

const exitCode = await withCms(
  async (_strapi, load) => {
    const { exportFolder, importFolder } = load("content-folder");
    if (command === "export") {
      const report = await exportFolder(root, { publicOnly });
      for (const file of report.removed) console.log(`removed   ${file}`);
      console.log(
        `[content] exported ${report.entries} entries and ${report.pages} pages to ${root} (${report.written.length} files written, ${report.removed.length} removed)`,
      );
      return 0;
    }
    const report = await importFolder(root, { dryRun });
    if (report.problems.length > 0) {
      for (const problem of report.problems) console.error(describe(problem));
      console.error(`[content] ${report.problems.length} problem(s) in ${root}: nothing was imported.`);
      return 1;
    }
    const counts = { create: 0, update: 0, unchanged: 0 };
    for (const item of [...report.entries, ...report.pages]) {
      counts[item.action] += 1;
      const id = item.id ? ` (id ${item.id})` : "";
      console.log(`${item.action.padEnd(9)} ${item.file}${id}${item.note ? ` - ${item.note}` : ""}`);
    }
    const summary = `${counts.create} to create, ${counts.update} to update, ${counts.unchanged} unchanged`;
    console.log(
      dryRun
        ? `[content] dry run: ${summary}; nothing was changed.`
        : `[content] imported: ${counts.create} created, ${counts.update} updated, ${counts.unchanged} unchanged.`,
    );
    return 0;
  },
  { env: { WEB_REVALIDATE_URL: command === "import" && !dryRun ? await webRevalidateUrl() : "" } },
);
process.exit(exitCode);
