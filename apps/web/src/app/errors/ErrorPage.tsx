import { ReloadOutlined } from '@ant-design/icons';
import { Button, Result, Typography } from 'antd';
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

/**
 * The page shown instead of a screen that failed: refresh, or tell us by email. After a new deployment
 * (a screen's script is gone) it asks for a reload instead.
 */
export function ErrorPage({ error }: { error: unknown }) {
  const reload = () => window.location.reload();
  if (isChunkLoadError(error)) {
    return (
      <Result
        className="error-page"
        status="info"
        title={NEW_VERSION_MESSAGE}
        extra={
          <Button type="primary" icon={<ReloadOutlined />} onClick={reload}>
            Reload
          </Button>
        }
      />
    );
  }
  return (
    <Result
      className="error-page"
      status="error"
      title={ERROR_PAGE_TITLE}
      subTitle="Please refresh the page and try again. If it keeps happening, let us know."
      extra={[
        <Button key="refresh" type="primary" icon={<ReloadOutlined />} onClick={reload}>
          Refresh
        </Button>,
        <Typography.Link key="notify" href={mailtoFor(error)}>
          Notify us by email
        </Typography.Link>,
      ]}
    />
  );
}
