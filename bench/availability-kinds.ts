/**
 * The availability benchmark's searches by kind, one client: CPU per search (app and database) of each kind
 * of search in the booking staff's mix, with and without rooms and interpreters, on a database the
 * availability benchmark has seeded. One search at a time, so the figures move less with the machine's other
 * load than the 16-client phases do, and show where a mix's CPU goes.
 *
 *   node --import tsx bench/availability-kinds.ts postgres://…/casebook_avail [seconds per kind]
 */
import pg from 'pg';
import { startBenchApp } from './lib/bench-app';
import { startCpuMeter } from './lib/cpu';
import { runHttpLoad } from './lib/http-load';
import { fixed, table, whole } from './lib/stats';
import { LANGUAGES, mix, withResources } from './availability';

/** The kind of a search of the mix, from its query. */
function kindOf(path: string): string {
  const q = new URLSearchParams(path.slice(path.indexOf('?') + 1));
  let kind: string;
  if (q.has('specialistEmail')) kind = 'e-mail';
  else if (q.has('specialistName')) kind = 'name, period';
  else if (q.has('text')) kind = 'typed words';
  else if (q.has('date')) kind = q.get('date')!.split('/').length === 2 ? 'specialty, month' : 'specialty, day';
  else {
    const period = q.get('relativeDate') ?? '';
    const long = ['NextMonth', 'Next30Days', 'ThisMonth'].includes(period) ? 'month' : 'week';
    kind = `specialty, ${long}${q.has('state') ? ', state' : q.has('postcode') ? ', postcode' : ''}${q.get('isVideoAppointment') ? ', video' : ''}`;
  }
  const extras = [q.has('needsRoom') ? 'room' : '', q.has('languageId') ? 'language' : ''].filter(Boolean);
  return extras.length ? `${kind} + ${extras.join(' + ')}` : kind;
}

async function main() {
  const databaseUrl = process.argv[2];
  if (!databaseUrl) throw new Error('usage: availability-kinds.ts <database url> [seconds per kind]');
  const seconds = Number(process.argv[3] ?? 5);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const tenantId = (await client.query<{ id: string }>(`select tenant_id as id from specialists limit 1`)).rows[0]!.id;
  const specialties = (
    await client.query<{ label: string }>(
      `select label from lookup_configs where tenant_id = $1 and type = 'SPECIALTY' and not is_deleted`,
      [tenantId],
    )
  ).rows.map((r) => r.label);
  const emails = (
    await client.query<{ email: string }>(
      `select email from specialists where tenant_id = $1 and email is not null order by id limit 2000`,
      [tenantId],
    )
  ).rows.map((r) => r.email);
  // As the benchmark reads them.
  const languageIds = (
    await client.query<{ id: string }>(
      `select id from languages where tenant_id = $1 and not is_deleted and name = any($2::text[])`,
      [tenantId, LANGUAGES],
    )
  ).rows.map((r) => r.id);
  await client.end();
  const plain = mix(specialties, emails, 20_261_123);
  const resources = withResources(plain, languageIds, 7);
  // Each kind's searches, and how many of each mix's searches are of that kind.
  const kinds = new Map<string, { searches: { tenant: number; path: string }[]; plain: number; resources: number }>();
  for (const [searches, which] of [
    [plain, 'plain'],
    [resources, 'resources'],
  ] as const) {
    for (const search of searches) {
      const kind = kindOf(search.path);
      const entry = kinds.get(kind) ?? { searches: [], plain: 0, resources: 0 };
      entry.searches.push(search);
      entry[which] += 1;
      kinds.set(kind, entry);
    }
  }
  const percent = (n: number) => (n === 0 ? '' : `${fixed((n / plain.length) * 100, 1)}%`);
  const bench = await startBenchApp(databaseUrl, [tenantId], 4);
  const rows: string[][] = [];
  try {
    const spec = (requests: { tenant: number; path: string }[], s: number) => ({
      url: bench.url,
      connections: 1,
      seconds: s,
      variant: 'page' as const,
      tokens: bench.tokens,
      rowsPerTenant: 0,
      requests,
    });
    // Every statement shape planned on the connections first.
    await runHttpLoad(spec([...plain, ...resources], 20));
    const measured: [string, { tenant: number; path: string }[], number, string, string][] = [
      ['booking-staff mix', plain, 3 * seconds, '100%', ''],
      ['with rooms and interpreters', resources, 3 * seconds, '', '100%'],
      ...[...kinds.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([kind, k]): [string, { tenant: number; path: string }[], number, string, string] => [
          kind,
          k.searches,
          seconds,
          percent(k.plain),
          percent(k.resources),
        ]),
    ];
    for (const [label, requests, s, inPlain, inResources] of measured) {
      const meter = await startCpuMeter(databaseUrl);
      const r = await runHttpLoad(spec(requests, s));
      const cpu = await meter.stop();
      const n = r.latencies.length;
      const failed = Object.values(r.statuses).reduce((a, b) => a + b, 0) + r.errors;
      rows.push([
        label,
        inPlain,
        inResources,
        whole(n),
        String(failed),
        fixed(cpu.appMs / n, 2),
        cpu.databaseMs === null ? '-' : fixed(cpu.databaseMs / n, 2),
        cpu.databaseMs === null ? '-' : fixed((cpu.appMs + cpu.databaseMs) / n, 2),
      ]);
      console.log(rows.at(-1)!.join('  '));
    }
  } finally {
    await bench.close();
  }
  console.log('');
  for (const line of table(
    ['kind', 'plain mix', 'with resources', 'searches', 'failed', 'app ms', 'db ms', 'total ms'],
    rows,
  ))
    console.log(line);
}

await main();
