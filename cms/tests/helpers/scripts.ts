import { spawnSync } from 'node:child_process';
import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '../../..');

/** Runs one of the repository's scripts (scripts/*.mjs) as a person would, with the CMS's environment. */
export function runScript(script: string, args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'scripts', script), ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, output: `${result.stdout}\n${result.stderr}` };
}

/** runScript that must succeed. */
export function runScriptOk(script: string, args: string[], env: Record<string, string>) {
  const result = runScript(script, args, env);
  if (result.status !== 0) throw new Error(`${script} ${args.join(' ')} failed (${result.status}):\n${result.output}`);
  return result;
}
