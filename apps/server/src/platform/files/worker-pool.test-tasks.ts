import { threadId } from 'node:worker_threads';

/** Tasks for the pool's tests: each behaves as a hostile or ordinary input would in a parser. */
export type PoolTestRequest =
  { kind: 'echo'; value: string } | { kind: 'allocate' } | { kind: 'spin' } | { kind: 'throw'; code: string };

export async function handle(request: PoolTestRequest): Promise<unknown> {
  switch (request.kind) {
    case 'echo':
      return { value: request.value, threadId };
    case 'allocate': {
      // Grows the heap until the worker's limit ends it.
      const held: string[][] = [];
      for (;;) held.push(Array.from({ length: 100_000 }, (_, i) => `${i}-${held.length}`));
    }
    case 'spin':
      for (;;) {
        // A parser stuck in a loop.
      }
    case 'throw':
      throw Object.assign(new Error('cannot read this'), { code: request.code });
  }
}
