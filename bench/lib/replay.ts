/**
 * The database's share of an API request: record the SQL real requests ran inside their tenant
 * transaction, then replay it through the plain pg driver, logged in as the restricted role as the app
 * is, at the same concurrency. The API's throughput as a share of the replay's is what the server costs
 * on top of its queries.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { summarize, type LoadFigures } from './stats';

export type Request = { tenant: number; path: string };
type Statement = { text: string; values: unknown[] };
/** The SQL one API request ran inside its tenant transactions (usually one), in order. */
export type Recorded = { tenant: number; transactions: Statement[][] };

/**
 * Sends requests one at a time and records the statements each ran between setting its tenant and
 * committing, per transaction: the exact SQL, parameters included, that runReplay() sends. Each request
 * is sent once before it is recorded, so the recording holds its own work and not the look-ups of a
 * cold cache (the user of a token, its tenant). A request that did not answer 200 or ran no tenant
 * transaction is left out.
 */
export async function recordRequests(url: string, tokens: string[], requests: readonly Request[]): Promise<Recorded[]> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  let seen: Statement[] = [];
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    if (typeof first === 'string') seen.push({ text: first, values: Array.isArray(second) ? second : [] });
    else if (first && typeof first === 'object' && 'text' in first) {
      // drizzle passes a query config and its parameters as the second argument.
      const q = first as { text: string; values?: unknown[] };
      seen.push({ text: q.text, values: Array.isArray(second) ? second : (q.values ?? []) });
    }
    return original.apply(this, args);
  };
  const recorded: Recorded[] = [];
  try {
    for (const request of requests) {
      const send = async () => {
        const res = await fetch(url + request.path, {
          headers: { authorization: `Bearer ${tokens[request.tenant]}` },
        });
        await res.text();
        return res.status;
      };
      await send();
      seen = [];
      const status = await send();
      const transactions = tenantTransactions(seen);
      if (status === 200 && transactions.length > 0) recorded.push({ tenant: request.tenant, transactions });
    }
  } finally {
    proto.query = original;
  }
  return recorded;
}

/** The statements of each transaction that set its tenant, between setting it and committing. */
function tenantTransactions(seen: readonly Statement[]): Statement[][] {
  const transactions: Statement[][] = [];
  let current: Statement[] | undefined;
  for (const q of seen) {
    if (q.text.includes(`set_config('app.tenant_id'`)) current = [];
    else if (/^(commit|rollback)$/i.test(q.text.trim())) {
      if (current && /^commit$/i.test(q.text.trim())) transactions.push(current);
      current = undefined;
    } else current?.push(q);
  }
  return transactions;
}

/**
 * The recorded requests replayed through pg for `seconds`, `connections` loops each taking a random
 * one: per transaction it ran, begin, the tenant set for row-level security, the statements, commit.
 */
export async function runReplay(
  pool: pg.Pool,
  tenantIds: readonly string[],
  recorded: readonly Recorded[],
  connections: number,
  seconds: number,
): Promise<LoadFigures> {
  const latencies: number[] = [];
  let failed = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const loop = async () => {
    while (performance.now() < deadline) {
      const r = recorded[Math.floor(Math.random() * recorded.length)]!;
      const t0 = performance.now();
      const client = await pool.connect();
      try {
        for (const statements of r.transactions) {
          await client.query('begin');
          await client.query(`select set_config('app.tenant_id', $1, true)`, [tenantIds[r.tenant]]);
          for (const statement of statements) await client.query(statement);
          await client.query('commit');
        }
        latencies.push(performance.now() - t0);
      } catch (error) {
        if (failed++ === 0) firstError = String(error);
        await client.query('rollback').catch(() => undefined);
      } finally {
        client.release();
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  if (firstError) console.error(`replay failed: ${firstError}`);
  return summarize(latencies, failed, (performance.now() - started) / 1000);
}
