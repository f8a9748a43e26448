#!/usr/bin/env node
// `npm run bench:typing`: typing in the post editor on a cheap phone.
// Chromium (360 px wide, CPU 4x slower by CDP emulation) signs in to the production build and types,
// as a person types, into the post form's editor:
// - a new post: three English paragraphs, one sentence in bold (Ctrl+B), Enter between paragraphs;
// - the longest demo post, at its end (the editor's work grows with the document);
// - the same post's Nepali tab, in Devanagari, committed word by word as an input method does.
// For each keystroke that inserts text (each `beforeinput`; the editor takes Enter and Ctrl+B on
// keydown), the time from the event until the browser starts its next frame after the editor has
// handled it: what the typist waits for before the letter can show.
// Not Chromium's Event Timing (key to presented paint): headless without a GPU reports some
// presentations seconds late while its frames start on time, which would measure the test browser.
// Prints a Markdown report; `--docs` writes it into docs/performance.md.
// Env: BENCH_PORT_BASE (4100: CMS, then web), BENCH_KEY_DELAY_MS (120: about 8 characters a second),
// CHROMIUM_PATH (/usr/bin/chromium).
import {
  ensureBenchBuilds,
  freshScratch,
  launchPhone,
  machineDescription,
  signInAsBenchStaff,
  startCms,
  startWeb,
  stopAll,
  writeDocsBlock,
} from "./lib/bench-stack.mjs";
import { percentile } from "./lib/percentile.mjs";

const base = Number(process.env.BENCH_PORT_BASE ?? 4100);
const keyDelayMs = Number(process.env.BENCH_KEY_DELAY_MS ?? 120);
const CPU_SLOWDOWN = 4;
const children = [];

// A new post as a caregiver writes it: three paragraphs, one phrase in bold.
const NEW_POST = [
  ["Dashain came to the home this week, and the children were up before the sun to help."],
  ["The older girls made the tika with rice and yoghurt, ", { bold: "and the little ones tied the swing" }, " by the gate."],
  ["Thank you to everyone who sent new clothes: every child had something new to wear on the day."],
];
const ENGLISH = NEW_POST.map((parts) => parts.map((part) => (typeof part === "string" ? part : part.bold)).join(""));
const NEPALI_WORDS = "दशैँमा बालबालिकाले टीका लगाए र आँगनमा पिङ खेले। सबैलाई नयाँ लुगा दिनुहुने दाताहरूलाई धन्यवाद।".split(" ");

/**
 * Runs in the page: the latency of each keystroke (beforeinput to the start of the next frame after
 * it is handled).
 */
/* global window, document, requestAnimationFrame */
function recordTyping() {
  // takeRecord swaps in an empty record: the listeners write to whichever is current.
  window.__typing = { keys: [] };
  document.addEventListener(
    "beforeinput",
    (event) => {
      const started = event.timeStamp;
      requestAnimationFrame(() => {
        // The frame's callbacks run before it paints: the next task is after the frame has begun.
        const channel = new MessageChannel();
        channel.port1.onmessage = () => window.__typing.keys.push(performance.now() - started);
        channel.port2.postMessage(null);
      });
    },
    true,
  );
}

const editor = (page, name = "Content") => page.getByRole("textbox", { name, exact: true });

async function takeRecord(page) {
  return page.evaluate(() => {
    const record = window.__typing;
    window.__typing = { keys: [] };
    return record;
  });
}

/** Waits until every keystroke typed has had its frame measured (no new one for a second). */
async function settle(page) {
  let last = -1;
  for (;;) {
    const count = await page.evaluate(() => window.__typing.keys.length);
    if (count === last) return;
    last = count;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function typeNewPost(page, baseUrl) {
  await page.goto(`${baseUrl}/blogs/new`);
  await page.locator("html[data-hydrated]").waitFor();
  await page.getByLabel("Title").fill(`Dashain ${Date.now().toString(36)}`);
  await page.getByTestId("rich-editor").waitFor();
  await editor(page).click();
  await takeRecord(page);
  for (const [i, parts] of NEW_POST.entries()) {
    for (const part of parts) {
      if (typeof part === "string") await page.keyboard.type(part, { delay: keyDelayMs });
      else {
        await page.keyboard.press("Control+b");
        await page.keyboard.type(part.bold, { delay: keyDelayMs });
        await page.keyboard.press("Control+b");
      }
    }
    if (i < NEW_POST.length - 1) await page.keyboard.press("Enter", { delay: keyDelayMs });
  }
  await settle(page);
  return { what: "new post, three English paragraphs with bold", document: ENGLISH.join("\n\n").length, ...(await takeRecord(page)) };
}

async function typeAtEndOf(page, baseUrl, post, language) {
  const nepali = language === "ne";
  await page.goto(`${baseUrl}/blogs/edit/${post.id}${nepali ? "?lang=ne" : ""}`);
  await page.locator("html[data-hydrated]").waitFor();
  if (nepali) {
    const title = page.getByLabel("Title in Nepali");
    if (!(await title.inputValue())) await title.fill("दशैँ");
    else await title.press("End");
  } else await page.getByLabel("Title").press("End");
  await page.getByTestId("rich-editor").waitFor();
  const box = editor(page, nepali ? "Content in Nepali" : "Content");
  await box.click();
  await page.keyboard.press("Control+End");
  await takeRecord(page);
  if (nepali) {
    // An input method commits a word at a time; the space is its own keystroke.
    for (const word of NEPALI_WORDS) {
      await page.keyboard.insertText(word);
      await page.keyboard.type(" ", { delay: keyDelayMs });
    }
  } else {
    await page.keyboard.press("Enter");
    for (const paragraph of ENGLISH) await page.keyboard.type(`${paragraph} `, { delay: keyDelayMs });
  }
  await settle(page);
  const document = (await box.textContent())?.length ?? 0;
  return {
    what: nepali ? "the longest demo post's Nepali tab, Devanagari word by word" : "the longest demo post, at its end",
    document,
    ...(await takeRecord(page)),
  };
}

async function main() {
  const buildDir = ensureBenchBuilds();
  const dir = freshScratch("bench-typing");
  const cms = await startCms({ port: base, dir });
  children.push(cms.child);
  const web = await startWeb({ port: base + 1, cmsUrl: cms.url, buildDir });
  children.push(web.child);

  // The longest post of the demo content, by its English text.
  const posts = (await (await fetch(`${cms.url}/api/blog?pageSize=100`)).json()).results ?? [];
  const longest = posts.reduce((best, post) => ((post.content ?? "").length > (best?.content ?? "").length ? post : best), null);
  if (!longest) throw new Error("the demo content has no post");

  const { browser, context } = await launchPhone();
  const rows = [];
  try {
    await context.addInitScript(recordTyping);
    const page = await context.newPage();
    await signInAsBenchStaff(page, web.url);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });

    for (const run of [
      () => typeNewPost(page, web.url),
      () => typeAtEndOf(page, web.url, longest, "en"),
      () => typeAtEndOf(page, web.url, longest, "ne"),
    ]) {
      const result = await run();
      const row = {
        what: result.what,
        document: result.document,
        keys: result.keys.length,
        p50: percentile(result.keys, 50),
        p95: percentile(result.keys, 95),
        max: Math.max(...result.keys),
      };
      rows.push(row);
      console.log(row);
    }
  } finally {
    await browser.close();
  }

  const machine = machineDescription();
  const ms = (value) => `${Math.round(value)} ms`;
  const report = [
    `Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC by \`npm run bench:typing\`: Chromium at 360 px, CPU ${CPU_SLOWDOWN}x slower (CDP emulation),`,
    `production build, one keystroke every ${keyDelayMs} ms; from each keystroke that inserts text to the start of the next frame after the editor handled it. Machine: ${machine.cpu}, load average ${machine.loadAverage}.`,
    "",
    "| typing | text in the editor | keystrokes | p50 | p95 | slowest |",
    "| --- | ---: | ---: | ---: | ---: | ---: |",
    ...rows.map(
      (row) =>
        `| ${row.what} | ${row.document.toLocaleString("en")} characters | ${row.keys} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.max)} |`,
    ),
  ].join("\n");
  console.log(`\n${report}`);
  if (process.argv.includes("--docs")) writeDocsBlock("typing", report);
}

try {
  await main();
} finally {
  await stopAll(children);
}
