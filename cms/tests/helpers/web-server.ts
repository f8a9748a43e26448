import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
// @ts-expect-error plain ESM script shared with the start-up scripts
import { spawnWeb } from '../../../scripts/lib/web.mjs';
// @ts-expect-error plain ESM script shared with the start-up scripts
import { waitForHttp } from '../../../scripts/lib/cms.mjs';
import { freePort } from './ports';

export { freePort };

export interface TestWeb {
  url: string;
  stop(): Promise<void>;
  logs(): Promise<string>;
}

/** The production build of web (built once in global setup) against a test CMS. */
export async function startTestWeb(
  cms: { url: string; dir: string; env: Record<string, string> },
  env: Record<string, string> = {},
  port?: number,
): Promise<TestWeb> {
  port ??= await freePort();
  const logFile = path.join(cms.dir, `web-${port}.log`);
  const child: ChildProcess = spawnWeb(
    {
      PORT: String(port),
      CMS_URL: cms.url,
      PUBLIC_SITE_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET: cms.env.SESSION_SECRET,
      WEB_PROXY_SECRET: cms.env.WEB_PROXY_SECRET,
      COOKIE_SECURE: 'false',
      ...env,
    },
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const log = createWriteStream(logFile, { flags: 'a' });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  try {
    // Ready: listening, main pages rendered once (the warm-up), the CMS reachable.
    await waitForHttp(`${url}/readyz`, { timeoutMs: 120_000, child });
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- web log ---\n${await readFile(logFile, 'utf8').catch(() => '')}`);
  }
  return {
    url,
    logs: () => readFile(logFile, 'utf8'),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
