import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CaseEndpoints, endpointPath, TelephonyEndpoints } from '@casebook/domain';
import { caseOf, fakeServer, renderCaseTab } from '../cases/testing/caseTabHarness';
import { CallButton, TelephonyWidget } from './TelephonyWidget';

const c = caseOf();

function server(enabled: boolean) {
  return fakeServer(({ method, path }) => {
    if (method === 'GET' && path === endpointPath(CaseEndpoints.get, { id: c.id })) return { body: c };
    if (method === 'GET' && path === TelephonyEndpoints.widget.path)
      return {
        body: { enabled, connected: true, widgetUrl: enabled ? 'http://rc.test/embeddable/app.html?clientId=x' : null },
      };
    if (method === 'POST' && path === TelephonyEndpoints.callResult.path) return { body: {} };
    throw new Error(`unexpected ${method} ${path}`);
  });
}

const tab = () => (
  <>
    <TelephonyWidget />
    <CallButton number="0400000111" caseId={c.id} party="claimant" />
  </>
);

describe('the telephony widget and click-to-call', () => {
  it('calls through the widget and posts the ended call for the case it was made from', async () => {
    const s = server(true);
    renderCaseTab(s, c.id, tab);
    const call = await screen.findByRole('button', { name: 'Call 0400000111' });
    const frame = screen.getByTitle('Phone') as HTMLIFrameElement;
    const post = vi.fn();
    Object.defineProperty(frame, 'contentWindow', { value: { postMessage: post } });
    fireEvent.click(call);
    expect(post).toHaveBeenCalledWith({ type: 'rc-adapter-new-call', phoneNumber: '0400000111', toCall: true }, '*');
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: 'rc-call-end-notify', call: { telephonySessionId: 's-123' } },
        source: frame.contentWindow as unknown as Window,
      }),
    );
    await waitFor(() =>
      expect(s.writes()).toEqual([
        expect.objectContaining({
          path: TelephonyEndpoints.callResult.path,
          body: { caseId: c.id, telephonySessionId: 's-123', party: 'claimant' },
        }),
      ]),
    );
  });

  it('shows neither widget nor call button when the tenant has not turned the widget on', async () => {
    const s = server(false);
    renderCaseTab(s, c.id, tab);
    await waitFor(() => expect(s.requests.some((r) => r.path === TelephonyEndpoints.widget.path)).toBe(true));
    expect(screen.queryByTitle('Phone')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Call / })).toBeNull();
  });
});
