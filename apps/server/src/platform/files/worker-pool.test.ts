import { afterAll, describe, expect, test } from 'vitest';
import { TaskError, WorkerFailure, WorkerPool, type WorkerPoolOptions } from './worker-pool';
import type { PoolTestRequest } from './worker-pool.test-tasks';

const TASKS = new URL('./worker-pool.test-tasks.ts', import.meta.url);
const options: WorkerPoolOptions = {
  size: 1,
  limits: { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 8, stackSizeMb: 4, timeLimitMs: 1500 },
  maxQueued: 5,
  idleMs: 60_000,
};
const pools: WorkerPool<PoolTestRequest, unknown>[] = [];
const newPool = (o: Partial<WorkerPoolOptions> = {}) => {
  const pool = new WorkerPool<PoolTestRequest, unknown>(TASKS, { ...options, ...o });
  pools.push(pool);
  return pool;
};
afterAll(async () => {
  for (const pool of pools) await pool.close();
});

/** Runs `work` while a timer ticks every 20 ms; the longest the event loop kept a tick waiting. */
async function longestStall<T>(
  work: () => Promise<T>,
): Promise<{ stallMs: number; tookMs: number; outcome: T | Error }> {
  const started = performance.now();
  let last = started;
  let stallMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last - 20);
    last = now;
  }, 20);
  try {
    const outcome = await work().catch((e: Error) => e);
    return { outcome, stallMs, tookMs: performance.now() - started };
  } finally {
    clearInterval(timer);
  }
}

/**
 * The event loop was free while the task ran: work on this thread would stall it for about the whole task,
 * while a busy machine's own pauses (another process, garbage collection) stay far shorter than that.
 */
function expectLoopFree({ stallMs, tookMs }: { stallMs: number; tookMs: number }) {
  expect(stallMs).toBeLessThan(Math.max(200, tookMs / 3));
}

describe('WorkerPool', () => {
  test('runs tasks in one reused worker, in order', async () => {
    const pool = newPool();
    const results = await Promise.all(['a', 'b', 'c', 'd'].map((value) => pool.run({ kind: 'echo', value })));
    expect(results.map((r) => (r as { value: string }).value)).toEqual(['a', 'b', 'c', 'd']);
    expect(new Set(results.map((r) => (r as { threadId: number }).threadId)).size).toBe(1);
    expect(pool.started).toBe(1);
  });

  test('warm starts the worker before the first task, which then runs on it', async () => {
    const pool = newPool();
    await pool.warm();
    expect(pool.started).toBe(1);
    await pool.run({ kind: 'echo', value: 'ready' });
    expect(pool.started).toBe(1);
  });

  test('an idle worker beyond the first ends; the first stays ready', async () => {
    const pool = newPool({ size: 2, idleMs: 200 });
    await Promise.all([pool.run({ kind: 'echo', value: 'a' }), pool.run({ kind: 'echo', value: 'b' })]);
    expect(pool.started).toBe(2);
    await new Promise((r) => setTimeout(r, 1500));
    expect(pool.running).toBe(1);
  });

  test('a task past the heap limit ends its worker, not this process; the next task gets a new worker', async () => {
    const pool = newPool({ limits: { ...options.limits, timeLimitMs: 30_000 } });
    await pool.run({ kind: 'echo', value: 'warm' });
    const measured = await longestStall(() => pool.run({ kind: 'allocate' }));
    const { outcome } = measured;
    expect(outcome).toBeInstanceOf(WorkerFailure);
    expect((outcome as WorkerFailure).reason).toBe('outOfMemory');
    expectLoopFree(measured);
    expect(await pool.run({ kind: 'echo', value: 'after' })).toMatchObject({ value: 'after' });
    expect(pool.started).toBe(2);
  });

  test('a task past the time limit is stopped while the event loop stays free', async () => {
    const pool = newPool();
    await pool.run({ kind: 'echo', value: 'warm' });
    const measured = await longestStall(() => pool.run({ kind: 'spin' }));
    expect((measured.outcome as WorkerFailure).reason).toBe('timeLimit');
    // Stopped at its limit (options.limits.timeLimitMs), not left spinning.
    expect(measured.tookMs).toBeLessThan(options.limits.timeLimitMs * 10);
    expectLoopFree(measured);
    expect(await pool.run({ kind: 'echo', value: 'after' })).toMatchObject({ value: 'after' });
  });

  test("a task's own error comes back with its code and the worker stays", async () => {
    const pool = newPool();
    const error = await pool.run({ kind: 'throw', code: 'Unreadable' }).catch((e: Error) => e);
    expect(error).toBeInstanceOf(TaskError);
    expect(error).toMatchObject({ code: 'Unreadable', message: 'cannot read this' });
    await pool.run({ kind: 'echo', value: 'x' });
    expect(pool.started).toBe(1);
  });

  test('tasks beyond the queue are refused as busy; close fails the waiting ones and ends the workers', async () => {
    const pool = newPool({ maxQueued: 2 });
    const running = pool.run({ kind: 'spin' }).catch((e: WorkerFailure) => e.reason);
    const waiting = pool.run({ kind: 'echo', value: '1' }).catch((e: WorkerFailure) => e.reason);
    expect(await pool.run({ kind: 'echo', value: '2' }).catch((e: WorkerFailure) => e.reason)).toBe('busy');
    await pool.close();
    expect(await Promise.all([running, waiting])).toEqual(['closed', 'closed']);
    expect(await pool.run({ kind: 'echo', value: '4' }).catch((e: WorkerFailure) => e.reason)).toBe('closed');
  });
});
