// @ts-expect-error plain ESM script shared with the start-up scripts
import { ensureCmsBuilt } from '../../../scripts/lib/cms.mjs';
// @ts-expect-error plain ESM script shared with the start-up scripts
import { ensureWebBuilt } from '../../../scripts/lib/web.mjs';

// Built once, before any test file runs: files run in parallel and must not build at the same time.
export default function setup() {
  ensureCmsBuilt();
  // The full-stack tests (load, recovery, several processes) serve web's production build.
  ensureWebBuilt();
}
