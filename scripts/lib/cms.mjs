import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildIfStale } from './build-cache.mjs';
import { cmsSecrets, quietStrapiEnv } from './cms-env.mjs';
import { cmsDir } from './paths.mjs';

const strapiBin = path.join(cmsDir, 'node_modules', '@strapi', 'strapi', 'bin', 'strapi.js');

export function ensureCmsBuilt() {
  if (!existsSync(strapiBin)) throw new Error('cms/ is not installed: run `npm install` at the repository root first.');
  return buildIfStale({
    name: 'CMS',
    root: cmsDir,
    inputs: ['src', 'config', 'package.json', 'tsconfig.json'],
    stampFile: path.join(cmsDir, 'dist', '.build-hash'),
    command: process.execPath,
    args: [strapiBin, 'build', '--minify'],
    env: { ...quietStrapiEnv, ...cmsSecrets(), NODE_ENV: 'production' },
  });
}

/** The environment a CMS process runs with: secrets, quiet flags, then the caller's overrides. */
export function cmsEnv(overrides = {}) {
  // glibc gives each of libvips's threads its own heap and keeps what image processing freed:
  // two arenas keep the CMS's memory after a large picture near what the picture needed (sharp's advice).
  return { MALLOC_ARENA_MAX: '2', ...process.env, ...quietStrapiEnv, ...cmsSecrets(), ...overrides };
}

/** Starts the built CMS (`strapi start`) as a child process. */
export function spawnCms(overrides = {}, options = {}) {
  const env = cmsEnv(overrides);
  if (!env.DATABASE_CLIENT || env.DATABASE_CLIENT === 'sqlite') {
    const file = path.resolve(cmsDir, env.DATABASE_FILENAME || '.tmp/data.db');
    mkdirSync(path.dirname(file), { recursive: true });
  }
  const publicDir = path.resolve(cmsDir, env.STRAPI_PUBLIC_DIR || 'public');
  mkdirSync(path.join(publicDir, 'uploads'), { recursive: true });
  return spawn(process.execPath, [strapiBin, 'start'], { cwd: cmsDir, env, stdio: options.stdio ?? 'inherit' });
}

export async function waitForHttp(url, { timeoutMs = 60_000, child } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`process exited with code ${child.exitCode} before ${url} answered`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}
