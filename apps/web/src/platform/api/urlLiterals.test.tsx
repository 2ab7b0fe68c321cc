import { describe, expect, it } from 'vitest';

/**
 * The web calls the API only through declared endpoints (decision 0022): no `/api/app/` URL is typed
 * in its source. Test files are not scanned: they may check the URLs a call really sends.
 */
const sources = import.meta.glob<string>(['/apps/web/src/**/*.ts', '/apps/web/src/**/*.tsx', '!**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const srcPath = (key: string) => key.replace(/^\/apps\/web\/src\//, '');

describe('API URLs in the web source', () => {
  it('reads the source files', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    expect(Object.keys(sources).map(srcPath)).toContain('platform/api/endpoints.ts');
  });

  it('no file types an /api/app/ URL', () => {
    const withUrl = Object.entries(sources)
      .filter(([, text]) => text.includes('/api/app/'))
      .map(([key]) => srcPath(key));
    expect(withUrl).toEqual([]);
  });
});
