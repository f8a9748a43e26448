#!/usr/bin/env node
// Builds what changed: the CMS (TypeScript + console) and the web app.
import { ensureCmsBuilt } from "./lib/cms.mjs";
import { ensureWebBuilt } from "./lib/web.mjs";

ensureCmsBuilt();
ensureWebBuilt();
