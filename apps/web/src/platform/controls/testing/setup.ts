import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});

// The component test files share one document and one module graph per worker (isolate: false in
// vitest.config.ts): what a file leaves behind (a dialog still closing in a portal, a faked clock)
// must not reach the next file.
afterAll(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  window.localStorage.clear();
  window.sessionStorage.clear();
});

// antd screens take a while to render in happy-dom on a busy machine; the default 1 s is too tight.
configure({ asyncUtilTimeout: 10_000 });
