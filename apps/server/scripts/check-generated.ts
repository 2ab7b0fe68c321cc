import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
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

if (stale) process.exit(1);
console.log('generated files are up to date');
