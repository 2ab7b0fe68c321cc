import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CaseEndpoints, endpointPath, IndependenceEndpoints, IndependenceOverrideInput } from '@casebook/domain';
import { IndependencePanel } from './IndependencePanel';
import { caseOf, fakeServer, findNotice, renderCaseTab } from './testing/caseTabHarness';

const REASON = 'Doug Doctor has seen this claimant before for another company, Jones Law: case IME-000007.';

describe('Independence panel', () => {
  it('shows the warning with the earlier case, records an override with its reason and shows it recorded', async () => {
    const c = caseOf();
    let recorded: unknown = null;
    const checkPath = endpointPath(IndependenceEndpoints.caseIndependence, { id: c.id });
    const overridePath = endpointPath(IndependenceEndpoints.overrideIndependence, { id: c.id });
    const server = fakeServer((request) => {
      if (request.method === 'GET' && request.path === endpointPath(CaseEndpoints.get, { id: c.id }))
        return { body: c };
      if (request.method === 'GET' && request.path === checkPath) {
        return {
          body: {
            current: {
              outcome: 'WARNING',
              specialistId: c.specialistId,
              specialistName: 'Doug Doctor',
              reasons: [{ kind: 'EARLIER_CASE_OTHER_COMPANY', message: REASON, caseNo: 'IME-000007', blocks: false }],
              summary: `Doug Doctor may not be independent of this claimant: ${REASON}`,
            },
            recorded,
          },
        };
      }
      if (request.method === 'POST' && request.path === overridePath) {
        const body = request.body as { reason: string; specialistId: string };
        recorded = {
          outcome: 'WARNING',
          specialistId: body.specialistId,
          summary: `Doug Doctor may not be independent of this claimant: ${REASON}`,
          reasons: [],
          overriddenBy: 'Sam Staff',
          overrideReason: body.reason,
          recordedAt: '2027-02-20T01:00:00.000Z',
        };
        return { body: recorded };
      }
      return { status: 404, body: { error: { message: 'not found' } } };
    });
    const { user } = renderCaseTab(server, c.id, (x) => (
      <IndependencePanel c={x} specialistId={x.specialistId} canEdit />
    ));
    expect(await screen.findByText(REASON)).toBeTruthy();
    expect(screen.getByText('Independence: Warning')).toBeTruthy();
    await user.type(screen.getByLabelText('Reason for going ahead'), 'Different injury; both sides agreed');
    await user.click(screen.getByRole('button', { name: 'Record override' }));
    await findNotice('Success', 'The override has been recorded on the case.');
    const post = server.requests.find((r) => r.method === 'POST');
    expect(IndependenceOverrideInput.parse(post!.body)).toEqual({
      specialistId: c.specialistId,
      reason: 'Different injury; both sides agreed',
    });
    await waitFor(() =>
      expect(screen.getByTestId('independence-recorded').textContent).toContain(
        'overridden by Sam Staff: “Different injury; both sides agreed”',
      ),
    );
  });
});
