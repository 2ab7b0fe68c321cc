import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Money code never goes through floating point (decision 0023): amounts are whole cents and every product
 * or quotient goes through `mulDiv`. This guard reads the money modules (invoices, funding, the money
 * maths) and fails on the ways a float slips in: `parseFloat`, `toFixed`, `Math.round`/`floor`/`ceil`/
 * `trunc` or `Number(...)` applied to an amount, a `/ 100` of an amount, and `numeric`, `decimal`,
 * `real` or `doublePrecision` columns in their database schema.
 */

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const MONEY_DIRS = [
  'apps/server/src/modules/invoices',
  'apps/server/src/modules/funding',
  'packages/domain/src/invoices',
  'packages/domain/src/funding',
  'apps/web/src/features/invoices',
  'apps/web/src/features/funding',
  'apps/server/src/modules/mva',
  'apps/web/src/features/mva',
  'apps/server/src/modules/ot',
  'apps/web/src/features/ot',
  'apps/server/src/modules/reports',
  'apps/web/src/features/reports',
  'packages/domain/src/reports',
];

/** Words that name an amount of money in an identifier. */
const AMOUNT = /cents|amount|price|total|balance|fee|gst|tax|paid|commission|interest|principal|money|payment/i;

type FloatMoneyProblem = { file: string; line: number; text: string; rule: string };

/** The text without comments, line breaks kept so line numbers stay right. */
function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`])\/\/.*$/gm, (_, before: string) => before);
}

/** The argument text of each call of `callee` on a line, up to its matching parenthesis. */
function callArguments(line: string, callee: RegExp): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(callee)) {
    let depth = 1;
    let i = m.index + m[0].length;
    const start = i;
    while (i < line.length && depth > 0) {
      if (line[i] === '(') depth++;
      else if (line[i] === ')') depth--;
      i++;
    }
    out.push(line.slice(start, i - 1));
  }
  return out;
}

/** The places in one source file where money could pass through a floating-point number. */
function floatMoneyProblems(file: string, source: string): FloatMoneyProblem[] {
  const problems: FloatMoneyProblem[] = [];
  const isSchema = /\.schema\.ts$/.test(file);
  withoutComments(source)
    .split('\n')
    .forEach((text, i) => {
      const flag = (rule: string) => problems.push({ file, line: i + 1, text: text.trim(), rule });
      if (/\bparseFloat\s*\(/.test(text)) flag('parseFloat');
      if (/\.toFixed\s*\(/.test(text)) flag('toFixed');
      for (const arg of callArguments(text, /\bMath\.(?:round|floor|ceil|trunc)\s*\(/g))
        if (AMOUNT.test(arg)) flag('Math rounding of an amount');
      for (const arg of callArguments(text, /(?<![.\w])(?:Number|parseInt)\s*\(/g))
        if (AMOUNT.test(arg)) flag('Number() of an amount');
      if (/\b\w*(?:cents|amount|price|total|balance)\w*\s*\/\s*100\b/i.test(text)) flag('division of an amount');
      if (isSchema && /\b(?:numeric|decimal|real|doublePrecision)\s*\(/.test(text)) flag('floating or decimal column');
    });
  return problems;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the money guard', () => {
  it('finds each way a float slips into money code', () => {
    const bad = [
      "const cents = parseFloat(input.replace('$', '')) * 100;",
      'const shown = (invoice.totalCents / 100).toFixed(2);',
      'const gstCents = Math.round(line.amountCents * 0.1);',
      'const total = Number(row.total);',
      'const dollars = balanceCents / 100;',
    ].join('\n');
    expect(floatMoneyProblems('invoices.service.ts', bad).map((p) => [p.line, p.rule])).toEqual([
      [1, 'parseFloat'],
      [2, 'toFixed'],
      [2, 'division of an amount'],
      [3, 'Math rounding of an amount'],
      [4, 'Number() of an amount'],
      [5, 'division of an amount'],
    ]);
    const schema = [
      "  feeCents: numeric('fee_cents').notNull(),",
      "  rate: doublePrecision('rate'),",
      "  amount: real('amount'),",
      "  unitPrice: decimal('unit_price', { precision: 12, scale: 2 }),",
    ].join('\n');
    expect(floatMoneyProblems('invoices.schema.ts', schema)).toHaveLength(4);
  });

  it('lets exact integer code and comments pass', () => {
    const good = [
      '// parseFloat would lose a cent: the digits are read instead',
      '/* Math.round(amountCents * 1.1) is not how GST is worked out */',
      'const gstCents = mulDiv(line.amountCents, gstBasisPoints, 10_000);',
      'if (!Number.isSafeInteger(totalCents)) throw new RangeError();',
      'const pages = Math.ceil(count / 500);',
      "const url = 'https://example.com/a//b';",
      "  totalCents: bigint('total_cents', { mode: 'number' }).notNull(),",
    ].join('\n');
    expect(floatMoneyProblems('invoices.schema.ts', good)).toEqual([]);
  });

  it('no money module does arithmetic on floating-point amounts', () => {
    const files = MONEY_DIRS.flatMap((dir) => sourceFiles(join(ROOT, dir)));
    files.push(join(ROOT, 'packages/domain/src/money.ts'));
    expect(files.map((f) => relative(ROOT, f))).toEqual(
      expect.arrayContaining([
        'apps/server/src/modules/invoices/invoices.schema.ts',
        'apps/server/src/modules/funding/funding.schema.ts',
        'packages/domain/src/invoices/invoice-math.ts',
        'packages/domain/src/money.ts',
      ]),
    );
    const problems = files.flatMap((f) => floatMoneyProblems(relative(ROOT, f), readFileSync(f, 'utf8')));
    expect(problems).toEqual([]);
  });
});
