// PostgreSQL processes a test starts for itself: a primary with a streaming replica, and PgBouncer.
// They run as the `postgres` operating-system user when the test runs as root (PostgreSQL refuses root).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const asRoot = process.getuid?.() === 0;

/** Runs a command as the database's operating-system user; throws with its output when it fails. */
function run(command: string, args: string[]): string {
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  try {
    return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${command} ${args.join(' ')} failed: ${e.message}\n${e.stdout ?? ''}${e.stderr ?? ''}`);
  }
}

/** The directory of the newest installed PostgreSQL server's programs (Debian's layout). */
export function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0])
    throw new Error('No PostgreSQL server programs under /usr/lib/postgresql (Debian package postgresql)');
  return path.join(root, versions[0], 'bin');
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A directory the database's operating-system user owns. */
function ownDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  return dir;
}

export type Cluster = {
  port: number;
  url(database: string, user?: string): string;
  query(sqlText: string, database?: string): Promise<pg.QueryResult>;
  stop(): void;
};

function cluster(bin: string, dataDir: string, port: number): Cluster {
  return {
    port,
    url: (database, user = 'postgres') => `postgres://${user}@127.0.0.1:${port}/${database}`,
    async query(sqlText, database = 'postgres') {
      const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/${database}` });
      await client.connect();
      try {
        return await client.query(sqlText);
      } finally {
        await client.end();
      }
    },
    stop() {
      try {
        run(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
    },
  };
}

function startCluster(bin: string, dataDir: string, port: number, socketDir: string): Cluster {
  run(path.join(bin, 'pg_ctl'), [
    '-D',
    dataDir,
    '-l',
    path.join(dataDir, 'server.log'),
    '-w',
    '-t',
    '60',
    '-o',
    `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c fsync=off -c shared_buffers=32MB`,
    'start',
  ]);
  return cluster(bin, dataDir, port);
}

/**
 * A new primary (trust authentication, replication allowed from this machine) and a streaming replica
 * made from its base backup. `remove()` stops both and deletes their files.
 */
export async function startPrimaryAndReplica(): Promise<{ primary: Cluster; replica: Cluster; remove(): void }> {
  const bin = postgresBinDir();
  const root = ownDir('casebook-replication-');
  const primaryDir = path.join(root, 'primary');
  const replicaDir = path.join(root, 'replica');
  run(path.join(bin, 'initdb'), ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const primary = startCluster(bin, primaryDir, await freePort(), root);
  run(path.join(bin, 'pg_basebackup'), [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-D',
    replicaDir,
    '-R',
    '-X',
    'stream',
    '--no-sync',
  ]);
  const replica = startCluster(bin, replicaDir, await freePort(), root);
  return {
    primary,
    replica,
    remove() {
      replica.stop();
      primary.stop();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Waits until the replica has replayed everything the primary has written so far. */
export async function replicaCaughtUp(primary: Cluster, replica: Cluster, timeoutMs = 30_000): Promise<void> {
  const lsn = (await primary.query('select pg_current_wal_lsn()::text as lsn')).rows[0]!.lsn as string;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await replica.query(`select pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn as done`);
    if (rows[0]!.done) return;
    if (Date.now() > deadline) throw new Error(`the replica did not replay up to ${lsn} in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * PgBouncer in transaction mode in front of one database of a PostgreSQL server, for the given users
 * (trust authentication, as the server has). The `options` start-up parameter is accepted and dropped:
 * PgBouncer sets `jit = off` on its own server connections instead.
 */
export async function startPgBouncer(target: { port: number; database: string; users: string[] }): Promise<{
  url(user: string): string;
  stop(): Promise<void>;
}> {
  const binary = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((f) => fs.existsSync(f));
  if (!binary) throw new Error('pgbouncer is not installed (Debian package pgbouncer)');
  const dir = ownDir('casebook-pgbouncer-');
  const port = await freePort();
  fs.writeFileSync(path.join(dir, 'users.txt'), target.users.map((u) => `"${u}" ""`).join('\n') + '\n');
  fs.writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `casebook = host=127.0.0.1 port=${target.port} dbname=${target.database} connect_query='set jit = off'`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      `unix_socket_dir = ${dir}`,
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 1000',
      'default_pool_size = 16',
      'ignore_startup_parameters = extra_float_digits,options',
      '',
    ].join('\n'),
  );
  for (const f of fs.readdirSync(dir)) fs.chmodSync(path.join(dir, f), 0o644);
  const child: ChildProcess = spawn(binary, [...(asRoot ? ['-u', 'postgres'] : []), path.join(dir, 'pgbouncer.ini')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr?.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-4000)));
  const url = (user: string) => `postgres://${user}@127.0.0.1:${port}/casebook`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited (${child.exitCode}):\n${log}`);
    const client = new pg.Client({ connectionString: url(target.users[0]!) });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      break;
    } catch {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) throw new Error(`pgbouncer did not answer:\n${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
