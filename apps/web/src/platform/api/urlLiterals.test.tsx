import { describe, expect, it } from 'vitest';

/**
 * The web calls the API only through declared endpoints (decision 0022): no `/api/app/` URL is typed
 * in its source, tests included. A test fakes the server and checks the URLs a call sends through the
 * same declarations, so a renamed route breaks it at compile time. Only this file names the pattern.
 */
const sources = import.meta.glob<string>(
  ['/apps/web/src/**/*.ts', '/apps/web/src/**/*.tsx', '!/apps/web/src/platform/api/urlLiterals.test.tsx'],
  { query: '?raw', import: 'default', eager: true },
);

const srcPath = (key: string) => key.replace(/^\/apps\/web\/src\//, '');

describe('API URLs in the web source', () => {
  it('reads the source and test files', () => {
    const paths = Object.keys(sources).map(srcPath);
    expect(paths.length).toBeGreaterThan(100);
    expect(paths).toContain('platform/api/endpoints.ts');
    expect(paths).toContain('platform/api/endpoints.test.tsx');
    expect(paths).toContain('platform/controls/testing/fakeApi.tsx');
    expect(paths).not.toContain('platform/api/urlLiterals.test.tsx');
  });

  it('no file types an /api/app/ URL', () => {
    const withUrl = Object.entries(sources)
      .filter(([, text]) => text.includes('/api/app/'))
      .map(([key]) => srcPath(key));
    expect(withUrl).toEqual([]);
  });
});
