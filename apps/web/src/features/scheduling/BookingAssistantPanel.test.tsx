import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  BookingAssistantEndpoints,
  endpointPath,
  SchedulingEndpoints,
  type BookingAssistantAnswer,
} from '@casebook/domain';
import { BookingAssistantPanel } from './BookingAssistantPanel';
import { sessionDto } from './testing/sessionDto';
import { renderAs, stubbedServer } from './testing/searchTesting';

const SESSION = '01900000-0000-7000-8000-0000000000e1';
const bookPath = endpointPath(SchedulingEndpoints.book, { id: SESSION });

const answer: BookingAssistantAnswer = {
  intent: 'availability',
  reply:
    'The first available session for orthopaedic surgeon in QLD next week by video is with Oscar Knee on 30 Nov 2026 10:00 AEST (video).',
  sessions: [
    {
      id: SESSION,
      specialistId: '01900000-0000-7000-8000-0000000000a2',
      specialistName: 'Oscar Knee',
      specialty: 'Orthopaedic Surgery',
      centreName: null,
      state: null,
      displayFrom: '30 Nov 2026 10:00 AEST',
      dateFrom: '2026-11-30T00:00:00.000Z',
      isVideoAppointment: true,
    },
  ],
  cases: [],
  proposals: [
    {
      kind: 'book',
      label: 'Book Oscar Knee, 30 Nov 2026 10:00 AEST',
      sessionId: SESSION,
      caseId: null,
      caseConcurrencyStamp: null,
    },
  ],
  wordedBy: 'rules',
};

describe('BookingAssistantPanel', () => {
  it('asks, shows the proposal, books only when the proposal is pressed, and shows the booking', async () => {
    const server = stubbedServer((req) => {
      if (req.path === BookingAssistantEndpoints.ask.path) return { body: answer };
      if (req.path === bookPath) {
        return {
          body: sessionDto({
            id: SESSION,
            specialistName: 'Oscar Knee',
            displayFrom: '30 Nov 2026 10:00 AEST',
            slotStatus: 6,
            slotStatusLabel: 'Booked Unconfirmed',
            sessionStatus: 'booked',
          }),
        };
      }
      return { status: 404, body: { error: { code: 'Casebook:NotFound', message: 'Not found' } } };
    });
    const { user } = renderAs(['CASE_MANAGER'], <BookingAssistantPanel />, server.api);

    await user.type(
      screen.getByRole('textbox', { name: 'Question' }),
      'first available orthopaedic surgeon in Brisbane next week for a video IME',
    );
    await user.click(screen.getByRole('button', { name: 'Ask' }));

    const card = await screen.findByLabelText('Assistant answer');
    expect(card.textContent).toContain('is with Oscar Knee on 30 Nov 2026 10:00 AEST');
    expect(within(card).getByLabelText('Sessions found').textContent).toContain('Oscar Knee (Orthopaedic Surgery)');
    expect(server.requests).toMatchObject([
      {
        method: 'POST',
        path: BookingAssistantEndpoints.ask.path,
        body: { question: 'first available orthopaedic surgeon in Brisbane next week for a video IME' },
      },
    ]);
    // Nothing is booked until the proposal is confirmed.
    expect(server.requests.some((r) => r.path === bookPath)).toBe(false);

    const propose = within(card).getByRole('button', { name: 'Book Oscar Knee, 30 Nov 2026 10:00 AEST' });
    await user.click(propose);
    await screen.findByText('Booked: Oscar Knee, 30 Nov 2026 10:00 AEST (Booked Unconfirmed).');
    expect(server.requests.filter((r) => r.path === bookPath)).toMatchObject([{ method: 'POST', body: {} }]);
    // A proposal is confirmed once.
    await waitFor(() => expect(propose).toHaveProperty('disabled', true));
  });
});
