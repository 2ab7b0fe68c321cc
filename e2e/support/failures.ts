import { afterEach } from 'vitest';
import { artifactPath } from './artifacts';
import { openPages } from './browser';

// A failed test leaves a picture of each page it had open (failed-<file>-<test>-<n>.png) beside the
// screenshots the tests take, so a failure on a machine nobody watched can be looked at afterwards.
afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  const name = `${task.file.name.replace(/^.*\//, '').replace(/\.e2e\.ts$/, '')}-${task.name}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 80);
  const pages = openPages();
  for (const [i, page] of pages.entries()) {
    await page
      .screenshot({ path: artifactPath(`failed-${name}-${i + 1}.png`), timeout: 10_000 })
      .catch((error: unknown) => console.error(`No screenshot of page ${i + 1} (${page.url()}): ${String(error)}`));
  }
});
