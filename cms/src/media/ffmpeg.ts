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
  { timeoutMs, lowPriority = false }: { timeoutMs: number; lowPriority?: boolean },
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
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new FfmpegError(`ffmpeg could not be started: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(stderr);
      else
        reject(
          new FfmpegError(signal ? `ffmpeg was stopped (${signal})` : `ffmpeg failed: ${stderr.trim().split('\n').slice(-3).join(' ')}`),
        );
    });
  });
}
