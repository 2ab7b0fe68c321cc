// Compiles the server for `npm start` (its `prestart`): the server's and the domain's TypeScript bundled
// into apps/server/dist/ as plain JavaScript, so a start loads a few files and transforms nothing. Packages
// from node_modules stay outside the bundle and load as they do under tsx. `npm run dev` and the tests run
// the sources through tsx and never read this output.
//
// Plain JavaScript, so it runs before anything is compiled: `node apps/server/scripts/build-server.mjs`.
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT_DIR = path.join(SERVER_ROOT, 'dist');
const ENTRY = path.join(SERVER_ROOT, 'src/main.ts');

// esbuild is what tsx compiles with (a dependency of tsx, which the server depends on): taken from there, so
// its version is the one the sources are known to compile under.
const requireFromTsx = createRequire(createRequire(import.meta.url).resolve('tsx/package.json'));
const esbuild = requireFromTsx('esbuild');

/** The project's own packages are compiled in; every other bare import is a package loaded at run time. */
const externalPackages = {
  name: 'casebook:external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@casebook/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * A module that finds files beside itself (`new URL('../../drizzle', import.meta.url)`, a worker's task
 * module) keeps finding them where the sources are: `import.meta.url` becomes the source file's address,
 * written relative to the bundle so the checkout can move after building.
 */
const sourceLocations = {
  name: 'casebook:source-locations',
  setup(build) {
    build.onLoad({ filter: /\.(ts|tsx|mts|js|mjs)$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await fs.readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const relative = path.relative(OUT_DIR, args.path).split(path.sep).join('/');
      const contents = source.replaceAll(
        'import.meta.url',
        `new URL(${JSON.stringify(relative)}, import.meta.url).href`,
      );
      return { contents, loader: path.extname(args.path).slice(1).replace(/^m/, '') };
    });
  },
};

const started = performance.now();
await fs.rm(OUT_DIR, { recursive: true, force: true });
await esbuild.build({
  entryPoints: { main: ENTRY },
  outdir: OUT_DIR,
  bundle: true,
  // Modules the server imports on first use (`await import(…)`) stay in chunks of their own.
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: 'linked',
  // Names kept: log lines and errors name classes and functions as in the sources.
  keepNames: true,
  logLevel: 'warning',
  tsconfig: path.join(SERVER_ROOT, 'tsconfig.json'),
  plugins: [externalPackages, sourceLocations],
});
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`server compiled into ${path.relative(process.cwd(), OUT_DIR) || OUT_DIR} in ${seconds} s`);
