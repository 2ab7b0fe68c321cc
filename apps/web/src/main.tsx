import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
// antd's component styles as one static stylesheet (the theme runs with zeroRuntime): a page then spends no
// CPU generating them in the browser as each kind of component first renders, which had been a third of the
// renderer's work on every load. The theme's own tokens are still applied, as CSS variables.
import 'antd/dist/antd.css';
import './styles.css';

// The shared schemas validate without compiling code at run time: the page's Content-Security-Policy
// allows no eval, and zod would otherwise try new Function() (a reported violation) to find that out.
// zod keeps its settings in `globalThis.__zod_globalConfig` and adopts the object it finds there (zod 4,
// pinned in package.json), so the setting is made without loading zod with the entry: the first screen
// after sign-in uses no schema.
const zodSettings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
Object.assign((zodSettings.__zod_globalConfig ??= {}), { jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
