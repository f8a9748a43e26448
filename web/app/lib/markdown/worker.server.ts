// The markdown workers' code (bundled on its own by the `workerBundle` Vite plugin, vite-plugins.ts):
// each task is a post's Markdown, each answer its sanitised HTML and plain text.
import { serveTasks } from "../worker-pool.server";
import { renderMarkdownHere } from "./render.server";

serveTasks(renderMarkdownHere);
