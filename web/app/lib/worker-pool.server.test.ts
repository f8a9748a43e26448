import { afterEach, describe, expect, it } from "vitest";
import { PoolBusy, PoolClosed, TaskTimeout, WorkerPool } from "./worker-pool.server";

/**
 * A worker speaking serveTasks' protocol: "loop" never ends, "throw" fails, "exit" kills the thread,
 * "wait..." takes 100 ms, anything else comes back in capitals with the thread's id.
 */
const CODE = `
const { parentPort } = require("node:worker_threads");
parentPort.on("message", ({ id, input }) => {
  if (input === "loop") for (;;);
  if (input.startsWith("wait")) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
  if (input === "exit") process.exit(1);
  if (input === "throw") return parentPort.postMessage({ id, error: "bad input" });
  parentPort.postMessage({ id, output: input.toUpperCase() + " from " + require("node:worker_threads").threadId });
});
parentPort.postMessage({ ready: true });
`;

const pools: WorkerPool<string, string>[] = [];
const poolOf = (size: number, timeoutMs: number, code = CODE) => {
  const pool = new WorkerPool<string, string>({ code, name: "test", size, timeoutMs, queueTimeoutMs: timeoutMs });
  pools.push(pool);
  return pool;
};
/** A task for a replacement worker: on a busy machine its start may take longer than the pool's wait. */
async function runOnReplacement(pool: WorkerPool<string, string>, input: string): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await pool.run(input);
    } catch (error) {
      if (!(error instanceof PoolBusy) || attempt === 20) throw error;
    }
  }
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

describe("WorkerPool", () => {
  it("runs tasks on its workers", async () => {
    const pool = poolOf(2, 5000);
    const outputs = await Promise.all(["wait a", "wait b", "wait c", "wait d"].map((input) => pool.run(input)));
    expect(outputs.map((o) => o.split(" from ")[0])).toEqual(["WAIT A", "WAIT B", "WAIT C", "WAIT D"]);
    // Both workers took part.
    expect(new Set(outputs.map((o) => o.split(" from ")[1])).size).toBe(2);
  });

  it("terminates a task that runs past the limit, while the main thread goes on, and replaces its worker", async () => {
    const pool = poolOf(1, 300);
    await pool.run("warm");
    let mainThreadRan = false;
    setTimeout(() => (mainThreadRan = true), 1);
    await expect(pool.run("loop")).rejects.toBeInstanceOf(TaskTimeout);
    expect(mainThreadRan).toBe(true);
    // A new worker serves the next task.
    expect(await runOnReplacement(pool, "after")).toMatch(/^AFTER from/);
  });

  it("gives up a task that found no free worker within its wait", async () => {
    const pool = poolOf(1, 300);
    await pool.run("warm");
    // The endless task holds the only worker for the whole limit: the other one never starts.
    const [looping, waiting] = await Promise.allSettled([pool.run("loop"), pool.run("x")]);
    expect(looping.status === "rejected" && looping.reason).toBeInstanceOf(TaskTimeout);
    expect(waiting.status === "rejected" && waiting.reason).toBeInstanceOf(PoolBusy);
    expect(await runOnReplacement(pool, "y")).toMatch(/^Y/);
  });

  it("passes on a task's error, and survives a worker that dies", async () => {
    const pool = poolOf(1, 5000);
    await expect(pool.run("throw")).rejects.toThrow("bad input");
    await expect(pool.run("exit")).rejects.toThrow("the worker stopped");
    expect(await runOnReplacement(pool, "z")).toMatch(/^Z/);
  });

  it("rejects what is waiting or running when it is closed, and every task after", async () => {
    const pool = poolOf(1, 5000);
    await pool.run("warm");
    const tasks = Promise.allSettled([pool.run("loop"), pool.run("w")]);
    await pool.close();
    for (const task of await tasks) expect(task.status === "rejected" && task.reason).toBeInstanceOf(PoolClosed);
    await expect(pool.run("late")).rejects.toBeInstanceOf(PoolClosed);
  });

  it("gives up tasks while its workers cannot start (broken code)", async () => {
    const pool = poolOf(1, 300, "throw new Error('broken bundle')");
    await expect(pool.run("a")).rejects.toBeInstanceOf(PoolBusy);
  });
});
