import { Permissions } from '../permissions';
import { BookingAssistantAnswer, BookingAssistantAskInput } from '../scheduling/assistant';
import { endpoint } from './endpoint';

/** The booking assistant: questions about availability, cases and appointments, answered from the asker's own calls. */
export const BookingAssistantEndpoints = {
  ask: endpoint({
    method: 'POST',
    path: '/api/app/booking-assistant/ask',
    body: BookingAssistantAskInput,
    response: BookingAssistantAnswer,
    access: { permission: Permissions.bookingAssistant.use, features: ['BookingAgent'] },
    summary:
      'Answers a question about availability, a case or moving an appointment; proposes sessions to book or move to, which the user confirms through the booking calls',
    tags: ['Booking Assistant'],
  }),
};
