import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: the server resolves its migrations and the web build from here. */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export type ServerOptions = {
  /** PostgreSQL to use; defaults to the caller's DATABASE_URL, and to a fresh PGlite when neither is set. */
  databaseUrl?: string | undefined;
  /** Extra environment for the server process (wins over everything else). */
  env?: Record<string, string>;
  /** How long to wait for /api/health to answer 200. The first PGlite start alone takes ~5 s. */
  startTimeoutMs?: number;
  /**
   * Whether to wait, after the first answer, until the demo's work in progress is seeded (the server seeds it
   * after it starts answering; /api/health says `demo: seeding` until then). On unless turned off.
   */
  waitForDemo?: boolean;
  /**
   * Run the compiled server (`node apps/server/dist/main.js`, what `npm start` runs after its prestart built
   * it) instead of the sources through tsx. The caller builds it first (`buildCompiledServer`).
   */
  compiled?: boolean;
  /** How often to ask /api/health while waiting (ms; 200 unless told). */
  pollMs?: number;
};

export type RunningServer = {
  baseUrl: string;
  port: number;
  dataDir: string;
  databaseKind: 'pglite' | 'postgres';
  /** The most recent server output, for failure messages. */
  output: () => string;
  /** Sends SIGTERM, waits for the process to exit (SIGKILL after a grace period), removes the data dir. */
  stop: () => Promise<void>;
  /**
   * CPU seconds (user + system) the server process had used when /api/health first answered 200 as
   * waited for; undefined where /proc cannot be read.
   */
  cpuSecondsAtAnswer: number | undefined;
  /** Ends the process at once (SIGKILL), as a crash or a pulled cable would; stop() still cleans up. */
  kill: () => Promise<void>;
};

const OUTPUT_LIMIT = 64 * 1024;

/** Asks the OS for a port nobody is listening on. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('No free port was assigned'))));
    });
  });
}

/** Builds what `npm start` runs (its prestart step for the server): apps/server/dist/main.js. */
export function buildCompiledServer(): void {
  const build = spawnSync(process.execPath, ['apps/server/scripts/build-server.mjs'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`Compiling the server failed:\n${build.stdout}\n${build.stderr}`);
}

let clockTicks: number | undefined;
/** User + system CPU seconds of a process so far, from /proc (Linux); undefined elsewhere. */
export function processCpuSeconds(pid: number): number | undefined {
  try {
    // After the command name (which may hold spaces) come the state (field 3), …, utime (14) and stime (15).
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    clockTicks ??= Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return undefined;
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** The status of /api/health, and whether the demo data is still being seeded. */
async function healthStatus(url: string): Promise<{ status: number; demoSeeding: boolean } | undefined> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    const body = (await response.json().catch(() => ({}))) as { demo?: string };
    return { status: response.status, demoSeeding: body.demo === 'seeding' };
  } catch {
    return undefined;
  }
}

/**
 * Starts the real server (`node --import tsx apps/server/src/main.ts`, or the compiled one) on a free port with its own
 * temporary data directory and waits until it reports healthy.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-e2e-'));
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL;
  const baseUrl = `http://127.0.0.1:${port}`;

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // The OpenID issuer and redirect URIs derive from it: it must be the origin the browser opens.
    PUBLIC_URL: baseUrl,
    // The server seeds demo data on its own only for PGlite; the tests sign in as demo users on both.
    SEED_DEMO: 'true',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // Every browser signs in from 127.0.0.1; the per-address limit has its own server tests.
    SIGN_IN_LIMIT_PER_MINUTE: '1000',
    ...options.env,
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  // Mail goes to DATA_DIR/mail, where tests read it (password reset links), never to a real server.
  if (!options.env?.SMTP_URL) delete env.SMTP_URL;

  // Browser test groups b and c run the compiled server (E2E_COMPILED_SERVER, set by npm test), so what
  // `npm start` runs is tried in every run; group a runs the sources.
  const compiled = options.compiled ?? process.env.E2E_COMPILED_SERVER === 'true';
  const entry = compiled ? ['apps/server/dist/main.js'] : ['--import', 'tsx', 'apps/server/src/main.ts'];
  const child = spawn(process.execPath, entry, {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_LIMIT);
    if (process.env.E2E_SERVER_LOG) process.stderr.write(chunk);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  // A test run that dies without calling stop() must not leave a server holding the port.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        // main.ts gives itself 10 s to close; allow a little more before forcing it.
        const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited(child);
        clearTimeout(force);
      }
      process.removeListener('exit', killOnExit);
      fs.rmSync(dataDir, { recursive: true, force: true });
    })();
    return stopping;
  };

  const timeoutMs = options.startTimeoutMs ?? 90_000;
  const deadline = Date.now() + timeoutMs;
  let lastStatus: number | undefined;
  const waitForDemo = options.waitForDemo ?? true;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(
        `The server exited (${child.exitCode ?? child.signalCode}) before it was healthy. Output:\n${output}`,
      );
    }
    const health = await healthStatus(`${baseUrl}/api/health`);
    lastStatus = health?.status;
    if (health?.status === 200 && !(waitForDemo && health.demoSeeding)) {
      const cpuSecondsAtAnswer = child.pid === undefined ? undefined : processCpuSeconds(child.pid);
      return {
        cpuSecondsAtAnswer,
        baseUrl,
        port,
        dataDir,
        databaseKind: databaseUrl ? 'postgres' : 'pglite',
        output: () => output,
        stop,
        kill: async () => {
          child.kill('SIGKILL');
          await exited(child);
        },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 200));
  }
  await stop();
  throw new Error(
    `The server was not healthy within ${timeoutMs} ms (last status ${lastStatus ?? 'none'}). Output:\n${output}`,
  );
}
