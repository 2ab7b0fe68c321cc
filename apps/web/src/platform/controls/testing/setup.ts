import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});

// antd screens take a while to render in happy-dom on a busy machine; the default 1 s is too tight.
configure({ asyncUtilTimeout: 10_000 });
