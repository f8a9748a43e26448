// @ts-expect-error plain ESM script shared with the start-up scripts
import { ensureCmsBuilt } from '../../../scripts/lib/cms.mjs';

export default function setup() {
  ensureCmsBuilt();
}
