import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionContext } from '../../app/session/useSession';
import type { Session } from '../../app/session/sessionTypes';
import { DateBox } from './DateInput';

afterEach(() => {
  vi.useRealTimers();
});

const asTenantIn = (timezone: string) => ({ tenant: { timezone } }) as unknown as Session;

function openDateBox(timezone: string) {
  const onChange = vi.fn();
  render(
    <SessionContext.Provider value={asTenantIn(timezone)}>
      <DateBox id="day" placeholder="Day" onChange={onChange} />
    </SessionContext.Provider>,
  );
  fireEvent.mouseDown(screen.getByPlaceholderText('Day'));
  fireEvent.click(screen.getByPlaceholderText('Day'));
  return onChange;
}

describe("a date field's today", () => {
  it("is the tenant's day, marked in the calendar and given by the Today button", async () => {
    // 13:30 UTC on 25 November: the 25th in a browser on UTC, already the 26th in Sydney.
    vi.useFakeTimers({ now: new Date('2026-11-25T13:30:00Z'), toFake: ['Date'] });
    const onChange = openDateBox('Australia/Sydney');
    const today = await waitFor(() => {
      const cell = document.querySelector('.ant-picker-cell-today');
      expect(cell).toBeTruthy();
      return cell!;
    });
    expect(today.getAttribute('title')).toBe('2026-11-26');
    fireEvent.click(screen.getByText('Today'));
    expect(onChange).toHaveBeenCalledWith('2026-11-26');
  });

  it('follows the tenant west of the browser too', async () => {
    // 02:00 UTC on 1 December is still 30 November in Honolulu.
    vi.useFakeTimers({ now: new Date('2026-12-01T02:00:00Z'), toFake: ['Date'] });
    const onChange = openDateBox('Pacific/Honolulu');
    await waitFor(() =>
      expect(document.querySelector('.ant-picker-cell-today')?.getAttribute('title')).toBe('2026-11-30'),
    );
    fireEvent.click(screen.getByText('Today'));
    expect(onChange).toHaveBeenCalledWith('2026-11-30');
  });
});
