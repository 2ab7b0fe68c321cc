// Prints the name and first error line of every failed test in the JSON reports under a folder (default
// .test-results), at most 40: CI prints this last, where a log shortened to its tail still shows it.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? '.test-results');
const reports = [];
const walk = (dir) => {
  for (const entry of fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }) : []) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (entry.name.endsWith('.json')) reports.push(full);
  }
};
walk(root);
const lines = [];
const firstLine = (text) =>
  String(text ?? '')
    .split('\n')[0]
    .slice(0, 200);
for (const report of reports.sort()) {
  let data;
  try {
    data = JSON.parse(fs.readFileSync(report, 'utf8'));
  } catch {
    continue;
  }
  const pass = path.relative(root, report);
  for (const file of data.testResults ?? []) {
    const name = path.relative(process.cwd(), file.name ?? '');
    const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const test of failed) {
      lines.push(
        `  - ${pass}: ${name} > ${test.fullName ?? test.title}\n      ${firstLine(test.failureMessages?.[0])}`,
      );
    }
    // A file that failed before its tests ran (an import or a hook) has no failed test of its own.
    if (failed.length === 0 && file.status === 'failed') {
      lines.push(`  - ${pass}: ${name}\n      ${firstLine(file.message)}`);
    }
  }
}
if (lines.length > 0) {
  console.log(`Failed tests (${lines.length}):`);
  console.log(lines.slice(0, 40).join('\n'));
  if (lines.length > 40) console.log(`  … and ${lines.length - 40} more`);
}
