import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateOpenApi, OPENAPI_FILE } from './openapi';

// Generated files are committed; this fails when they no longer match the code.
const root = fileURLToPath(new URL('../../../', import.meta.url));
let stale = false;

const committed = fs.existsSync(OPENAPI_FILE) ? fs.readFileSync(OPENAPI_FILE, 'utf8') : '';
if ((await generateOpenApi()) !== committed) {
  console.error('apps/server/openapi.json is stale: run `npm run openapi` and commit it.');
  stale = true;
}

// Generate migrations into a copy of the folder: any new file means the schema changed without one.
// drizzle-kit takes the output folder relative to the working directory.
const relativeOut = './apps/server/.drizzle-check';
const work = path.join(root, relativeOut);
try {
  fs.rmSync(work, { recursive: true, force: true });
  const out = work;
  fs.cpSync(path.join(root, 'apps/server/drizzle'), out, { recursive: true });
  const config = path.join(root, 'apps/server/drizzle.check.config.ts');
  fs.writeFileSync(
    config,
    `import base from './drizzle.config';\nexport default { ...base, out: ${JSON.stringify(relativeOut)} };\n`,
  );
  try {
    execFileSync('npx', ['drizzle-kit', 'generate', '--config', config], { cwd: root, stdio: 'pipe' });
  } finally {
    fs.rmSync(config);
  }
  const before = fs.readdirSync(path.join(root, 'apps/server/drizzle')).filter((f) => f.endsWith('.sql'));
  const after = fs.readdirSync(out).filter((f) => f.endsWith('.sql'));
  if (after.length !== before.length) {
    console.error('The database schema changed without a migration: run `npm run db:generate` and commit it.');
    stale = true;
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}

// The description stays small enough for client generators and reviewers: shared schemas are named once.
// Measured without the file's indentation, which a generator never reads and which grows with nesting
// rather than with what the API says.
const MAX_OPENAPI_BYTES = 1_000_000;
const openapiBytes = committed ? Buffer.byteLength(JSON.stringify(JSON.parse(committed))) : 0;
if (openapiBytes >= MAX_OPENAPI_BYTES) {
  console.error(`apps/server/openapi.json holds ${openapiBytes} bytes without indentation; it must stay under 1 MB.`);
  stale = true;
}

// A client generated from the description must type-check: generate its types and compile them with a
// probe that reads a list answer and an error answer through them.
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-openapi-client-'));
try {
  const generator = path.join(root, 'node_modules/openapi-typescript/bin/cli.js');
  execFileSync(process.execPath, [generator, fileURLToPath(OPENAPI_FILE), '-o', path.join(clientDir, 'api.d.ts')], {
    stdio: 'pipe',
  });
  fs.writeFileSync(
    path.join(clientDir, 'probe.ts'),
    [
      "import type { components, paths } from './api';",
      "type Countries = paths['/api/app/countries']['get']['responses']['200']['content']['application/json'];",
      'export const total = (page: Countries): number => page.totalCount;',
      "type Failure = components['schemas']['ErrorEnvelope'];",
      'export const message = (failure: Failure): string => failure.error.message;',
      '',
    ].join('\n'),
  );
  const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
  execFileSync(
    process.execPath,
    [tsc, '--noEmit', '--strict', '--skipLibCheck', 'false', '--target', 'es2022', '--module', 'nodenext', 'probe.ts'],
    { cwd: clientDir, stdio: 'pipe' },
  );
} catch (error) {
  const out = error as { stdout?: Buffer; stderr?: Buffer; message: string };
  console.error('A client generated from apps/server/openapi.json does not type-check:');
  console.error(out.stdout?.toString() || out.stderr?.toString() || out.message);
  stale = true;
} finally {
  fs.rmSync(clientDir, { recursive: true, force: true });
}

if (stale) process.exit(1);
console.log('generated files are up to date');
