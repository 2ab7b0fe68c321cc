import type { JobData, Jobs } from './jobs';

/** A committed row waiting for its job: the job's id is the row's id, so no row is queued twice. */
export type WaitingRow = { id: string; data: JobData };

/**
 * Hands committed rows (an outbox) to a job queue: on a timer, and at once when asked. One pass runs at
 * a time; a flush while one runs shares it. Subclasses say which rows wait and how they are marked queued.
 */
export abstract class PeriodicRelay {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<number> | undefined;

  constructor(
    protected readonly jobs: Jobs,
    private readonly queue: string,
    private readonly intervalMs = 1000,
  ) {}

  start(): void {
    this.#timer ??= setInterval(() => void this.flush().catch(() => undefined), this.intervalMs);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** Relays what is waiting now; returns how many rows were handed over. */
  flush(): Promise<number> {
    this.#running ??= this.relay().finally(() => (this.#running = undefined));
    return this.#running;
  }

  /** The next batch of rows not yet queued (empty when none wait). */
  protected abstract waiting(): Promise<WaitingRow[]>;

  /** Records that these rows' jobs were queued. */
  protected abstract markQueued(ids: string[]): Promise<void>;

  /** One pass: every waiting row handed to the queue and marked so, batch after batch. */
  private async relay(): Promise<number> {
    let total = 0;
    for (;;) {
      const rows = await this.waiting();
      if (rows.length === 0) return total;
      for (const row of rows) await this.jobs.send(this.queue, row.data, { id: row.id });
      await this.markQueued(rows.map((row) => row.id));
      total += rows.length;
    }
  }
}
