import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports';

/** Debian's redis-server (`apt-get install -y redis-server`; .ci/run installs it), or REDIS_SERVER_PATH. */
export function redisServerPath(): string | null {
  const candidates = process.env.REDIS_SERVER_PATH
    ? [process.env.REDIS_SERVER_PATH]
    : (process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, 'redis-server'));
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

export interface TestRedis {
  url: string;
  /** Stops the server, as an outage would (its counts are gone: it saves nothing). */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  close(): Promise<void>;
}

/**
 * A throwaway redis-server on a free port, in a temporary folder, saving nothing; ended by `close`.
 * Fails (never skips) when redis-server is missing, so CI cannot pass without the tests.
 */
export async function startTestRedis(): Promise<TestRedis> {
  const binary = redisServerPath();
  if (!binary) throw new Error('redis-server is not installed: apt-get install -y redis-server (.ci/run installs it)');
  const port = await freePort();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'redis-test-'));
  let child: ChildProcess | undefined;

  const start = () =>
    new Promise<void>((resolve, reject) => {
      const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--dir', dir];
      const server = spawn(binary, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
      child = server;
      let output = '';
      const timer = setTimeout(() => {
        server.kill('SIGKILL');
        reject(new Error(`redis-server did not start within 10 s:\n${output}`));
      }, 10_000);
      server.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      server.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      server.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited (${code}) before it was ready:\n${output}`));
      });
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      const server = child;
      if (!server || server.exitCode !== null || server.signalCode !== null) return resolve();
      server.once('exit', () => resolve());
      server.kill('SIGKILL');
    });

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    async close() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
