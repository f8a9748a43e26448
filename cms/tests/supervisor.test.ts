import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script shared with the start-up scripts
import { BACKOFF, supervise } from '../../scripts/lib/supervisor.mjs';

/** A stand-in child process: the test decides when it is ready and when it exits. */
class FakeChild extends EventEmitter {
  static nextPid = 100;
  pid = FakeChild.nextPid++;
  exitCode: number | null = null;
  signalCode: string | null = null;
  signals: string[] = [];
  private readyGate!: { resolve: () => void; reject: (error: Error) => void };
  readonly readyPromise = new Promise<void>((resolve, reject) => (this.readyGate = { resolve, reject }));

  becomeReady() {
    this.readyGate.resolve();
  }
  exit(code: number | null, signal: string | null = null) {
    this.exitCode = code;
    this.signalCode = signal;
    this.readyGate.reject(new Error('exited'));
    this.emit('exit', code, signal);
  }
  kill(signal: string) {
    this.signals.push(signal);
    return true;
  }
}

/** Timers and a clock the test moves by hand. */
function fakeTime() {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; run: () => void }>();
  return {
    now: () => now,
    setTimeout: (run: () => void, ms: number) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, run });
      return id;
    },
    clearTimeout: (id: number) => void timers.delete(id),
    /** Moves the clock, running the timers that fall due. */
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].run();
      }
      now = until;
    },
    pending: () => timers.size,
  };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

function setup() {
  const time = fakeTime();
  const children: FakeChild[] = [];
  const lines: string[] = [];
  const fatal: number[] = [];
  const supervisor = supervise({
    name: 'CMS',
    start: () => {
      const child = new FakeChild();
      children.push(child);
      return child;
    },
    ready: (child: FakeChild) => child.readyPromise,
    log: (line: string) => lines.push(line),
    onFatal: (code: number) => fatal.push(code),
    setTimeout: time.setTimeout,
    clearTimeout: time.clearTimeout,
    now: time.now,
  });
  return { time, children, lines, fatal, supervisor };
}

describe('supervise (npm start keeps its processes running)', () => {
  it('restarts a process that dies, with a log line and a growing backoff, and says when it is back', async () => {
    const { time, children, lines, supervisor } = setup();
    children[0].becomeReady();
    await supervisor.firstReady;

    children[0].exit(null, 'SIGKILL');
    expect(lines.at(-1)).toBe(`[start] CMS was killed by SIGKILL; restarting in ${BACKOFF.initialMs / 1000} s`);
    time.advance(BACKOFF.initialMs - 1);
    expect(children).toHaveLength(1);
    time.advance(1);
    expect(children).toHaveLength(2);
    expect(lines.at(-1)).toBe(`[start] CMS restarted (restart 1), pid ${children[1].pid}`);
    expect(supervisor.pid).toBe(children[1].pid);

    // Dies again at once, and again: 2 s, then 4 s.
    children[1].exit(1);
    expect(lines.at(-1)).toBe('[start] CMS exited with code 1; restarting in 2 s');
    time.advance(2000);
    children[2].exit(1);
    expect(lines.at(-1)).toBe('[start] CMS exited with code 1; restarting in 4 s');
    time.advance(4000);
    children[3].becomeReady();
    await flush();
    expect(lines.at(-1)).toBe(`[start] CMS is back (pid ${children[3].pid})`);
    expect(supervisor.restarts).toBe(3);
  });

  it('caps the backoff, and starts over after a process stayed up a while', async () => {
    const { time, children, lines, supervisor } = setup();
    children[0].becomeReady();
    await supervisor.firstReady;
    let last = children[0];
    for (let i = 0; i < 8; i++) {
      last.exit(1);
      time.advance(BACKOFF.maxMs);
      last = children.at(-1)!;
    }
    expect(lines.at(-2)).toBe(`[start] CMS exited with code 1; restarting in ${BACKOFF.maxMs / 1000} s`);
    time.advance(BACKOFF.resetAfterMs);
    last.exit(1);
    expect(lines.at(-1)).toBe(`[start] CMS exited with code 1; restarting in ${BACKOFF.initialMs / 1000} s`);
  });

  it('does not restart a process that fails its very first start (a configuration error)', async () => {
    const { time, children, lines, fatal, supervisor } = setup();
    children[0].exit(1);
    await expect(supervisor.firstReady).rejects.toThrow('CMS exited with code 1 before it was ready');
    expect(fatal).toEqual([1]);
    expect(lines.at(-1)).toContain('not restarting');
    time.advance(BACKOFF.maxMs * 10);
    expect(children).toHaveLength(1);
  });

  it('stops for good: SIGTERM, then SIGKILL if the process does not go, and no restart after', async () => {
    const { time, children, supervisor } = setup();
    children[0].becomeReady();
    await supervisor.firstReady;
    const stopped = supervisor.stop({ graceMs: 5000 });
    expect(children[0].signals).toEqual(['SIGTERM']);
    time.advance(5000);
    expect(children[0].signals).toEqual(['SIGTERM', 'SIGKILL']);
    children[0].exit(null, 'SIGKILL');
    await stopped;
    time.advance(BACKOFF.maxMs);
    expect(children).toHaveLength(1);
    expect(time.pending()).toBe(0);
  });

  it('cancels a restart that is waiting when stopped', async () => {
    const { time, children, supervisor } = setup();
    children[0].becomeReady();
    await supervisor.firstReady;
    children[0].exit(1);
    await supervisor.stop();
    time.advance(BACKOFF.maxMs);
    expect(children).toHaveLength(1);
  });

  it('gives up waiting for the first start when stopped during it', async () => {
    const { supervisor } = setup();
    void supervisor.stop();
    await expect(supervisor.firstReady).rejects.toThrow('CMS stopped');
  });
});
