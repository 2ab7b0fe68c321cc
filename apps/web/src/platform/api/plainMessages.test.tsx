import { describe, expect, it } from 'vitest';
import { fieldWords, plainMessage } from './plainMessages';

describe('plain validation messages', () => {
  it.each([
    ['must be a UUID', ['centreId'], 'Please choose a valid centre.'],
    ['entityId must be a UUID', ['entityId'], 'Please choose a valid entity.'],
    ['must be a UUID', ['params'], 'The record asked for does not exist.'],
    ['Invalid input: expected string, received undefined', ['lastName'], 'Last name is required.'],
    [
      'Invalid option: expected one of "A"|"B"',
      ['businessType'],
      'Please choose one of the offered values for business type.',
    ],
    ['Too big: expected string to have <=100 characters', ['name'], 'Name must be at most 100 characters long.'],
    ['Too small: expected string to have >=1 characters', ['name'], 'Name is required.'],
    ['Too small: expected number to be >=1', ['maxResultCount'], 'Max result count must be at least 1.'],
    ['Invalid ISO date', ['appointmentDate'], 'Appointment date is not a valid date.'],
    ['Invalid input: expected number, received string', ['amount'], 'Amount must be a number.'],
    ['maxResultCount must be a whole number', ['maxResultCount'], 'Max result count must be a whole number'],
    [
      'Unknown field(s): foo',
      ['foo'],
      'This screen sent something the server does not accept. Please reload the page and try again.',
    ],
  ])('%s (%s) → %s', (message, members, expected) => {
    expect(plainMessage(message, members)).toBe(expected);
  });

  it("leaves the spec's own messages as they are", () => {
    for (const message of [
      'Email is not in the correct format',
      'A country with this code already exists.',
      'Name is required',
      "The data you're working on has been modified by other user.",
    ]) {
      expect(plainMessage(message, ['email'])).toBe(message);
    }
  });

  it('names fields in words', () => {
    expect(fieldWords('appointment.startTime')).toBe('Start time');
    expect(fieldWords('items.0.specialistIds')).toBe('Specialist');
    expect(fieldWords('body')).toBeUndefined();
  });
});
