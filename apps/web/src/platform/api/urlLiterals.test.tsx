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

/**
 * Files still calling by URL, until the identity, system-config and files modules move to declared
 * endpoints together with these call sites. The only exceptions; a file that no longer needs its
 * entry fails the test until the entry is removed.
 */
const STILL_BY_URL = [
  'auth/oidc.ts',
  'app/session/SessionProvider.tsx',
  'app/session/sessionTypes.ts',
  'app/session/useImpersonation.ts',
  'app/layout/ChangePasswordDialog.tsx',
  'app/theme/sidebarColors.ts',
  'app/theme/useSaveSidebarColor.ts',
  'features/account/MyDetailsPage.tsx',
  'platform/controls/useColumnSettings.ts',
  'features/files/DocumentSearchPage.tsx',
  'features/files/FileManagementPage.tsx',
  'features/files/PdfViewerModal.tsx',
  'features/cases/CaseAttachmentsTab.tsx',
];

const srcPath = (key: string) => key.replace(/^\/apps\/web\/src\//, '');

describe('API URLs in the web source', () => {
  it('reads the source files', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    expect(Object.keys(sources).map(srcPath)).toContain('platform/api/endpoints.ts');
  });

  it('no file but the listed ones types an /api/app/ URL', () => {
    const withUrl = Object.entries(sources)
      .filter(([, text]) => text.includes('/api/app/'))
      .map(([key]) => srcPath(key));
    expect(withUrl.filter((file) => !STILL_BY_URL.includes(file))).toEqual([]);
    expect(STILL_BY_URL.filter((file) => !withUrl.includes(file))).toEqual([]);
  });
});
