import { intFromEnv } from './limits';

/** Housekeeping of uploaded files (src/bootstrap/uploads.ts). */
export default () => ({
  // Files left by a crash are removed at boot once older than this, so another CMS process's
  // upload in flight is never taken for one.
  orphanSweepMinAgeMs: intFromEnv('ORPHAN_SWEEP_MIN_AGE_MS', 15 * 60_000, 0),
});
