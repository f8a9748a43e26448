// The markdown workers' code (bundled on its own by the `workerBundle` Vite plugin, vite-plugins.ts):
// each task is a post's Markdown, each answer its sanitised HTML and plain text.
import os from "node:os";
import { serveTasks } from "../worker-pool.server";
import { renderMarkdownHere } from "./render.server";

// On Linux a thread's nice value is its own (setpriority on the calling thread): rendering gives
// way to the server's main thread, and the CMS beside it, whenever they need the CPU.
if (process.platform === "linux") {
  try {
    os.setPriority(10);
  } catch {
    // Not allowed here: render at the normal priority.
  }
}

serveTasks(renderMarkdownHere);
