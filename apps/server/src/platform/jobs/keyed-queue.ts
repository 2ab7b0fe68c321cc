/**
 * Runs work one at a time per key in this process: a second call with the same key waits for the first to
 * settle (whatever its outcome), calls with other keys run alongside. Used where two of this process's jobs
 * must not work on the same thing at once (a tenant's token refresh, one campaign's send); other processes
 * are kept apart by the database (locks, unique keys), not by this.
 */
export class KeyedQueue {
  readonly #running = new Map<string, Promise<unknown>>();

  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.#running.get(key) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(fn);
    this.#running.set(key, run);
    try {
      return await run;
    } finally {
      if (this.#running.get(key) === run) this.#running.delete(key);
    }
  }
}
