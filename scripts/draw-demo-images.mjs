#!/usr/bin/env node
// Draws the demo content's pictures into cms/demo-content/media/ (`node scripts/draw-demo-images.mjs`).
// Run once when a picture is added or changed, then commit the files: the CMS imports them as
// they are and never draws. The demo videos and their poster frames come from
// scripts/make-demo-videos.sh instead.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { renderJpeg, sceneNames } from "./lib/demo-painter.mjs";
import { cmsDir } from "./lib/paths.mjs";

/** Each picture: its file is `<key>.jpg`; the key also seeds the painter (same key, same picture). */
const PICTURES = [
  // Home page: hero slides, benefit cards, child participation.
  { key: "hero-home", width: 1600, height: 900, scene: "home" },
  { key: "hero-school", width: 1600, height: 900, scene: "school" },
  { key: "hero-festival", width: 1600, height: 900, scene: "festival" },
  { key: "benefit-accommodation", width: 800, height: 600, scene: "home" },
  { key: "benefit-clothing", width: 800, height: 600, scene: "festival" },
  { key: "benefit-uniform", width: 800, height: 600, scene: "school" },
  { key: "benefit-food", width: 800, height: 600, scene: "meal" },
  { key: "benefit-education", width: 800, height: 600, scene: "library" },
  { key: "benefit-health", width: 800, height: 600, scene: "health" },
  { key: "benefit-hygiene", width: 800, height: 600, scene: "home" },
  { key: "benefit-entertainment", width: 800, height: 600, scene: "playground" },
  { key: "benefit-festivals", width: 800, height: 600, scene: "festival" },
  { key: "participation", width: 1200, height: 900, scene: "garden" },
  // Team portraits (-f / -m choose the painter's style).
  { key: "team-sita-sharma-f", width: 600, height: 600, scene: "portrait" },
  { key: "team-ram-bahadur-thapa-m", width: 600, height: 600, scene: "portrait" },
  { key: "team-gita-gurung-f", width: 600, height: 600, scene: "portrait" },
  { key: "team-hari-prasad-adhikari-m", width: 600, height: 600, scene: "portrait" },
  { key: "team-maya-tamang-f", width: 600, height: 600, scene: "portrait" },
  { key: "team-bikash-shrestha-m", width: 600, height: 600, scene: "portrait" },
  // Gallery.
  { key: "gallery-morning-hills", width: 1200, height: 800, scene: "hills" },
  { key: "gallery-our-home", width: 1200, height: 800, scene: "home" },
  { key: "gallery-off-to-school", width: 1200, height: 800, scene: "school" },
  { key: "gallery-dal-bhat", width: 1200, height: 800, scene: "meal" },
  { key: "gallery-vegetable-garden", width: 1200, height: 800, scene: "garden" },
  { key: "gallery-reading-corner", width: 1200, height: 800, scene: "library" },
  { key: "gallery-health-check", width: 1200, height: 800, scene: "health" },
  { key: "gallery-saturday-games", width: 1200, height: 800, scene: "playground" },
  { key: "gallery-dashain-kites", width: 1200, height: 800, scene: "festival" },
  { key: "gallery-tihar-lights", width: 1200, height: 800, scene: "festival" },
  // Blog covers.
  { key: "blog-results-day", width: 1200, height: 675, scene: "school" },
  { key: "blog-dashain", width: 1200, height: 675, scene: "festival" },
  { key: "blog-health-camp", width: 1200, height: 675, scene: "health" },
  { key: "blog-library-corner", width: 1200, height: 675, scene: "library" },
  { key: "blog-tree-planting", width: 1200, height: 675, scene: "garden" },
  { key: "blog-child-club", width: 1200, height: 675, scene: "playground" },
  { key: "blog-saturdays", width: 1200, height: 675, scene: "hills" },
];

const out = path.join(cmsDir, "demo-content", "media");
mkdirSync(out, { recursive: true });
let bytes = 0;
for (const picture of PICTURES) {
  if (!sceneNames.includes(picture.scene)) throw new Error(`${picture.key}: unknown scene ${picture.scene}`);
  const jpeg = await renderJpeg(picture);
  writeFileSync(path.join(out, `${picture.key}.jpg`), jpeg);
  bytes += jpeg.length;
}
console.log(`[demo images] ${PICTURES.length} pictures, ${(bytes / 1024).toFixed(0)} KB, in ${path.relative(process.cwd(), out) || out}`);
