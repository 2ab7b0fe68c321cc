import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ListVariant } from './list-workload';

export type HttpLoadSpec = {
  /** Base URL of the server, e.g. http://127.0.0.1:43210 */
  url: string;
  connections: number;
  seconds: number;
  variant: ListVariant;
  /** One bearer token per tenant; the request mix picks among them. */
  tokens: string[];
  rowsPerTenant: number;
  /** A fixed mix of requests to pick from at random, instead of the list workload's. */
  requests?: { tenant: number; path: string }[];
  /**
   * Open loop: requests arrive at this many per second on average (Poisson arrivals, as from many
   * independent users), over at most `connections` keep-alive connections, whatever the answers' speed.
   * A request's latency counts from when it was due, so time spent waiting for a free connection is
   * included (no coordinated omission). Absent: closed loop, `connections` requests always in flight.
   */
  rate?: number;
};

export type HttpLoadResult = {
  /** Latency (ms) of every 2xx response. */
  latencies: number[];
  /** Non-2xx responses by status code. */
  statuses: Record<string, number>;
  /** Socket errors and timeouts. */
  errors: number;
  seconds: number;
};

const CHILD = fileURLToPath(new URL('./http-load.child.ts', import.meta.url));

/**
 * Drives HTTP load with autocannon from a child process: the load generator gets its own event loop,
 * so the server's thread spends its time serving, not generating requests.
 */
export function runHttpLoad(spec: HttpLoadSpec): Promise<HttpLoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let result: HttpLoadResult | undefined;
    child.once('message', (message) => {
      result = message as HttpLoadResult;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (result) resolve(result);
      else reject(new Error(`the load generator exited with code ${code} before reporting`));
    });
    child.send(spec);
  });
}
