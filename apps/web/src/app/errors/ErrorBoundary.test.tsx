import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './ErrorBoundary';
import { ERROR_PAGE_TITLE, NEW_VERSION_MESSAGE } from './ErrorPage';

function Throws({ error }: { error: Error }): never {
  throw error;
}

describe('the error page', () => {
  // React reports caught render errors on the console; the page is what matters here.
  beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => vi.restoreAllMocks());

  it("shows 'Woops! Something went wrong :(' with a refresh button and a notify-by-email link", () => {
    render(
      <ErrorBoundary>
        <Throws error={new Error('kaput')} />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: ERROR_PAGE_TITLE })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Refresh/ })).toBeTruthy();
    const notify = screen.getByRole('link', { name: 'Notify us by email' });
    expect(notify.getAttribute('href')).toMatch(/^mailto:.*subject=Casebook%20error%20report.*kaput/);
  });

  it('asks for a reload when a screen of the previous deployment cannot be loaded', () => {
    render(
      <ErrorBoundary>
        <Throws error={new TypeError('Failed to fetch dynamically imported module: /assets/ResourceList-old.js')} />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: NEW_VERSION_MESSAGE })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Reload/ })).toBeTruthy();
  });

  it('starts over when its reset key changes', () => {
    const { rerender } = render(
      <ErrorBoundary resetKey="/view/a">
        <Throws error={new Error('a')} />
      </ErrorBoundary>,
    );
    rerender(
      <ErrorBoundary resetKey="/view/b">
        <p>fine</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('fine')).toBeTruthy();
  });
});
