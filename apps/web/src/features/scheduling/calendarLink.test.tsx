import { describe, expect, it } from 'vitest';
import { parseIsoDate } from '@casebook/domain';
import { linkedView } from './CalendarPage';

const today = parseIsoDate('2027-03-01')!;
const CENTRE = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';

describe('a link into the clinic calendar', () => {
  it('opens at the day, view, centre and specialist it names', () => {
    const link = linkedView(
      new URLSearchParams({ date: '2027-03-04', view: 'Day', centreId: CENTRE, specialistId: CENTRE }),
      today,
    );
    expect(link).toEqual({ view: 'Day', anchor: parseIsoDate('2027-03-04'), centreId: CENTRE, specialistId: CENTRE });
  });

  it('without a link, or with values it cannot use, shows this week for everyone', () => {
    const plain = { view: 'Week', anchor: today, centreId: null, specialistId: null };
    expect(linkedView(new URLSearchParams(), today)).toEqual(plain);
    expect(
      linkedView(
        new URLSearchParams({ date: '2027-02-30', view: 'Year', centreId: 'hobart', specialistId: '' }),
        today,
      ),
    ).toEqual(plain);
  });
});
