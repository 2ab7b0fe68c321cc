import { Worker } from 'node:worker_threads';

export type WorkerLimits = {
  /** Each worker's JavaScript heap (MB); past it the worker ends, not the server. */
  maxOldGenerationSizeMb: number;
  maxYoungGenerationSizeMb: number;
  stackSizeMb: number;
  /** A task running longer than this ends its worker (ms). */
  timeLimitMs: number;
};

export type WorkerPoolOptions = {
  /** Workers at most; each is started when work needs it and kept for the next task. */
  size: number;
  limits: WorkerLimits;
  /** Tasks waiting beyond this are refused at once (busy). */
  maxQueued: number;
  /** An idle worker beyond the first is ended after this long (ms); the first stays ready for the next task. */
  idleMs: number;
};

export type WorkerFailureReason = 'outOfMemory' | 'timeLimit' | 'exited' | 'busy' | 'closed';

/** The worker could not finish the task: it ran out of memory or time, died, or the pool refused it. */
export class WorkerFailure extends Error {
  constructor(
    readonly reason: WorkerFailureReason,
    message: string,
  ) {
    super(message);
    this.name = 'WorkerFailure';
  }
}

/** The task itself failed in the worker (the worker stays): its error's code and message. */
export class TaskError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'TaskError';
  }
}

type Task = { id: number; request: unknown; resolve: (value: unknown) => void; reject: (error: Error) => void };
type Slot = {
  worker: Worker;
  ready: boolean;
  task: Task | undefined;
  failure: WorkerFailure | undefined;
  timer: NodeJS.Timeout | undefined;
  /** Ended for being idle: not counted as the worker kept ready. */
  ending: boolean;
  exited: Promise<void>;
};

const BOOTSTRAP = new URL('./worker-bootstrap.mjs', import.meta.url);

/**
 * A small pool of worker threads for work on untrusted input (parsing uploaded documents): each worker
 * has a heap limit and each task a time limit, so a hostile input ends a worker, never the server, and
 * the event loop that answers requests never runs the parsing. Workers are reused across tasks (their
 * start-up, loading the parsers, is paid once; warm() pays it before the first task), replaced after a
 * failure, and ended by close().
 *
 * The module at `module` exports `handle(request)`, returning the result (structured-cloned back).
 */
export class WorkerPool<Request, Result> {
  readonly #slots = new Set<Slot>();
  readonly #queue: Task[] = [];
  #nextId = 1;
  #closed = false;
  /** Workers started, for tests and monitoring: stays 1 while one worker does every task. */
  started = 0;

  constructor(
    private readonly module: URL,
    private readonly options: WorkerPoolOptions,
  ) {}

  run(request: Request): Promise<Result> {
    if (this.#closed) return Promise.reject(new WorkerFailure('closed', 'The server is stopping.'));
    if (this.#queue.length >= this.options.maxQueued) {
      return Promise.reject(new WorkerFailure('busy', 'Too many documents are being processed. Try again later.'));
    }
    return new Promise<Result>((resolve, reject) => {
      this.#queue.push({ id: this.#nextId++, request, resolve: resolve as (value: unknown) => void, reject });
      this.#dispatch();
    });
  }

  /** Workers alive now. */
  get running(): number {
    return this.#slots.size;
  }

  /** Starts a worker now if none is running, so the first task does not wait for its start-up. */
  async warm(): Promise<void> {
    if (this.#closed) return;
    if (this.#slots.size === 0) this.#spawn();
    const slot = [...this.#slots][0]!;
    if (!slot.ready) {
      await new Promise<void>((resolve) => {
        const done = () => resolve();
        slot.worker.once('message', done);
        slot.worker.once('exit', done);
      });
    }
  }

  /** Refuses new tasks, fails waiting ones and ends every worker (a running task fails as closed). */
  async close(): Promise<void> {
    this.#closed = true;
    for (const task of this.#queue.splice(0)) task.reject(new WorkerFailure('closed', 'The server is stopping.'));
    const slots = [...this.#slots];
    for (const slot of slots) {
      slot.failure ??= new WorkerFailure('closed', 'The server is stopping.');
      void slot.worker.terminate();
    }
    await Promise.all(slots.map((s) => s.exited));
  }

  #dispatch(): void {
    while (this.#queue.length > 0) {
      const idle = [...this.#slots].find((s) => s.ready && !s.task && !s.ending);
      if (idle) {
        this.#assign(idle, this.#queue.shift()!);
        continue;
      }
      const starting = [...this.#slots].filter((s) => !s.ready).length;
      if (this.#slots.size < this.options.size && starting < this.#queue.length) this.#spawn();
      return;
    }
  }

  #assign(slot: Slot, task: Task): void {
    clearTimeout(slot.timer);
    slot.task = task;
    slot.worker.ref();
    slot.timer = setTimeout(() => {
      slot.failure = new WorkerFailure(
        'timeLimit',
        `The work took longer than ${Math.round(this.options.limits.timeLimitMs / 1000)} s.`,
      );
      void slot.worker.terminate();
    }, this.options.limits.timeLimitMs);
    slot.worker.postMessage({ id: task.id, request: task.request });
  }

  #idle(slot: Slot): void {
    clearTimeout(slot.timer);
    slot.task = undefined;
    // An idle worker does not keep the process alive; one beyond the first ends when unused for a while.
    slot.worker.unref();
    slot.timer = setTimeout(() => {
      const others = [...this.#slots].filter((s) => s !== slot && !s.ending);
      if (slot.task || others.length === 0) return;
      slot.ending = true;
      void slot.worker.terminate();
    }, this.options.idleMs);
    slot.timer.unref();
  }

  #spawn(): void {
    const { limits } = this.options;
    const worker = new Worker(BOOTSTRAP, {
      workerData: { module: this.module.href },
      execArgv: [],
      resourceLimits: {
        maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb,
        maxYoungGenerationSizeMb: limits.maxYoungGenerationSizeMb,
        stackSizeMb: limits.stackSizeMb,
      },
    });
    this.started++;
    let exited!: () => void;
    const slot: Slot = {
      worker,
      ready: false,
      task: undefined,
      failure: undefined,
      timer: undefined,
      ending: false,
      exited: new Promise<void>((resolve) => (exited = resolve)),
    };
    this.#slots.add(slot);
    worker.on(
      'message',
      (message: {
        ready?: true;
        id?: number;
        ok?: boolean;
        result?: unknown;
        error?: { code: string; message: string };
      }) => {
        if (message.ready) {
          slot.ready = true;
          this.#idle(slot);
          this.#dispatch();
          return;
        }
        const task = slot.task;
        if (!task || message.id !== task.id) return;
        this.#idle(slot);
        if (message.ok) task.resolve(message.result);
        else task.reject(new TaskError(message.error?.code ?? 'failed', message.error?.message ?? 'failed'));
        this.#dispatch();
      },
    );
    worker.on('error', (error: Error & { code?: string }) => {
      slot.failure ??=
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new WorkerFailure('outOfMemory', 'The work needed more memory than allowed.')
          : new WorkerFailure('exited', `The worker failed: ${error.message}`);
    });
    worker.on('exit', () => {
      clearTimeout(slot.timer);
      this.#slots.delete(slot);
      const failure = slot.failure ?? new WorkerFailure('exited', 'The worker stopped.');
      if (slot.task) slot.task.reject(failure);
      else if (!slot.ready) {
        // A worker that cannot start would fail every task the same way: fail the waiting ones instead of retrying.
        for (const task of this.#queue.splice(0)) task.reject(failure);
      }
      exited();
      if (!this.#closed) this.#dispatch();
    });
  }
}
