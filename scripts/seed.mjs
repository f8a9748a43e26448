#!/usr/bin/env node
// `npm run seed`: boots the CMS once with seeding on (staff login, console admin, demo content
// into empty collections), then stops it. Idempotent: a second run changes nothing.
import { ensureCmsBuilt, spawnCms, waitForHttp } from './lib/cms.mjs';

const port = process.env.CMS_PORT || '1337';
ensureCmsBuilt();
const cms = spawnCms({ SEED_DEMO_CONTENT: 'true', NODE_ENV: process.env.NODE_ENV || 'development' });
try {
  await waitForHttp(`http://127.0.0.1:${port}/_health`, { timeoutMs: 180_000, child: cms });
  console.log('[seed] done');
} finally {
  cms.kill('SIGTERM');
}
