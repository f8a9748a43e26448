// Keeps one child process running (`npm start` supervises the CMS and the web app with it): a
// process that exits is started again after a backoff, with a log line; stop() ends it for good.

/** Restart delays: 1 s, doubled after each quick exit up to 30 s; back to 1 s after a minute up. */
export const BACKOFF = { initialMs: 1000, maxMs: 30_000, resetAfterMs: 60_000 };

/**
 * Runs `start()` (returns a ChildProcess) and starts it again whenever it exits, until `stop()`.
 * `ready(child)` resolves once the new process serves (its health check answers) and rejects if it
 * exits first. A process that exits before it was ever ready on its very first start is not
 * restarted: that is a configuration error, which every restart would repeat; `onFatal` is told.
 *
 * Options: name, start, ready, log (a line printer), onFatal(code), backoff, and for tests
 * setTimeout/clearTimeout/now.
 */
export function supervise({
  name,
  start,
  ready,
  log = (line) => console.log(line),
  onFatal = () => {},
  backoff = BACKOFF,
  setTimeout: schedule = setTimeout,
  clearTimeout: unschedule = clearTimeout,
  now = Date.now,
}) {
  let child = null;
  let stopping = false;
  let everReady = false;
  let restarts = 0;
  let delay = backoff.initialMs;
  let timer = null;
  let firstReady;
  const firstReadyPromise = new Promise((resolve, reject) => (firstReady = { resolve, reject }));
  // Nobody may wait for it (a restart-only use): never an unhandled rejection.
  firstReadyPromise.catch(() => {});

  const launch = () => {
    timer = null;
    const startedAt = now();
    const current = start();
    child = current;
    log(`[start] ${name} ${restarts === 0 ? "started" : `restarted (restart ${restarts})`}, pid ${current.pid}`);
    current.once("exit", (code, signal) => {
      if (child === current) child = null;
      if (stopping) return;
      const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      if (!everReady && restarts === 0) {
        log(`[start] ${name} ${how} before it was ready: not restarting (see its messages above)`);
        firstReady.reject(new Error(`${name} ${how} before it was ready`));
        onFatal(code ?? 1);
        return;
      }
      // Up long enough: this exit is news, not part of a crash loop.
      if (now() - startedAt >= backoff.resetAfterMs) delay = backoff.initialMs;
      restarts += 1;
      log(`[start] ${name} ${how}; restarting in ${delay / 1000} s`);
      timer = schedule(launch, delay);
      delay = Math.min(delay * 2, backoff.maxMs);
    });
    Promise.resolve(ready(current)).then(
      () => {
        if (child !== current || stopping) return;
        if (everReady) log(`[start] ${name} is back (pid ${current.pid})`);
        everReady = true;
        firstReady.resolve();
      },
      () => {
        // It exited (or never answered): the exit handler decides what happens next.
      },
    );
  };

  launch();

  return {
    /** Resolves when the process first serves; rejects when it cannot start at all. */
    firstReady: firstReadyPromise,
    get pid() {
      return child?.pid;
    },
    get restarts() {
      return restarts;
    },
    /** Ends the process (SIGTERM, then SIGKILL after `graceMs`) and any restart waiting. */
    stop({ graceMs = 10_000 } = {}) {
      stopping = true;
      firstReady.reject(new Error(`${name} stopped`)); // no-op once it was ready

      if (timer) unschedule(timer);
      timer = null;
      const current = child;
      if (!current || current.exitCode !== null || current.signalCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        const force = schedule(() => current.kill("SIGKILL"), graceMs);
        current.once("exit", () => {
          unschedule(force);
          resolve();
        });
        current.kill("SIGTERM");
      });
    },
  };
}
