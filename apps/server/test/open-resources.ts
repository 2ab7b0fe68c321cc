// Apps and databases the harness opened that are not closed yet. Test files of the project 'server'
// share one process (isolate: false), so one left open would keep its pool, job workers or embedded
// database running under the files after it; setup.ts closes what is left when a file ends. No
// imports: the setup file loads this before a test file's vi.mock calls, which must still reach the
// app's modules.

const stillOpen = new Map<number, { close(): Promise<void> }>();
let opened = 0;

/** Registers something with a close() until it is closed; returns it. */
export function track<T extends { close(): Promise<void> }>(resource: T): T {
  const key = ++opened;
  const close = resource.close.bind(resource);
  stillOpen.set(key, resource);
  resource.close = () => {
    stillOpen.delete(key);
    return close();
  };
  return resource;
}

/** Closes whatever is still open, newest first (an app before the database it was given). */
export async function closeLeftovers(): Promise<number> {
  const left = [...stillOpen.values()].reverse();
  for (const resource of left) await resource.close().catch(() => undefined);
  return left.length;
}
