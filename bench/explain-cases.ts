/**
 * Where the case list's database time goes: records the SQL of one request of each of the list's nine
 * kinds (as `npm run bench -- --only cases` sends them) on the benchmark's database, then runs each
 * statement again under EXPLAIN (ANALYZE, BUFFERS) in the same tenant transaction, as the restricted role,
 * and prints each plan with its execution time. Run `--only cases` once first to seed the data.
 *
 *   node --import tsx bench/explain-cases.ts [tenant index, default 0]
 */
import pg from 'pg';
import { deriveAppUrl } from '../apps/server/src/platform/db/database';
import { caseListFilters, caseReferences } from './cases';
import { startBenchApp } from './lib/bench-app';
import { recordRequests } from './lib/replay';

const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/casebook_bench';
const tenantIndex = Number(process.argv[2] ?? 0);
const owner = new pg.Client({ connectionString: databaseUrl });
await owner.connect();
const ref = (await caseReferences(owner))[tenantIndex]!;
await owner.end();

const kinds = caseListFilters(ref);
const bench = await startBenchApp(databaseUrl, [ref.tenant_id], 4);
let recorded;
try {
  recorded = await recordRequests(
    bench.url,
    bench.tokens,
    kinds.map((q) => ({ tenant: 0, path: `/api/app/assessments?serviceType=IME${q ? `&${q}` : ''}` })),
  );
} finally {
  await bench.close();
}

const client = new pg.Client({ connectionString: deriveAppUrl(databaseUrl) });
await client.connect();
try {
  for (const [i, r] of recorded.entries()) {
    console.log(`\n===== ${kinds[i] || '(no filter)'}`);
    for (const statements of r.transactions) {
      for (const statement of statements) {
        await client.query('begin');
        await client.query(`select set_config('app.tenant_id', $1, true)`, [ref.tenant_id]);
        // Twice: the second run's plan is the warm one the benchmark measures.
        await client.query(statement);
        const plan = await client.query({
          text: `explain (analyze, buffers, costs off) ${statement.text}`,
          values: statement.values,
        });
        await client.query('rollback');
        console.log(`--- ${statement.text.replace(/\s+/g, ' ').slice(0, 160)}…`);
        for (const row of plan.rows as { 'QUERY PLAN': string }[]) console.log(row['QUERY PLAN']);
      }
    }
  }
} finally {
  await client.end();
}
