import { spawn } from 'node:child_process';
import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '../../..');

export interface ScriptResult {
  status: number | null;
  stdout: string;
  stderr: string;
  output: string;
}

/**
 * Runs one of the repository's scripts (scripts/*.mjs) as a person would, with the CMS's
 * environment. Asynchronous, so the test process keeps serving its own sockets meanwhile.
 */
export function runScript(script: string, args: string[], env: Record<string, string>): Promise<ScriptResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'scripts', script), ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr, output: `${stdout}\n${stderr}` }));
  });
}

/** runScript that must succeed. */
export async function runScriptOk(script: string, args: string[], env: Record<string, string>) {
  const result = await runScript(script, args, env);
  if (result.status !== 0) throw new Error(`${script} ${args.join(' ')} failed (${result.status}):\n${result.output}`);
  return result;
}
