import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = 'http://localhost:3000';

/**
 * Modules that do nothing when imported, so a chunk keeps only what it uses of them: antd's form engine,
 * which every popup reaches through antd's context isolation but only forms use. (packages/domain says
 * so in its own package.json.)
 */
const PURE_MODULES = /node_modules\/@rc-component\/(form|async-validator)\//;

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** Whether evaluating the expression calls anything (function bodies are not evaluated, so not looked into). */
function callsAnything(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(callsAnything);
  if (!node || typeof node !== 'object') return false;
  const { type } = node as Node;
  if (type === 'ArrowFunctionExpression' || type === 'FunctionExpression') return false;
  if (type === 'CallExpression' || type === 'NewExpression' || type === 'TaggedTemplateExpression') return true;
  return Object.values(node).some(callsAnything);
}

/**
 * packages/domain defines its zod schemas next to the messages, constants and route table the browser
 * uses (`export const X = z.object(…)`). Those calls have no effect beyond their value, but a bundler
 * cannot know it, so it keeps every schema of a module (and zod with them) as soon as any other export of
 * that module is used. This marks each top-level initialiser of the domain's modules that calls anything
 * as pure (`/* @__PURE__ *\/ (() => …)()`), so an unused schema, and zod when no schema is used, drops out.
 * True of the domain by design: its modules only declare (no statement runs on import).
 */
function pureDomainDeclarations(): Plugin {
  return {
    name: 'casebook:pure-domain-declarations',
    apply: 'build',
    // After TypeScript is stripped.
    enforce: 'post',
    transform: {
      filter: { id: /packages\/domain\/src\/.*\.ts$/ },
      handler(code) {
        const inits: Node[] = [];
        for (const statement of this.parse(code).body as unknown as Node[]) {
          const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node) : statement;
          if (declaration?.type !== 'VariableDeclaration') continue;
          for (const d of declaration.declarations as { init: Node | null }[]) {
            if (d.init && callsAnything(d.init)) inits.push(d.init);
          }
        }
        if (inits.length === 0) return null;
        let out = code;
        for (const init of inits.sort((a, b) => b.start - a.start)) {
          const expression = out.slice(init.start, init.end);
          out = `${out.slice(0, init.start)}/* @__PURE__ */ (() => (${expression}))()${out.slice(init.end)}`;
        }
        return { code: out, map: null };
      },
    },
  };
}

/** Every node below `node` (depth first), its own fields included. */
function* nodesIn(node: unknown): Generator<Node> {
  if (Array.isArray(node)) {
    for (const child of node) yield* nodesIn(child);
    return;
  }
  if (!node || typeof node !== 'object') return;
  if (typeof (node as Node).type === 'string') yield node as Node;
  for (const value of Object.values(node)) if (value && typeof value === 'object') yield* nodesIn(value);
}

/** The parts of a declaration the browser's calls never read: they are types there. */
const SCHEMA_KEYS = new Set(['params', 'query', 'body']);
type SchemaProperty = Node & { key: Node & { name?: string }; value: Node & { name?: string } };

/**
 * The browser calls an endpoint by its method and path (`callEndpoint`), and reads of its response schema
 * only whether it has one (a JSON answer, or a file); the schemas themselves are types there. In the web
 * build each `endpoint({ … })` becomes the plain object with `params`, `query` and `body` left out and
 * `response` reduced to `true`, so the schemas a screen's calls name (and zod with them) are not sent with
 * it. The declaration's own check (path parameters against the params schema) runs on the server and in
 * the tests, which compile the sources as written.
 */
function endpointsWithoutSchemas(): Plugin {
  return {
    name: 'casebook:endpoints-without-schemas',
    apply: 'build',
    enforce: 'post',
    transform: {
      filter: { id: /packages\/domain\/src\/.*\.ts$/, code: 'endpoint(' },
      handler(code) {
        const edits: { start: number; end: number; text: string }[] = [];
        const nodes = [...nodesIn(this.parse(code).body)];
        /** The object of an `endpoint({ … })` call, if `node` is one. */
        const declarationOf = (node: Node | undefined) => {
          if (node?.type !== 'CallExpression') return undefined;
          const callee = node.callee as Node & { name?: string };
          const [argument] = node.arguments as Node[];
          if (callee.type !== 'Identifier' || callee.name !== 'endpoint' || argument?.type !== 'ObjectExpression')
            return undefined;
          return { callee, properties: argument.properties as SchemaProperty[] };
        };
        // Helpers that declare an endpoint from a schema they are given (`const step = (path, body) =>
        // endpoint({ …, body })`): which of their arguments is a schema, so their callers pass none.
        const helpers = new Map<string, number[]>();
        for (const node of nodes) {
          if (node.type !== 'VariableDeclarator') continue;
          const init = node.init as (Node & { params: (Node & { name?: string })[]; body: Node }) | null;
          const declaration = declarationOf(init?.type === 'ArrowFunctionExpression' ? init.body : undefined);
          if (!init || !declaration) continue;
          const names = init.params.map((param) => (param.type === 'Identifier' ? param.name : undefined));
          const schemaArguments = declaration.properties
            .filter((p) => p.type === 'Property' && (SCHEMA_KEYS.has(p.key.name ?? '') || p.key.name === 'response'))
            .map((p) => (p.value.type === 'Identifier' ? names.indexOf(p.value.name) : -1))
            .filter((index) => index >= 0);
          if (schemaArguments.length > 0) helpers.set((node.id as Node & { name: string }).name, schemaArguments);
        }
        for (const node of nodes) {
          if (node.type !== 'CallExpression') continue;
          const callee = node.callee as Node & { name?: string };
          const schemaArguments = callee.type === 'Identifier' ? helpers.get(callee.name ?? '') : undefined;
          for (const index of schemaArguments ?? []) {
            const argument = (node.arguments as Node[])[index];
            if (argument) edits.push({ start: argument.start, end: argument.end, text: 'undefined' });
          }
          const declaration = declarationOf(node);
          if (!declaration) continue;
          edits.push({ start: declaration.callee.start, end: declaration.callee.end, text: '' });
          for (const property of declaration.properties) {
            if (property.type !== 'Property' || property.key.type !== 'Identifier') continue;
            const name = property.key.name ?? '';
            if (name === 'response') edits.push({ start: property.start, end: property.end, text: 'response: true' });
            else if (SCHEMA_KEYS.has(name))
              edits.push({ start: property.start, end: property.end, text: `${name}: undefined` });
          }
        }
        if (edits.length === 0) return null;
        let out = code;
        for (const edit of edits.sort((a, b) => b.start - a.start)) {
          out = `${out.slice(0, edit.start)}${edit.text}${out.slice(edit.end)}`;
        }
        return { code: out, map: null };
      },
    },
  };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Text files: every one gets its copies, so the server never compresses a file per request. */
const COMPRESSIBLE = /\.(js|css|svg|html|json|txt)$/;

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file of the build, once, at the
 * strongest settings: the server sends the copy the browser accepts (`@fastify/static`'s `preCompressed`)
 * without compressing anything per request.
 */
function precompress(): Plugin {
  return {
    name: 'casebook:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const names = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        names.map(async (name) => {
          const file = path.join(outDir, name);
          const content = await fs.readFile(file);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig({
  // Resolve paths from this folder whether the build is started here or from the repository root.
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Absolute asset URLs: the server answers deep client routes (/view/…) with the same index.html.
  base: '/',
  plugins: [react(), endpointsWithoutSchemas(), pureDomainDeclarations(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // undefined keeps the default (the package.json sideEffects field) for everything else.
        moduleSideEffects: (id: string) => (PURE_MODULES.test(id) ? false : undefined),
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
    },
  },
});
