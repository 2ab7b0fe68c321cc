import { ReloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { isChunkLoadError } from './chunkErrors';

/** The spec's error page title, word for word. */
export const ERROR_PAGE_TITLE = 'Woops! Something went wrong :(';
export const NEW_VERSION_MESSAGE = 'A new version of Casebook has been released. Please reload the page to continue.';

/** Where "notify us by email" writes to; a deployment sets VITE_SUPPORT_EMAIL. */
const SUPPORT_EMAIL = (import.meta.env.VITE_SUPPORT_EMAIL as string | undefined) ?? '';

function mailtoFor(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const body = [
    'Hello,',
    '',
    'Casebook showed an error page.',
    '',
    `Page: ${window.location.href}`,
    `Time: ${new Date().toISOString()}`,
    `Error: ${message}`,
    '',
    'What I was doing:',
  ].join('\n');
  return `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Casebook error report')}&body=${encodeURIComponent(body)}`;
}

const reload = () => window.location.reload();

/**
 * The page shown instead of a screen that failed: refresh, or tell us by email. After a new deployment
 * (a screen's script is gone) it asks for a reload instead. Plain markup and no lazy parts: it must
 * show even when loading more code is what failed.
 */
export function ErrorPage({ error }: { error: unknown }) {
  if (isChunkLoadError(error)) {
    return (
      <section className="error-page" role="alert">
        <h1 className="error-page-title">{NEW_VERSION_MESSAGE}</h1>
        <Button type="primary" icon={<ReloadOutlined aria-hidden />} onClick={reload}>
          Reload
        </Button>
      </section>
    );
  }
  return (
    <section className="error-page" role="alert">
      <h1 className="error-page-title">{ERROR_PAGE_TITLE}</h1>
      <p className="error-page-advice">Please refresh the page and try again. If it keeps happening, let us know.</p>
      <div className="error-page-actions">
        <Button type="primary" icon={<ReloadOutlined aria-hidden />} onClick={reload}>
          Refresh
        </Button>
        <a href={mailtoFor(error)}>Notify us by email</a>
      </div>
    </section>
  );
}
