import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type CaseDto, CaseEndpoints, endpointPath } from '@casebook/domain';
import { CaseCreditRequestTab } from './CaseRelatedTabs';
import { caseOf, fakeServer, renderCaseTab } from './testing/caseTabHarness';

/** The case, answered as the server does; nothing else is asked of it. */
function caseServer(c: CaseDto) {
  return fakeServer((request) => {
    if (request.method === 'GET' && request.path === endpointPath(CaseEndpoints.get, { id: c.id })) return { body: c };
    throw new Error(`unexpected ${request.method} ${request.path}`);
  });
}

/** The rows of a details table: label → shown value. */
function rows(table: HTMLElement): Record<string, string> {
  const labels = [...table.querySelectorAll('.ant-descriptions-item-label')];
  return Object.fromEntries(labels.map((label) => [label.textContent, label.nextElementSibling?.textContent ?? '']));
}

// The Credit Request tab has no module behind it yet (docs/decisions/0014): it shows what the case holds
// and saves nothing. The Video tab is in features/video.
describe('Credit Request tab', () => {
  it("shows the case's billing readiness, status and cancellation, and no credit requests", async () => {
    const c = caseOf({
      billingStatus: 'READY_TO_BILL',
      status: 'CANCELLED_WITH_FEE',
      cancellationType: 'WITH_FEE',
    });
    const server = caseServer(c);
    renderCaseTab(server, c.id, (x) => <CaseCreditRequestTab c={x} />);
    const table = await screen.findByLabelText('Billing of the case');
    expect(rows(table)).toEqual({
      'Billing readiness': 'Ready to bill',
      'Case status': 'Cancelled (with fee)',
      Cancellation: 'Cancelled (with fee)',
    });
    expect(within(document.body).getByText('No credit requests for this case.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(server.writes()).toEqual([]);
  });

  it('leaves the cancellation empty for a case that is not cancelled', async () => {
    const c = caseOf();
    renderCaseTab(caseServer(c), c.id, (x) => <CaseCreditRequestTab c={x} />);
    const table = await screen.findByLabelText('Billing of the case');
    expect(rows(table)).toEqual({
      'Billing readiness': 'Not ready',
      'Case status': 'Appointment confirmed',
      Cancellation: '',
    });
  });
});
