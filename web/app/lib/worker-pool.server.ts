import { parentPort, type ResourceLimits, Worker } from "node:worker_threads";

/**
 * A few worker threads that run one kind of CPU-bound task off the web server's only thread, each
 * task within a time limit. A task that runs past it has its worker terminated (V8 stops it where
 * it is) and replaced; a task that waits too long for a free worker is given up. Either way the
 * caller hears at once and decides what to show instead.
 *
 * The worker's code is a self-contained CommonJS bundle (a string, run with `eval`), so the pool
 * works the same from the production build, the dev server and tests. Its side of the protocol is
 * `serveTasks` below.
 */
export interface WorkerPoolOptions {
  /** The worker's code: a bundle that calls `serveTasks`. */
  code: string;
  /** Name of the threads (in inspectors and logs). */
  name: string;
  /** Number of workers (at least 1). */
  size: number;
  /** Longest a task may run. */
  timeoutMs: number;
  /** Longest a task may wait for a free worker. */
  queueTimeoutMs: number;
  resourceLimits?: ResourceLimits;
}

/** The task ran longer than the limit: its worker was terminated. */
export class TaskTimeout extends Error {
  constructor(readonly ms: number) {
    super(`task ran longer than ${ms} ms`);
    this.name = "TaskTimeout";
  }
}

/** Every worker stayed busy for the whole wait: the task never started. */
export class PoolBusy extends Error {
  constructor(readonly ms: number) {
    super(`no worker was free within ${ms} ms`);
    this.name = "PoolBusy";
  }
}

/** The pool was closed (the server is stopping) before the task finished. */
export class PoolClosed extends Error {
  constructor(name: string) {
    super(`${name}: the pool was closed`);
    this.name = "PoolClosed";
  }
}

interface Task<I, O> {
  id: number;
  input: I;
  resolve: (output: O) => void;
  reject: (error: Error) => void;
  /** Gives up the task while it waits for a worker. */
  queueTimer?: ReturnType<typeof setTimeout>;
}

interface Slot<I, O> {
  worker: Worker;
  task?: Task<I, O>;
  runTimer?: ReturnType<typeof setTimeout>;
  /** Its code has loaded (`serveTasks` said so): a task's time limit counts only its own work. */
  ready: boolean;
  /** Tasks it finished: a worker that dies before finishing any may be broken code, so it is replaced after a pause. */
  finished: number;
}

type Reply<O> = { ready: true } | { id: number; output: O } | { id: number; error: string };

/** A worker that failed without finishing a task is replaced after this (doubling, at most 30 s). */
const RESPAWN_PAUSE_MS = 100;

export class WorkerPool<I, O> {
  private readonly slots = new Set<Slot<I, O>>();
  private readonly queue: Task<I, O>[] = [];
  private nextId = 1;
  private failuresInARow = 0;
  private respawning = 0;
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {}

  /** Starts the workers now rather than at the first task (their start-up takes a few dozen ms). */
  start(): void {
    while (!this.closed && this.slots.size + this.respawning < Math.max(1, this.options.size)) this.spawn();
  }

  /** Runs `input` on a worker. Rejects with TaskTimeout, PoolBusy, PoolClosed, or an Error when the task failed. */
  run(input: I): Promise<O> {
    if (this.closed) return Promise.reject(new PoolClosed(this.options.name));
    this.start();
    return new Promise<O>((resolve, reject) => {
      const task: Task<I, O> = { id: this.nextId++, input, resolve, reject };
      task.queueTimer = setTimeout(() => {
        const index = this.queue.indexOf(task);
        if (index === -1) return;
        this.queue.splice(index, 1);
        reject(new PoolBusy(this.options.queueTimeoutMs));
      }, this.options.queueTimeoutMs);
      this.queue.push(task);
      this.dispatch();
    });
  }

  /** Stops every worker; waiting and running tasks are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    const error = new PoolClosed(this.options.name);
    for (const task of this.queue.splice(0)) {
      clearTimeout(task.queueTimer);
      task.reject(error);
    }
    const stopping = [...this.slots].map((slot) => {
      this.finish(slot)?.reject(error);
      return slot.worker.terminate();
    });
    this.slots.clear();
    await Promise.all(stopping);
  }

  private spawn(): void {
    const worker = new Worker(this.options.code, {
      eval: true,
      name: this.options.name,
      resourceLimits: this.options.resourceLimits,
      // The worker needs nothing of the server's environment (secrets stay on the main thread).
      env: {},
      stdout: false,
      stderr: false,
    });
    const slot: Slot<I, O> = { worker, ready: false, finished: 0 };
    this.slots.add(slot);
    // An idle worker does not keep the process alive.
    worker.unref();
    worker.on("message", (reply: Reply<O>) => {
      if ("ready" in reply) {
        slot.ready = true;
        this.dispatch();
        return;
      }
      const task = slot.task;
      if (!task || task.id !== reply.id) return;
      this.finish(slot);
      slot.finished++;
      this.failuresInARow = 0;
      if ("error" in reply) task.reject(new Error(reply.error));
      else task.resolve(reply.output);
      this.dispatch();
    });
    worker.on("error", (error) => {
      // Thrown outside a task (broken code, out of memory): the exit below replaces the worker.
      this.finish(slot)?.reject(error);
    });
    worker.on("exit", () => {
      if (!this.slots.delete(slot)) return; // terminated on purpose (timeout, close)
      this.finish(slot)?.reject(new Error(`${this.options.name}: the worker stopped`));
      this.replace(slot);
    });
  }

  /** Replaces a worker that died; one that never finished a task is replaced after a growing pause. */
  private replace(dead: Slot<I, O>): void {
    if (this.closed) return;
    if (dead.finished > 0) this.failuresInARow = 0;
    else this.failuresInARow++;
    if (this.failuresInARow === 0) {
      this.spawn();
      this.dispatch();
      return;
    }
    this.respawning++;
    const pause = Math.min(30_000, RESPAWN_PAUSE_MS * 2 ** (this.failuresInARow - 1));
    setTimeout(() => {
      this.respawning--;
      if (this.closed) return;
      this.spawn();
      this.dispatch();
    }, pause).unref();
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.task || !slot.ready) continue;
      const task = this.queue.shift();
      if (!task) return;
      clearTimeout(task.queueTimer);
      slot.task = task;
      slot.worker.ref();
      slot.runTimer = setTimeout(() => this.overrun(slot), this.options.timeoutMs);
      slot.worker.postMessage({ id: task.id, input: task.input });
    }
  }

  /** The running task took too long: its worker is terminated and replaced at once. */
  private overrun(slot: Slot<I, O>): void {
    const task = this.finish(slot);
    this.slots.delete(slot);
    void slot.worker.terminate();
    task?.reject(new TaskTimeout(this.options.timeoutMs));
    if (this.closed) return;
    this.spawn();
    this.dispatch();
  }

  /** Frees the slot; returns the task it was running. */
  private finish(slot: Slot<I, O>): Task<I, O> | undefined {
    const task = slot.task;
    clearTimeout(slot.runTimer);
    slot.task = undefined;
    slot.runTimer = undefined;
    slot.worker.unref();
    return task;
  }
}

/** The worker's side: answers each task the pool sends with `handle`'s result or its error. */
export function serveTasks<I, O>(handle: (input: I) => O): void {
  const port = parentPort;
  if (!port) throw new Error("serveTasks runs in a worker thread");
  port.on("message", ({ id, input }: { id: number; input: I }) => {
    let reply: Reply<O>;
    try {
      reply = { id, output: handle(input) };
    } catch (error) {
      reply = { id, error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(reply);
  });
  port.postMessage({ ready: true } satisfies Reply<O>);
}
