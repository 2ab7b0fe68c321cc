import { describe, expect, it } from 'vitest';
import { formatText } from './resources/cells';
import { instantOfPickerValue, instantText, pickerValueOf } from './time';

describe('a moment as people read it', () => {
  it("is the tenant's wall time with the zone's abbreviation, whatever the browser's zone", () => {
    const at = '2026-11-25T14:45:10.536Z';
    expect(instantText(at, 'Australia/Sydney')).toBe('26 Nov 2026 01:45 AEDT');
    expect(instantText(at, 'Australia/Brisbane')).toBe('26 Nov 2026 00:45 AEST');
    expect(instantText(at, 'Australia/Adelaide')).toBe('26 Nov 2026 01:15 ACDT');
    expect(instantText(at, 'Australia/Perth')).toBe('25 Nov 2026 22:45 AWST');
    expect(instantText(at, 'Australia/Lord_Howe')).toBe('26 Nov 2026 01:45 LHDT');
    expect(instantText(at, 'Pacific/Auckland')).toBe('26 Nov 2026 03:45 GMT+13');
    expect(instantText(at, 'Australia/Sydney', true)).toBe('26 Nov 2026 01:45:10 AEDT');
  });

  it('on the day daylight saving ends in Sydney, the repeated hour is told apart by its abbreviation', () => {
    expect(instantText('2026-04-04T15:30:00Z', 'Australia/Sydney')).toBe('05 Apr 2026 02:30 AEDT');
    expect(instantText('2026-04-04T16:30:00Z', 'Australia/Sydney')).toBe('05 Apr 2026 02:30 AEST');
  });

  it('leaves text that is not a moment as it is', () => {
    expect(instantText('soon', 'Australia/Sydney')).toBe('soon');
  });
});

describe('the text of a list cell', () => {
  it('shows dates as they are, moments in the zone, a date stored as midnight UTC without a shift', () => {
    expect(formatText('2027-03-05', 'Australia/Perth')).toBe('05 Mar 2027');
    expect(formatText('2027-03-05T00:00:00Z', 'Australia/Perth')).toBe('05 Mar 2027');
    expect(formatText('2027-03-05T00:00:00.000Z', 'Pacific/Honolulu')).toBe('05 Mar 2027');
    expect(formatText('2027-03-05T01:30:00.000Z', 'Australia/Perth')).toBe('05 Mar 2027 09:30 AWST');
    expect(formatText('Parramatta', 'Australia/Perth')).toBe('Parramatta');
  });
});

describe("a date-and-time picker's value", () => {
  it("is the tenant's wall time, and reads back as the same moment", () => {
    const at = new Date('2026-10-03T22:00:00Z'); // 09:00 AEDT on the day daylight saving starts
    const value = pickerValueOf(at, 'Australia/Sydney');
    expect(value.format('YYYY-MM-DD HH:mm')).toBe('2026-10-04 09:00');
    expect(instantOfPickerValue(value, 'Australia/Sydney')).toBe('2026-10-03T22:00:00.000Z');
    const perth = pickerValueOf(at, 'Australia/Perth');
    expect(perth.format('YYYY-MM-DD HH:mm')).toBe('2026-10-04 06:00');
    expect(instantOfPickerValue(perth, 'Australia/Perth')).toBe('2026-10-03T22:00:00.000Z');
  });
});
