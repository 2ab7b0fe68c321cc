import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CaseModules } from '@casebook/domain';
/**
 * Shared case code serves every module from its declaration: it never tests for one service type or module
 * (`serviceType === 'OT'`, `case 'OT':`, `key === 'mva-claim'`). What a module does differently is declared
 * (its module file, `features/caseParts.tsx`), so adding a module touches no shared branch.
 */
const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const SHARED_CASE_CODE = ['apps/server/src/modules/cases', 'apps/web/src/features/cases', 'packages/domain/src/cases'];
const MODULE_DECLARATIONS = 'packages/domain/src/cases/modules';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return relative(ROOT, path) === MODULE_DECLARATIONS ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The lines of `text` that branch on a service type or a module key, with their line numbers. */
function moduleBranches(text: string, serviceTypes: readonly string[], moduleKeys: readonly string[]) {
  const names = [...serviceTypes, ...moduleKeys].map((n) => n.replace(/[-]/g, '\\-')).join('|');
  const literal = `['"\`](?:${names})['"\`]`;
  const rules = [
    new RegExp(`serviceType\\)?\\s*[!=]==?\\s*${literal}`),
    new RegExp(`${literal}\\s*[!=]==?\\s*[\\w.?]*serviceType`),
    new RegExp(`\\bcase\\s+${literal}\\s*:`),
    new RegExp(`\\.key\\s*[!=]==?\\s*${literal}`),
    new RegExp(`[!=]==?\\s*['"\`](?:${moduleKeys.map((k) => k.replace(/[-]/g, '\\-')).join('|')})['"\`]`),
  ];
  return text.split('\n').flatMap((line, i) => (rules.some((r) => r.test(line)) ? [`${i + 1}: ${line.trim()}`] : []));
}

describe('shared case code', () => {
  const serviceTypes = [...new Set(CaseModules.flatMap((m) => m.serviceTypes))];
  const moduleKeys = CaseModules.map((m) => m.key);

  it('finds a planted branch on a service type or a module key', () => {
    const planted = [
      "if (c.serviceType === 'OT') return quotation;",
      "const ot = 'OT' !== input.serviceType;",
      "  case 'OT':",
      "if (module.key === 'mva-claim') showOffers();",
      "const isSupp = route === 'supplementaries';",
    ];
    for (const line of planted) expect(moduleBranches(line, serviceTypes, moduleKeys), line).toHaveLength(1);
    expect(moduleBranches("hit.serviceType !== q.serviceType && x === 'OTHER'", serviceTypes, moduleKeys)).toEqual([]);
  });

  it('does not branch on a service type or a module key', () => {
    const found = SHARED_CASE_CODE.flatMap((dir) => sourceFiles(join(ROOT, dir))).flatMap((file) =>
      moduleBranches(readFileSync(file, 'utf8'), serviceTypes, moduleKeys).map((l) => `${relative(ROOT, file)}:${l}`),
    );
    expect(found).toEqual([]);
  });
});
