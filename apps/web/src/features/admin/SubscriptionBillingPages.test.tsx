import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SystemInvoiceEndpoints, TenantInvoiceEndpoints, type SystemInvoiceDto } from '@casebook/domain';
import type { Session } from '../../app/session/sessionTypes';
import { SessionContext } from '../../app/session/useSession';
import { answering, fakeApi, isCallOf, on, renderWithApi } from '../../platform/controls/testing/fakeApi';
import { NoticesContext, type Notices } from '../../platform/notices/notices';
import { TenantInvoiceDetailPage } from './SubscriptionBillingPages';

const invoice: SystemInvoiceDto = {
  id: '0192f1a0-0000-7000-8000-000000000001',
  tenantId: '0192f1a0-0000-7000-8000-0000000000aa',
  tenantName: 'demo',
  invoiceNo: 'SI-000007',
  month: '2026-10',
  invoiceDate: '2026-11-01',
  dueDate: '2026-11-15',
  status: 'Sent',
  currency: 'AUD',
  activeAccounts: 4,
  activeClients: 6,
  lines: [
    { description: 'Monthly base fee', quantity: 1, unitCents: 15_000, amountCents: 15_000 },
    { description: 'Active accounts', quantity: 4, unitCents: 1_250, amountCents: 5_000 },
    { description: 'Active clients', quantity: 6, unitCents: 330, amountCents: 1_980 },
  ],
  subtotalCents: 21_980,
  gstBasisPoints: 1000,
  gstCents: 2_198,
  totalCents: 24_178,
  billingEmail: 'accounts@demo.test',
  sentAt: '2026-11-27T01:00:00.000Z',
  paidDate: null,
  cancelledAt: null,
  cancelReason: null,
  creationTime: '2026-11-27T00:00:00.000Z',
};

function render(isHost: boolean) {
  const api = fakeApi(
    answering([
      on(TenantInvoiceEndpoints.getTenantInvoice, () => invoice),
      on(SystemInvoiceEndpoints.cancelInvoice, (c) => ({
        ...invoice,
        status: 'Cancelled' as const,
        cancelReason: (c.body as { reason: string }).reason,
      })),
    ]),
  );
  const notices = { success: vi.fn(), error: vi.fn(), warning: vi.fn() } satisfies Notices;
  const session = {
    permissions: new Set<string>(),
    tenant: { isHost, timezone: 'Australia/Sydney' },
  } as unknown as Session;
  renderWithApi(
    <SessionContext.Provider value={session}>
      <App>
        <NoticesContext.Provider value={notices}>
          <MemoryRouter initialEntries={[`/view/tenant-invoice/detail/${invoice.id}`]}>
            <Routes>
              <Route path="/view/tenant-invoice/detail/:id" element={<TenantInvoiceDetailPage />} />
            </Routes>
          </MemoryRouter>
        </NoticesContext.Provider>
      </App>
    </SessionContext.Provider>,
    api,
  );
  return Object.assign(api, { notices });
}

describe('tenant invoice detail', () => {
  it('shows the lines and totals; the host cancels a sent invoice with a reason after confirming', async () => {
    const api = render(true);
    await screen.findByRole('heading', { name: /Invoice SI-000007/ });
    const lines = screen.getByRole('table', { name: 'Invoice lines' });
    expect(within(lines).getByText('$241.78')).toBeTruthy();
    expect(within(lines).getByText('$21.98')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send again' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark paid' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel SI-000007' });
    const ok = within(dialog).getByRole('button', { name: 'Cancel invoice' });
    expect(ok.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Wrong rates' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel invoice' }));
    await waitFor(() => expect(api.notices.success).toHaveBeenCalledWith('Invoice SI-000007 is cancelled.'));
    expect(api.calls.find((c) => isCallOf(c, SystemInvoiceEndpoints.cancelInvoice))?.body).toEqual({
      reason: 'Wrong rates',
    });
  });

  it("offers a tenant only the PDF: the host's actions are not there", async () => {
    render(false);
    await screen.findByRole('heading', { name: /Invoice SI-000007/ });
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeTruthy();
    for (const name of ['Send again', 'Mark paid', 'Cancel invoice', 'Preview']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });
});
