import fs from 'node:fs';
import pg from 'pg';

/** CPU time (ms) spent in a measured window by this process and by the benchmark database's server processes. */
export type CpuSpent = { appMs: number; databaseMs: number | null };

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** utime + stime of a process in ms, or undefined when it is gone or not on this machine. */
function processCpuMs(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

async function backendCpu(client: pg.Client): Promise<Map<number, number> | null> {
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    const ms = processCpuMs(pid);
    if (ms !== undefined) cpu.set(pid, ms);
  }
  // PostgreSQL on another machine: its processes are not ours to read.
  return rows.length > 0 && cpu.size === 0 ? null : cpu;
}

/**
 * Starts measuring CPU: this process (the app under test; the load generator runs in a child) and
 * the PostgreSQL backends connected to the benchmark database when the server runs on this machine.
 * CPU per request does not grow with the machine's other load the way latency does, so it compares
 * runs made at different times.
 */
export async function startCpuMeter(databaseUrl: string): Promise<{ stop(): Promise<CpuSpent> }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const app = process.cpuUsage();
  const before = await backendCpu(client);
  return {
    async stop() {
      try {
        const used = process.cpuUsage(app);
        const after = await backendCpu(client);
        let databaseMs: number | null = null;
        if (before && after) {
          databaseMs = 0;
          // A backend that started during the window counts from zero.
          for (const [pid, ms] of after) databaseMs += ms - (before.get(pid) ?? 0);
        }
        return { appMs: (used.user + used.system) / 1000, databaseMs };
      } finally {
        await client.end();
      }
    },
  };
}

/** Table headings of cpuPerRequest's cells. */
export const CPU_COLUMNS = ['app CPU ms/req', 'db CPU ms/req'];

/** CPU per completed request, app and database, as table cells. */
export function cpuPerRequest(cpu: CpuSpent, completed: number): string[] {
  const per = (ms: number | null) => (ms === null || completed === 0 ? '-' : (ms / completed).toFixed(2));
  return [per(cpu.appMs), per(cpu.databaseMs)];
}
