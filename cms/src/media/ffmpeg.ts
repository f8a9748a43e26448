import { spawn } from 'child_process';
import { setPriority } from 'os';
import { ffmpegPath } from '../../config/media';

export class FfmpegError extends Error {}

export const hasFfmpeg = () => ffmpegPath() !== null;

/**
 * Runs ffmpeg with `args` (never through a shell) and resolves with what it printed on stderr.
 * `lowPriority`: at the lowest CPU priority, so visitors and staff are served first.
 * Killed after `timeoutMs`; any exit but 0 is an FfmpegError with the end of its output.
 */
export function runFfmpeg(
  args: string[],
  { timeoutMs, lowPriority = false, signal }: { timeoutMs: number; lowPriority?: boolean; signal?: AbortSignal },
): Promise<string> {
  const binary = ffmpegPath();
  if (!binary) return Promise.reject(new FfmpegError('ffmpeg is not installed'));
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ['-hide_banner', '-nostdin', '-y', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    if (lowPriority && child.pid) {
      try {
        setPriority(child.pid, 19);
      } catch {
        // Not allowed here: it runs at normal priority.
      }
    }
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      // Only the end matters (the error is printed last); a long conversion prints a lot.
      stderr = (stderr + chunk.toString('utf8')).slice(-16_384);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    // The CMS stopping ends a conversion at once; it is done again at the next boot.
    const abort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', abort, { once: true });
    child.on('error', (error) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
      reject(new FfmpegError(`ffmpeg could not be started: ${error.message}`));
    });
    child.on('close', (code, killedBy) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
      if (code === 0) resolve(stderr);
      else
        reject(
          new FfmpegError(
            killedBy ? `ffmpeg was stopped (${killedBy})` : `ffmpeg failed: ${stderr.trim().split('\n').slice(-3).join(' ')}`,
          ),
        );
    });
  });
}
