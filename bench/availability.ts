/**
 * The availability-search benchmark: "Session & Specialist Search" through the real API over 10,000
 * specialists with a year of sessions each (about 2.5 million sessions) in one tenant, at 16 clients.
 *
 *   npm run bench -- --only availability --database-url postgres://…/casebook_bench_sessions
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { addDays, formatIsoDate, isoWeekday, todayIn } from '@casebook/domain';
import { seededRandom, LAST_NAMES } from '../apps/server/src/modules/tenancy/demo-data';
import { DEFAULT_BENCH_DATABASE_URL, DEFAULT_SETTINGS, type Benchmark, type BenchSettings } from './lib/benchmark';
import { FLOOR_PHASE, startBenchApp } from './lib/bench-app';
import { isMain, redactUrl, runMain } from './lib/cli';
import { CPU_COLUMNS, cpuPerRequest, startCpuMeter, type CpuSpent } from './lib/cpu';
import { runHttpLoad } from './lib/http-load';
import { ensureDatabase } from './lib/pg-admin';
import { fixed, summarize, table, whole, type LoadFigures } from './lib/stats';
import { printTarget, type ReportTarget, type TargetGoal } from './lib/targets';
import { seedBulk } from './seed-bulk';

const SPECIALISTS = 10_000;
/** Sessions per specialist per week: 5 × 52 weeks × 10,000 specialists ≈ 2.6 million. */
const SESSIONS_PER_WEEK = 5;
/**
 * Weeks of sessions seeded (a year). `BENCH_AVAILABILITY_WEEKS` seeds fewer into a database of its own: the
 * relative periods (up to next month) match as many sessions a search as the year does, only the searches
 * for a date beyond those weeks find nothing.
 */
const WEEKS = Number(process.env.BENCH_AVAILABILITY_WEEKS) || 52;
const CENTRES = 400;
const CONNECTIONS = 16;
/** The arrival rate (searches a second) the search's latency target is held to. */
const TARGET_RATE = 30;
/** Arrival rates of the booking staff's open-loop phases (searches a second), below saturation. */
const RATES = [30, 60, 90];
const MIX_SIZE = 4_000;
const PATH = '/api/app/appointment-sessions/searchAppointment';
/** The clinic calendar's call: sessions of a window of days, by specialist or centre. */
const CALENDAR = '/api/app/appointment-sessions';
const CALENDAR_REQUESTS = 400;

const STATES: [string, string, number, number][] = [
  ['NSW', 'Australia/Sydney', 2000, 2999],
  ['VIC', 'Australia/Melbourne', 3000, 3999],
  ['QLD', 'Australia/Brisbane', 4000, 4999],
  ['SA', 'Australia/Adelaide', 5000, 5799],
  ['WA', 'Australia/Perth', 6000, 6799],
  ['TAS', 'Australia/Hobart', 7000, 7499],
  ['ACT', 'Australia/Sydney', 2600, 2618],
  ['NT', 'Australia/Darwin', 800, 899],
];
/** Rooms of every centre, interpreters and the languages they speak (two each). */
const ROOMS_PER_CENTRE = 3;
const INTERPRETERS = 600;
export const LANGUAGES = [
  'Vietnamese',
  'Mandarin',
  'Cantonese',
  'Arabic',
  'Greek',
  'Italian',
  'Hindi',
  'Punjabi',
  'Spanish',
  'Korean',
  'Turkish',
  'Persian',
  'Tagalog',
  'Nepali',
  'Tamil',
  'Serbian',
  'Croatian',
  'Macedonian',
  'Dari',
  'Auslan',
];
/** The phases the targets are measured in. */
const MIX = 'booking-staff mix';
const MIX_WITH_RESOURCES = 'booking-staff mix, with rooms and interpreters';
const arrivingLabel = (rate: number) => `booking-staff mix, ${whole(rate)}/s arriving`;
const withResourcesArrivingLabel = (rate: number) => `with rooms and interpreters, ${whole(rate)}/s arriving`;
const CALENDAR_EVERYONE = 'calendar: everyone, a month (first 2,000)';
/** The first searches of the just-started app, before the measured phases (see where it runs). */
const START_LABEL = 'first searches after start';
const START_SECONDS = 20;

/** The targets of the search and of the clinic calendar (printed, not enforced). */
const searchTargets = (what: string): { cpu: TargetGoal; p99: TargetGoal } => ({
  cpu: {
    name: `availability search${what}: CPU per search (app + database), ${CONNECTIONS} clients`,
    unit: 'ms',
    goal: 6,
    better: 'lower',
  },
  p99: {
    name: `availability search${what}: p99 at ${TARGET_RATE}/s arriving`,
    unit: 'ms',
    goal: 50,
    better: 'lower',
    strict: true,
  },
});
const SEARCH_TARGETS = searchTargets('');
const SEARCH_WITH_RESOURCES_TARGETS = searchTargets(' with rooms and interpreters');
const CALENDAR_TARGET: TargetGoal = {
  name: `clinic calendar: everyone's month (first 2,000 sessions), p99 at ${CONNECTIONS} clients`,
  unit: 'ms',
  goal: 300,
  better: 'lower',
  strict: true,
};

const RELATIVE = ['NextWeek', 'Tomorrow', 'Today', 'NextMonth', 'ThisWeek', 'ThisMonth', 'Next3Days', 'Next7Days'];

/**
 * Centres spread over the states, and for every specialist a year of sessions from this week's Monday:
 * five a week on different days and hours (never overlapping), four in five at their home centre and
 * one in five by video; about two in three unbooked, a quarter booked, the rest unavailable.
 */
async function seedSessions(client: pg.Client, tenantId: string, log: (line: string) => void): Promise<void> {
  const have = await client.query<{ n: string }>(
    `select count(*) as n from appointment_sessions where tenant_id = $1`,
    [tenantId],
  );
  if (Number(have.rows[0]!.n) > 0) {
    log(`  sessions already there: ${whole(Number(have.rows[0]!.n))}`);
    // A migration that rewrote the table leaves its visibility map empty: index-only scans would visit
    // the heap until autovacuum came by. Vacuuming pages that are already all-visible costs nothing.
    await client.query('vacuum (analyze) appointment_sessions');
    return;
  }
  const started = performance.now();
  await client.query(
    `insert into centres (tenant_id, id, concurrency_stamp, name, state, postcode, suburb)
     select $1::uuid, gen_random_uuid(), 'bench', 'Centre ' || i, s.state,
       lpad((s.lo + (i * 37) % (s.hi - s.lo + 1))::text, 4, '0'), 'Suburb ' || i
     from generate_series(1, ${CENTRES}) as i
     join (select * from unnest($2::text[], $3::int[], $4::int[]) with ordinality as t(state, lo, hi, n)) s
       on s.n = 1 + (i % ${STATES.length})
     on conflict do nothing`,
    [tenantId, STATES.map((s) => s[0]), STATES.map((s) => s[2]), STATES.map((s) => s[3])],
  );
  // Rooms before sessions: each session's room_free is then set as it is inserted. Added afterwards, every
  // session of the centre is rewritten (twice the table and its indexes, until a VACUUM FULL).
  await client.query(
    `update centres set rooms = (select array_agg('Room ' || r) from generate_series(1, ${ROOMS_PER_CENTRE}) as r)
     where tenant_id = $1 and name like 'Centre %'`,
    [tenantId],
  );
  const today = todayIn('Australia/Sydney');
  const monday = formatIsoDate(addDays(today, 1 - isoWeekday(today)));
  // The sessions' room_free is set as they are inserted: every centre's rooms are open at any time and none is
  // held yet. Computed by the trigger, row by row, it took ten minutes.
  await client.query('alter table appointment_sessions disable trigger appointment_sessions_room_free');
  try {
    await insertSessions(client, tenantId, monday, started, log);
  } finally {
    await client.query('alter table appointment_sessions enable trigger appointment_sessions_room_free');
  }
  await client.query('vacuum (analyze) appointment_sessions');
  await client.query('vacuum (analyze) centres');
  log(`  sessions seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

async function insertSessions(
  client: pg.Client,
  tenantId: string,
  monday: string,
  started: number,
  log: (line: string) => void,
): Promise<void> {
  // One week at a time keeps each statement's memory small.
  for (let week = 0; week < WEEKS; week++) {
    await client.query(
      `with sp as (
         select s.id, row_number() over (order by s.id) as i from specialists s where s.tenant_id = $1 and not s.is_deleted
       ), c as (
         select id, state, row_number() over (order by id) as n, count(*) over () as total from centres
         where tenant_id = $1 and name like 'Centre %'
       ), z as (select * from unnest($2::text[], $3::text[]) as z(state, zone))
       insert into appointment_sessions (tenant_id, id, concurrency_stamp, specialist_id, centre_id, time_zone,
         starts_at, ends_at, appointment_type, slot_status, room_free)
       select $1::uuid, gen_random_uuid(), 'bench', sp.id,
         case when video then null else c.id end,
         coalesce(z.zone, 'Australia/Sydney'),
         ((($4::date + ($5::int * 7 + ((sp.i + k) % 5)::int)) + make_interval(hours => 8 + k))::timestamp
           at time zone coalesce(z.zone, 'Australia/Sydney')),
         ((($4::date + ($5::int * 7 + ((sp.i + k) % 5)::int)) + make_interval(hours => 9 + k))::timestamp
           at time zone coalesce(z.zone, 'Australia/Sydney')),
         case when video then 'VIDEO' else 'INPERSON' end,
         case when h < 60 then 3 when h < 67 then 4 when h < 80 then 6 when h < 92 then 5 else 2 end,
         not video and h < 67
       from sp
       cross join generate_series(0, ${SESSIONS_PER_WEEK - 1}) as k
       cross join lateral (select (abs(hashtext(sp.id::text || $5::text || k::text)) % 100) as h,
         (abs(hashtext(sp.id::text || 'v' || k::text)) % 5) = 0 as video) r
       join c on c.n = 1 + (sp.i % c.total)
       left join z on z.state = c.state`,
      [tenantId, STATES.map((s) => s[0]), STATES.map((s) => s[1]), monday, week],
    );
    if (week % 13 === 12)
      log(`  sessions: ${week + 1} of ${WEEKS} weeks (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
}

/**
 * Rooms at every centre, interpreters with two languages each, and what bookings hold: every booked
 * in-person session holds a room of its centre and one in five booked sessions an interpreter, both under
 * the exclusion constraints (a hold that would overlap another of the same room or interpreter is left
 * out, as the Book call would have refused it).
 */
async function seedResources(client: pg.Client, tenantId: string, log: (line: string) => void): Promise<void> {
  const have = await client.query<{ n: string }>(`select count(*) as n from resource_holds where tenant_id = $1`, [
    tenantId,
  ]);
  if (Number(have.rows[0]!.n) > 0) {
    log(`  resource holds already there: ${whole(Number(have.rows[0]!.n))}`);
    return;
  }
  const started = performance.now();
  await client.query(
    `insert into languages (tenant_id, id, concurrency_stamp, name)
     select $1::uuid, gen_random_uuid(), 'bench', l from unnest($2::text[]) as l
     on conflict do nothing`,
    [tenantId, LANGUAGES],
  );
  await client.query(
    `with l as (select array_agg(id order by name) as ids from languages where tenant_id = $1 and not is_deleted)
     insert into interpreters (tenant_id, id, concurrency_stamp, name, language_ids)
     select $1::uuid, gen_random_uuid(), 'bench', 'Interpreter ' || i,
       array[l.ids[1 + i % cardinality(l.ids)], l.ids[1 + (i * 7 + 3) % cardinality(l.ids)]]
     from generate_series(1, ${INTERPRETERS}) as i, l`,
    [tenantId],
  );
  // The holds go in with the room triggers off and every free session's room_free is computed once after
  // them: per hold, the trigger recomputes the sessions its time overlaps (about 45 minutes for a year's holds).
  // The lock trigger only orders concurrent bookings; the exclusion constraints still refuse overlaps.
  await client.query('alter table resource_holds disable trigger resource_holds_room_free');
  await client.query('alter table resource_holds disable trigger resource_holds_lock');
  try {
    await insertHolds(client, tenantId, log);
  } finally {
    await client.query('alter table resource_holds enable trigger resource_holds_room_free');
    await client.query('alter table resource_holds enable trigger resource_holds_lock');
  }
  log(`  holds inserted in ${((performance.now() - started) / 1000).toFixed(0)} s; computing room_free`);
  // Without statistics the planner takes the holds for a handful and reads a centre's holds by its exclusion
  // constraint's GiST index (about a millisecond a session) instead of one step of the span index.
  await client.query('analyze resource_holds');
  // Each centre's sessions as a change of its rooms recomputes them (migration appointment_sessions_room_free).
  await client.query(
    `select casebook_refresh_room_free(c.tenant_id, c.id, '-infinity', 'infinity', '-infinity')
     from centres c where c.tenant_id = $1 and not c.is_deleted`,
    [tenantId],
  );
  // The refresh rewrote the room_free of the sessions the holds cover (about half of them): the table and its
  // covering indexes are rebuilt at their size, as a database that grew booking by booking has them after
  // its routine maintenance. Left as they are, the search's covering indexes are twice their size and a
  // search costs a quarter more.
  // VACUUM FULL leaves the visibility map empty: the plain vacuum after it lets index-only scans skip the heap.
  await client.query('vacuum (full, analyze) appointment_sessions');
  await client.query('vacuum (analyze) appointment_sessions');
  await client.query('vacuum (analyze) resource_holds');
  await client.query('vacuum (analyze) interpreters');
  const counts = (
    await client.query<{ kind: string; n: string }>(
      `select kind, count(*) as n from resource_holds where tenant_id = $1 group by kind order by kind`,
      [tenantId],
    )
  ).rows;
  log(
    `  ${INTERPRETERS} interpreters, ${ROOMS_PER_CENTRE} rooms a centre, holds ${counts.map((c) => `${c.kind} ${whole(Number(c.n))}`).join(', ')} ` +
      `in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

/** A year of room and interpreter holds on the booked sessions, a week per statement. */
async function insertHolds(client: pg.Client, tenantId: string, log: (line: string) => void): Promise<void> {
  for (let week = 0; week < WEEKS; week++) {
    const window = `s.starts_at >= date_trunc('week', now()) + make_interval(weeks => $2::int)
      and s.starts_at < date_trunc('week', now()) + make_interval(weeks => $2::int + 1)`;
    await client.query(
      `insert into resource_holds (tenant_id, id, concurrency_stamp, session_id, kind, centre_id, room, starts_at, ends_at)
       select s.tenant_id, gen_random_uuid(), 'bench', s.id, 'ROOM', s.centre_id,
         'Room ' || (1 + abs(hashtext(s.id::text)) % ${ROOMS_PER_CENTRE}), s.starts_at, s.ends_at
       from appointment_sessions s
       where s.tenant_id = $1 and s.slot_status in (5, 6) and s.centre_id is not null and ${window}
       on conflict do nothing`,
      [tenantId, week],
    );
    await client.query(
      `with i as (select id, row_number() over (order by id) - 1 as n from interpreters where tenant_id = $1)
       insert into resource_holds (tenant_id, id, concurrency_stamp, session_id, kind, interpreter_id, starts_at, ends_at)
       select s.tenant_id, gen_random_uuid(), 'bench', s.id, 'INTERPRETER', i.id, s.starts_at, s.ends_at
       from appointment_sessions s
       join i on i.n = abs(hashtext(s.id::text || 'i')) % ${INTERPRETERS}
       where s.tenant_id = $1 and s.slot_status in (5, 6) and abs(hashtext(s.id::text)) % 5 = 0 and ${window}
       on conflict do nothing`,
      [tenantId, week],
    );
    if (week % 13 === 12) log(`  holds: ${week + 1} of ${WEEKS} weeks`);
  }
}

/**
 * The booking staff's searches again, most of them asking for more than the specialist: in-person ones for a
 * free room, a third for an interpreter of a language (the language filter finds the interpreters).
 */
export function withResources(searches: { tenant: number; path: string }[], languageIds: string[], seed: number) {
  const rand = seededRandom(seed);
  return searches.map(({ tenant, path }) => {
    const extra = new URLSearchParams();
    if (!path.includes('isVideoAppointment=true') && rand() < 0.6) extra.set('needsRoom', 'true');
    if (rand() < 0.35) extra.set('languageId', languageIds[Math.floor(rand() * languageIds.length)]!);
    const more = extra.toString();
    return { tenant, path: more ? `${path}&${more}` : path };
  });
}

/** The searches booking staff make, weighted: a specialty and a period, often a place; a name; an e-mail. */
export function mix(specialties: string[], emails: string[], seed: number): { tenant: number; path: string }[] {
  const rand = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;
  const today = todayIn('Australia/Sydney');
  return Array.from({ length: MIX_SIZE }, () => {
    const q = new URLSearchParams();
    const r = rand();
    if (r < 0.55) {
      q.set('specialty', pick(specialties));
      q.set('relativeDate', pick(RELATIVE));
      const place = rand();
      if (place < 0.35) q.set('state', pick(STATES)[0]);
      else if (place < 0.6) {
        const [, , lo, hi] = pick(STATES);
        q.set('postcode', String(lo + Math.floor(rand() * (hi - lo + 1))).padStart(4, '0'));
      }
      if (rand() < 0.15) q.set('isVideoAppointment', 'true');
    } else if (r < 0.7) {
      // A whole month (MM/YYYY) or a day (DD/MM/YYYY) for a specialty.
      const d = addDays(today, Math.floor(rand() * 300));
      q.set('specialty', pick(specialties));
      q.set('date', rand() < 0.5 ? `${d.month}/${d.year}` : `${d.day}/${d.month}/${d.year}`);
    } else if (r < 0.8) {
      q.set('text', `${pick(specialties).split(' ')[0]!.toLowerCase()} next week in ${pick(STATES)[0]}`);
    } else if (r < 0.92) {
      q.set('specialistName', pick(LAST_NAMES).slice(0, 4 + Math.floor(rand() * 3)));
      q.set('relativeDate', pick(['NextMonth', 'Next7Days', 'NextWeek']));
    } else {
      q.set('specialistEmail', pick(emails));
    }
    return { tenant: 0, path: `${PATH}?${q.toString()}` };
  });
}

/** Monday of a week 1 to 40 weeks ahead (the seeded year starts this week), picked by `rand`. */
function weekAhead(rand: () => number) {
  const today = todayIn('Australia/Sydney');
  return addDays(today, 1 - isoWeekday(today) + 7 * (1 + Math.floor(rand() * 40)));
}

const calendarPath = (from: ReturnType<typeof todayIn>, days: number, filter: Record<string, string> = {}) =>
  `${CALENDAR}?${new URLSearchParams({ fromDate: formatIsoDate(from), toDate: formatIsoDate(addDays(from, days - 1)), ...filter }).toString()}`;

/** A centre's week, Monday to Sunday. */
function calendarWeek(centreIds: string[], seed: number, n: number) {
  const rand = seededRandom(seed);
  return Array.from({ length: n }, () => ({
    tenant: 0,
    path: calendarPath(weekAhead(rand), 7, { centreId: centreIds[Math.floor(rand() * centreIds.length)]! }),
  }));
}

/** A specialist's five weeks (a month view). */
function calendarSpecialistMonth(specialistIds: string[], seed: number, n: number) {
  const rand = seededRandom(seed);
  return Array.from({ length: n }, () => ({
    tenant: 0,
    path: calendarPath(weekAhead(rand), 35, {
      specialistId: specialistIds[Math.floor(rand() * specialistIds.length)]!,
    }),
  }));
}

/** Five weeks of everyone: the calendar opened on a month with no filter. */
function calendarMonth(seed: number, n: number) {
  const rand = seededRandom(seed);
  return Array.from({ length: n }, () => ({ tenant: 0, path: calendarPath(weekAhead(rand), 35) }));
}

async function runAvailability(
  settings: BenchSettings,
  log: (line: string) => void,
  target: ReportTarget,
): Promise<void> {
  const { databaseUrl, durationSeconds, warmupSeconds } = settings;
  const connections = settings.connections ?? CONNECTIONS;
  log(`database ${redactUrl(databaseUrl)}`);
  if (await ensureDatabase(databaseUrl)) log('created the database');
  const seeded = await seedBulk({
    databaseUrl,
    tenants: 1,
    rows: 0,
    kinds: [`specialists=${SPECIALISTS}`],
    log: (line) => log(`  seed: ${line.trim()}`),
  });
  const tenantId = seeded.tenants[0]!.id;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let specialties: string[];
  let emails: string[];
  let centreIds: string[];
  let specialistIds: string[];
  let languageIds: string[];
  try {
    await seedSessions(client, tenantId, log);
    await seedResources(client, tenantId, log);
    languageIds = (
      await client.query<{ id: string }>(
        `select id from languages where tenant_id = $1 and not is_deleted and name = any($2::text[])`,
        [tenantId, LANGUAGES],
      )
    ).rows.map((r) => r.id);
    specialties = (
      await client.query<{ label: string }>(
        `select label from lookup_configs where tenant_id = $1 and type = 'SPECIALTY' and not is_deleted`,
        [tenantId],
      )
    ).rows.map((r) => r.label);
    emails = (
      await client.query<{ email: string }>(
        `select email from specialists where tenant_id = $1 and email is not null order by id limit 2000`,
        [tenantId],
      )
    ).rows.map((r) => r.email);
    centreIds = (
      await client.query<{ id: string }>(`select id from centres where tenant_id = $1 and not is_deleted`, [tenantId])
    ).rows.map((r) => r.id);
    specialistIds = (
      await client.query<{ id: string }>(
        `select id from specialists where tenant_id = $1 and not is_deleted order by id limit 2000`,
        [tenantId],
      )
    ).rows.map((r) => r.id);
    const counts = (
      await client.query<{ sessions: string; available: string; version: string }>(
        `select (select count(*) from appointment_sessions where tenant_id = $1) as sessions,
          (select count(*) from appointment_sessions where tenant_id = $1 and slot_status in (3, 4)) as available,
          current_setting('server_version') as version`,
        [tenantId],
      )
    ).rows[0]!;
    log(
      `PostgreSQL ${counts.version}, Node ${process.version}, ${os.cpus().length} cores; ${whole(SPECIALISTS)} specialists, ` +
        `${whole(Number(counts.sessions))} sessions (${whole(Number(counts.available))} unbooked), ${specialties.length} specialties; ` +
        `${connections} clients, ${durationSeconds} s measured after ${warmupSeconds} s warm-up; ` +
        `load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')} before the run`,
    );
  } finally {
    await client.end();
  }

  const figures: [string, LoadFigures, CpuSpent][] = [];
  const notes: string[] = [];
  const bench = await startBenchApp(databaseUrl, [tenantId], connections);
  try {
    const { url } = bench;
    const token = bench.tokens[0]!;
    for (const probe of [
      `${PATH}?text=${encodeURIComponent('orthopaedic next week in NSW')}`,
      `${PATH}?specialty=Psychiatry&relativeDate=NextMonth&postcode=2000`,
      `${PATH}?relativeDate=Tomorrow`,
      `${PATH}?text=${encodeURIComponent('orthopaedic next week in NSW')}&needsRoom=true&languageId=${languageIds[0]}`,
    ]) {
      const t0 = performance.now();
      const res = await fetch(url + probe, { headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as {
        totalCount?: number;
        items?: { specialist: { fullName: string }; sessions: { displayFrom: string }[] }[];
      };
      log(
        `check ${decodeURIComponent(probe.slice(PATH.length))}: ${res.status}, ${body.totalCount ?? '-'} specialists, first ` +
          `"${body.items?.[0]?.specialist.fullName ?? '-'}" ${body.items?.[0]?.sessions[0]?.displayFrom ?? ''} (${fixed(performance.now() - t0, 1)} ms cold)`,
      );
    }
    for (const probe of [calendarWeek(centreIds, 0, 1)[0]!, calendarMonth(0, 1)[0]!]) {
      const t0 = performance.now();
      const res = await fetch(url + probe.path, { headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as { totalCount?: number; items?: unknown[] };
      log(
        `check ${probe.path.slice(CALENDAR.length)}: ${res.status}, ${body.items?.length ?? '-'} of ${body.totalCount ?? '-'} sessions ` +
          `(${fixed(performance.now() - t0, 1)} ms cold)`,
      );
    }
    const staffMix = mix(specialties, emails, 20_261_123);
    const rates = settings.rates ?? RATES;
    const phases: [string, { tenant: number; path: string }[], number?][] = [
      [MIX, staffMix],
      [MIX_WITH_RESOURCES, withResources(staffMix, languageIds, 7)],
      // The same searches arriving at a set rate, as from many clerks, whatever the answers' speed.
      ...rates.map((rate): [string, { tenant: number; path: string }[], number] => [
        arrivingLabel(rate),
        staffMix,
        rate,
      ]),
      [withResourcesArrivingLabel(rates[0]!), withResources(staffMix, languageIds, 7), rates[0]!],
      [
        'no specialty: only a period (Tomorrow / Next3Days)',
        Array.from({ length: 200 }, (_, i) => ({
          tenant: 0,
          path: `${PATH}?relativeDate=${i % 2 ? 'Tomorrow' : 'Next3Days'}`,
        })),
      ],
      // The clinic calendar as clerks open it: a centre's week, a specialist's month, and a whole
      // month unfiltered (the first 2,000 sessions and the count of all).
      ['calendar: a centre, a week', calendarWeek(centreIds, 1, CALENDAR_REQUESTS)],
      ['calendar: a specialist, a month', calendarSpecialistMonth(specialistIds, 2, CALENDAR_REQUESTS)],
      [CALENDAR_EVERYONE, calendarMonth(3, CALENDAR_REQUESTS)],
      [FLOOR_PHASE.label, FLOOR_PHASE.requests],
    ];
    // `BENCH_PHASES=rooms,floor` runs only the phases whose label contains one of the words.
    const only = process.env.BENCH_PHASES?.split(',').filter(Boolean);
    const selected = phases.filter(([label]) => !only || only.some((word) => label.includes(word)));
    // A server's connections live on between searches, each search's statements planned once per connection
    // (decision 0136). The app here has just started: its first searches plan every statement shape of the
    // mix (about 70) on each connection it opens, and warm the connection's caches. Those first searches are
    // their own row, so that the phases after it, and the targets, are the running server's, whichever phase
    // comes first.
    if (selected.some(([, requests]) => requests[0]?.path.startsWith(PATH))) {
      const resources = withResources(staffMix, languageIds, 7);
      phases.unshift([
        `${START_LABEL} (both mixes, ${START_SECONDS} s)`,
        staffMix.flatMap((search, i) => [search, resources[i]!]),
      ]);
      selected.unshift(phases[0]!);
    }
    for (const [label, requests, rate] of selected) {
      const spec = {
        url,
        connections,
        variant: 'page' as const,
        tokens: [token],
        rowsPerTenant: 0,
        requests,
        ...(rate ? { rate } : {}),
      };
      const starting = label.startsWith(START_LABEL);
      const warmup = starting ? 0 : warmupSeconds;
      const seconds = starting ? START_SECONDS : durationSeconds;
      log(`API ${label}: warm-up ${warmup} s, measuring ${seconds} s…`);
      if (warmup > 0) await runHttpLoad({ ...spec, seconds: warmup });
      const meter = await startCpuMeter(databaseUrl);
      const r = await runHttpLoad({ ...spec, seconds });
      const cpu = await meter.stop();
      const non2xx = Object.values(r.statuses).reduce((a, b) => a + b, 0);
      if (non2xx > 0) notes.push(`${label}: non-2xx answers ${JSON.stringify(r.statuses)}`);
      figures.push([label, summarize(r.latencies, non2xx + r.errors, r.seconds), cpu]);
    }
  } finally {
    await bench.close();
  }
  log('');
  const rows = figures.map(([label, f, cpu]) => [
    label,
    fixed(f.perSecond),
    fixed(f.p50, 2),
    fixed(f.p99, 2),
    fixed(f.max, 1),
    whole(f.completed),
    whole(f.failed),
    ...cpuPerRequest(cpu, f.completed),
  ]);
  for (const line of table(['', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'ok', 'failed', ...CPU_COLUMNS], rows))
    log(line);
  log('');
  log(
    `closed loop: ${connections} searches always in flight; "/s arriving": searches arrive at that rate ` +
      `(Poisson) over at most ${connections} connections, latency counted from when each was due; ` +
      `load average after ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  for (const note of notes) log(`note: ${note}`);

  // The targets, where measured as they are stated: the concurrency, the arrival rate, the database's CPU.
  const measured = (label: string) => {
    const found = figures.find(([name]) => name === label);
    return found && found[1].completed > 0 ? { f: found[1], cpu: found[2] } : undefined;
  };
  for (const [closed, open, goals] of [
    [MIX, arrivingLabel(TARGET_RATE), SEARCH_TARGETS],
    [MIX_WITH_RESOURCES, withResourcesArrivingLabel(TARGET_RATE), SEARCH_WITH_RESOURCES_TARGETS],
  ] as const) {
    const loaded = measured(closed);
    if (loaded && loaded.cpu.databaseMs !== null && connections === CONNECTIONS)
      target({ ...goals.cpu, figure: (loaded.cpu.appMs + loaded.cpu.databaseMs) / loaded.f.completed });
    const arriving = measured(open);
    if (arriving) target({ ...goals.p99, figure: arriving.f.p99 });
  }
  const calendar = measured(CALENDAR_EVERYONE);
  if (calendar && connections === CONNECTIONS) target({ ...CALENDAR_TARGET, figure: calendar.f.p99 });
}

export const availabilityBenchmark: Benchmark = {
  name: 'availability',
  summary: 'availability search over 10,000 specialists × a year of sessions (≈2.6 million) at 16 clients',
  targets: [
    SEARCH_TARGETS.cpu,
    SEARCH_TARGETS.p99,
    SEARCH_WITH_RESOURCES_TARGETS.cpu,
    SEARCH_WITH_RESOURCES_TARGETS.p99,
    CALENDAR_TARGET,
  ],
  run: runAvailability,
};

if (isMain(import.meta.url)) {
  runMain(() =>
    runAvailability(
      { databaseUrl: process.env.DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL, ...DEFAULT_SETTINGS },
      (line) => console.log(line),
      printTarget,
    ),
  );
}
