/**
 * Hands committed rows (an outbox) to a job queue: on a timer, and at once when asked. One pass runs at
 * a time; a flush while one runs shares it. Subclasses say how one pass reads and marks the rows.
 */
export abstract class PeriodicRelay {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<number> | undefined;

  constructor(private readonly intervalMs = 1000) {}

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

  /** One pass: every waiting row handed to the queue and marked so. */
  protected abstract relay(): Promise<number>;
}
