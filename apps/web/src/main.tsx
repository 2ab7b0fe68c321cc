import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as validationConfig } from 'zod';
import { App } from './app';
import './styles.css';

// The shared schemas validate without compiling code at run time: the page's Content-Security-Policy
// allows no eval, and zod would otherwise try new Function() (a reported violation) to find that out.
validationConfig({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
