import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatDisplayDate,
  formatIsoDate,
  parseIsoDate,
  SchedulingEndpoints,
  SlotStatusLabels,
  todayIn,
  type AppointmentSessionDto,
  type SlotStatus,
} from '@casebook/domain';
import { CalendarPage } from './CalendarPage';
import { renderAs, stubbedServer } from './testing/searchTesting';
import { sessionDto } from './testing/sessionDto';

const id = (n: number) => `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const today = todayIn('Australia/Sydney');
// Another day of the same month as today, for a day with few sessions.
const otherDay = today.day > 15 ? addDays(today, -3) : addDays(today, 3);

function session(n: number, date: string, startTime: string, name: string, slotStatus: SlotStatus = 3) {
  const end = `${String(Number(startTime.slice(0, 2)) + 1).padStart(2, '0')}${startTime.slice(2)}`;
  return sessionDto({
    id: id(n),
    specialistId: id(100 + n),
    specialistName: name,
    centreId: id(200),
    centreName: 'Sydney Macquarie Street',
    dateFrom: `${date}T00:00:00.000Z`,
    dateTo: `${date}T01:00:00.000Z`,
    date,
    startTime,
    endTime: end,
    displayFrom: `${formatDisplayDate(parseIsoDate(date)!)} ${startTime} AEDT`,
    slotStatus,
    slotStatusLabel: SlotStatusLabels[slotStatus],
  });
}

const busyDay = formatIsoDate(today);
const quietDay = formatIsoDate(otherDay);
const NAMES = ['Ada Femur', 'Ben Tibia', 'Cy Radius', 'Di Ulna', 'Ed Sternum', 'Flo Patella'];
const sessions = [
  ...NAMES.map((name, i) => session(i + 1, busyDay, `${String(8 + i).padStart(2, '0')}:00`, name)),
  session(11, quietDay, '09:00', 'Gus Carpal', 6),
  session(12, quietDay, '10:00', 'Hal Tarsal', 5),
];

function renderCalendar(answer: { items: AppointmentSessionDto[]; totalCount: number }) {
  const server = stubbedServer((request) =>
    request.path === SchedulingEndpoints.list.path
      ? {
          body: {
            ...answer,
            items: answer.items.filter(
              (s) => s.date >= request.query.get('fromDate')! && s.date <= request.query.get('toDate')!,
            ),
          },
        }
      : { body: { totalCount: 0, items: [] } },
  );
  return renderAs(
    ['STAFF'],
    <MemoryRouter>
      <CalendarPage />
    </MemoryRouter>,
    server.api,
  );
}

const sessionButtons = (day: string) =>
  within(document.querySelector<HTMLElement>(`[data-date="${day}"]`)!)
    .queryAllByRole('button')
    .filter((b) => b.classList.contains('calendar-session'));

describe('the clinic calendar', () => {
  it('lists three sessions a day of the month; the rest are counted and open the day with all of them', async () => {
    const { user } = renderCalendar({ items: sessions, totalCount: sessions.length });
    await user.click(screen.getByText('Month'));
    await waitFor(() => expect(sessionButtons(busyDay)).toHaveLength(2));
    expect(sessionButtons(busyDay).map((b) => b.getAttribute('aria-label'))).toEqual([
      '08:00 Ada Femur Unbooked (CA)',
      '09:00 Ben Tibia Unbooked (CA)',
    ]);
    // A day with few sessions lists them all, each on one line, its status in its name.
    expect(sessionButtons(quietDay).map((b) => b.getAttribute('aria-label'))).toEqual([
      '09:00 Gus Carpal Booked Unconfirmed',
      '10:00 Hal Tarsal Booked Confirmed',
    ]);
    // Today is marked.
    expect(screen.getByRole('button', { name: `Open ${formatDisplayDate(today)}` }).getAttribute('aria-current')).toBe(
      'date',
    );
    expect(
      screen.getByRole('button', { name: `Open ${formatDisplayDate(otherDay)}` }).getAttribute('aria-current'),
    ).toBeNull();

    await user.click(screen.getByRole('button', { name: `4 more sessions on ${formatDisplayDate(today)}` }));
    await waitFor(() => expect(sessionButtons(busyDay)).toHaveLength(6));
    expect(screen.getByLabelText('Period').textContent).toBe(formatDisplayDate(today));
    expect(sessionButtons(busyDay)[5]!.textContent).toContain('Flo Patella · Sydney Macquarie Street');
  });

  it('says when it shows only the first sessions of a busy period, up to when, and how to see them all', async () => {
    const { user } = renderCalendar({ items: sessions.slice(0, 3), totalCount: 2500 });
    await user.click(screen.getByText('Day'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      `Showing the first 3 of 2,500 sessions, up to ${formatDisplayDate(today)} 10:00 AEDT. Choose a specialist or a centre to see them all.`,
    );
  });

  it('says nothing of the kind when it shows every session', async () => {
    renderCalendar({ items: sessions, totalCount: sessions.length });
    await screen.findByText(/Ada Femur/);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
