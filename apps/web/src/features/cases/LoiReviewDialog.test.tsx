import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CaseEndpoints, endpointPath } from '@casebook/domain';
import { renderAs, stubbedServer } from '../scheduling/testing/searchTesting';
import { caseOf } from './testing/caseTabHarness';
import { LoiReviewDialog } from './LoiReviewDialog';

describe('LoiReviewDialog', () => {
  it('pre-fills what the letter says, lets the user correct it, and adds it to the booking notes on confirming', async () => {
    const kase = caseOf({ bookingNotes: 'Interpreter needed', concurrencyStamp: 'stamp-1' });
    const server = stubbedServer((req) =>
      req.method === 'GET' ? { body: kase } : { body: { ...kase, concurrencyStamp: 'stamp-2' } },
    );
    const onClose = vi.fn();
    const { user } = renderAs(
      ['STAFF'],
      <LoiReviewDialog
        caseId={kase.id}
        name="LOI Smith.pdf"
        data={{
          claimantName: 'John Smith',
          dateOfBirth: '1980-03-12',
          injuryDate: '2024-06-05',
          reportDueDate: '2027-02-15',
          questions: ['What is the diagnosis?', 'Is treatment reasonable?'],
        }}
        onClose={onClose}
      />,
      server.api,
    );
    const dialog = await screen.findByRole('dialog');
    const claimant = within(dialog).getByRole('textbox', { name: 'Claimant' });
    await waitFor(() => expect(claimant).toHaveProperty('value', 'John Smith'));
    expect(within(dialog).getByRole('textbox', { name: 'Date of birth' })).toHaveProperty('value', '12 Mar 1980');
    expect(within(dialog).getByRole('textbox', { name: 'Report due' })).toHaveProperty('value', '15 Feb 2027');
    // Nothing is written until the user confirms; they correct the claimant first.
    expect(server.requests).toEqual([]);
    await user.clear(claimant);
    await user.type(claimant, 'John Paul Smith');
    await user.click(within(dialog).getByRole('button', { name: 'Add to booking notes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const put = server.requests.find((r) => r.method === 'PUT')!;
    expect(put.path).toBe(endpointPath(CaseEndpoints.updateBookingDetail, { id: kase.id }));
    expect(put.body).toMatchObject({
      concurrencyStamp: 'stamp-1',
      clientId: kase.clientId,
      caseManagerId: kase.caseManagerId,
      bookingNotes:
        'Interpreter needed\n\nLetter of instruction\nClaimant: John Paul Smith\nDate of birth: 12 Mar 1980\n' +
        'Date of injury: 05 Jun 2024\nReport due: 15 Feb 2027\nQuestions:\n1. What is the diagnosis?\n2. Is treatment reasonable?',
    });
  });
});
