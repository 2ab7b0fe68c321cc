import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, ConfigProvider, Form } from 'antd';
import { useState, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FormMessages,
  formatIsoDate,
  presetsFor,
  RelativeRangeLabels,
  RelativeRangePresets,
  resolveRelativeRange,
  type RelativeRangePreset,
} from '@casebook/domain';
import {
  describeRange,
  EMPTY_DATE_RANGE,
  RelativeDateRangePicker,
  type RelativeDateRange,
} from './RelativeDateRangePicker';

const ZONE = 'Australia/Sydney';
// Wednesday 18 Nov 2026, 12:00 in Sydney (01:00 UTC).
const NOW = new Date('2026-11-18T01:00:00Z');
const TODAY = { year: 2026, month: 11, day: 18 };

beforeEach(() => {
  // Only the clock: antd's animations and Testing Library's waits keep real timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

function Harness(props: {
  initial?: RelativeDateRange;
  disableFuture?: boolean;
  onChange: (v: RelativeDateRange) => void;
}) {
  const [value, setValue] = useState<RelativeDateRange | undefined>(props.initial);
  return (
    <RelativeDateRangePicker
      label="Created"
      timeZone={ZONE}
      disableFuture={props.disableFuture}
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onChange(next);
      }}
    />
  );
}

/** A preset's radio button by its label (DOM lookup: role queries are slow on the whole picker). */
function radio(panel: HTMLElement, label: string): HTMLInputElement {
  const found = [...panel.querySelectorAll('label')].find((l) => l.textContent === label)?.querySelector('input');
  if (!found) throw new Error(`No preset labelled ${label}`);
  return found;
}

/** Without animations a closing popover is gone at once, and tests run faster. */
function NoMotion({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={{ token: { motion: false } }}>{children}</ConfigProvider>;
}

function setup(initial?: RelativeDateRange, disableFuture?: boolean) {
  const onChange = vi.fn();
  render(<Harness initial={initial} disableFuture={disableFuture} onChange={onChange} />, { wrapper: NoMotion });
  const user = userEvent.setup({ delay: null });
  const trigger = () => screen.getByRole('button', { name: /Any date|–|Last|Next|This/ });
  const open = async () => {
    await user.click(trigger());
    return screen.findByTestId('relative-range-panel');
  };
  const press = async (name: 'Apply' | 'Cancel' | 'Clear') => {
    const panel = screen.getByTestId('relative-range-panel');
    await user.click(within(panel).getByRole('button', { name }));
  };
  const choose = async (label: string) => {
    await user.click(radio(screen.getByTestId('relative-range-panel'), label));
  };
  return { onChange, user, trigger, open, press, choose };
}

const iso = (preset: RelativeRangePreset, disableFuture = false) => {
  const r = resolveRelativeRange(preset, TODAY, { disableFuture });
  return { preset, from: formatIsoDate(r.from), to: formatIsoDate(r.to) };
};

describe('presets', () => {
  it('offers every preset of the spec, past and future, besides Custom', async () => {
    const { open } = setup();
    const panel = await open();
    const labels = [...panel.querySelectorAll('label:has(input[type="radio"])')].map((l) => l.textContent);
    expect(labels).toEqual(['Custom', ...RelativeRangePresets.map((p) => RelativeRangeLabels[p])]);
    expect(labels).toHaveLength(27);
  });

  it('shows each preset as the dates it means on the tenant date, and Apply commits it', async () => {
    // Known answers for Wednesday 18 Nov 2026 (weeks run Monday to Sunday); the rest as the domain rule says.
    const known: Partial<Record<RelativeRangePreset, [string, string]>> = {
      thisWeek: ['2026-11-16', '2026-11-22'],
      thisMonth: ['2026-11-01', '2026-11-30'],
      last7Days: ['2026-11-12', '2026-11-18'],
      last5BusinessDays: ['2026-11-12', '2026-11-18'],
      lastWeek: ['2026-11-09', '2026-11-15'],
      lastMonth: ['2026-10-01', '2026-10-31'],
      last3Months: ['2026-08-19', '2026-11-18'],
      lastYear: ['2025-01-01', '2025-12-31'],
      next3BusinessDays: ['2026-11-18', '2026-11-20'],
      next7BusinessDays: ['2026-11-18', '2026-11-26'],
      nextWeek: ['2026-11-23', '2026-11-29'],
      next30Days: ['2026-11-18', '2026-12-17'],
    };
    const { open, press, onChange, trigger } = setup();
    const panel = await open();
    for (const preset of RelativeRangePresets) {
      // A plain click event: 26 full pointer sequences would take several seconds.
      fireEvent.click(radio(panel, RelativeRangeLabels[preset]));
      const expected = iso(preset);
      const answer = known[preset];
      if (answer) expect([expected.from, expected.to]).toEqual(answer);
      expect(panel.querySelector('[role="status"]')?.textContent).toBe(describeRange(expected));
    }
    expect(onChange).not.toHaveBeenCalled();
    await press('Apply');
    expect(onChange).toHaveBeenCalledWith(iso('nextYear'));
    expect(trigger().textContent).toBe('Next year: 01 Jan 2027 – 31 Dec 2027');
  });

  it('skips the weekend in business-day presets', async () => {
    // Monday 16 Nov 2026: the last 3 business days are Thursday, Friday and Monday.
    vi.setSystemTime(new Date('2026-11-16T01:00:00Z'));
    const { open, choose, press, onChange } = setup();
    await open();
    await choose('Last 3 business days');
    await press('Apply');
    expect(onChange).toHaveBeenLastCalledWith({ preset: 'last3BusinessDays', from: '2026-11-12', to: '2026-11-16' });
  });

  it("counts from the tenant's date, not the browser's", async () => {
    // 14:00 UTC on 17 Nov is already 01:00 on 18 Nov in Sydney.
    vi.setSystemTime(new Date('2026-11-17T14:00:00Z'));
    const { open, choose, press, onChange } = setup();
    await open();
    await choose('Last 3 days');
    await press('Apply');
    expect(onChange).toHaveBeenLastCalledWith({ preset: 'last3Days', from: '2026-11-16', to: '2026-11-18' });
  });
});

describe('Apply, Cancel and Clear', () => {
  it('changes nothing until Apply', async () => {
    const { open, choose, onChange } = setup();
    const panel = await open();
    await choose('Last 14 days');
    expect(within(panel).getByRole('status').textContent).toBe('Last 14 days: 05 Nov 2026 – 18 Nov 2026');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('Cancel reverts to the applied range', async () => {
    const { open, choose, press, onChange, trigger } = setup({ ...iso('lastMonth') });
    expect(trigger().textContent).toBe('Last month: 01 Oct 2026 – 31 Oct 2026');
    await open();
    await choose('Next week');
    await press('Cancel');
    expect(onChange).not.toHaveBeenCalled();
    expect(trigger().textContent).toBe('Last month: 01 Oct 2026 – 31 Oct 2026');
    const panel = await open();
    expect(radio(panel, 'Last month').checked).toBe(true);
  });

  it('Clear resets to custom with no dates', async () => {
    const { open, press, onChange, trigger } = setup({ ...iso('thisWeek') });
    await open();
    await press('Clear');
    expect(onChange).toHaveBeenLastCalledWith(EMPTY_DATE_RANGE);
    expect(EMPTY_DATE_RANGE).toEqual({ preset: 'custom', from: null, to: null });
    expect(trigger().textContent).toBe('Any date');
    const panel = await open();
    expect(radio(panel, 'Custom').checked).toBe(true);
  });

  it('takes typed dates as a custom range', async () => {
    const { open, press, onChange, user } = setup({ ...iso('last7Days') });
    const panel = await open();
    const [start, end] = within(panel).getAllByRole('textbox') as HTMLInputElement[];
    await user.click(start!);
    await user.clear(start!);
    await user.type(start!, '02 Nov 2026{Enter}');
    await user.clear(end!);
    await user.type(end!, '06 Nov 2026{Enter}');
    await waitFor(() => expect(radio(panel, 'Custom').checked).toBe(true));
    await press('Apply');
    expect(onChange).toHaveBeenLastCalledWith({ preset: 'custom', from: '2026-11-02', to: '2026-11-06' });
  });
});

describe('future dates disabled', () => {
  it('offers only the presets that do not start after today', async () => {
    const { open } = setup(undefined, true);
    const panel = await open();
    const labels = [...panel.querySelectorAll('label:has(input[type="radio"])')].map((l) => l.textContent);
    expect(labels).toEqual(['Custom', ...presetsFor(true).map((p) => RelativeRangeLabels[p])]);
    expect(labels.some((l) => l?.startsWith('Next'))).toBe(false);
  });

  it('ends a range today at the latest', async () => {
    const { open, choose, press, onChange } = setup(undefined, true);
    await open();
    await choose('This month');
    await press('Apply');
    expect(onChange).toHaveBeenLastCalledWith({ preset: 'thisMonth', from: '2026-11-01', to: '2026-11-18' });
  });

  it('disables the days after today in the calendar', async () => {
    const { open, user } = setup(undefined, true);
    const panel = await open();
    await user.click(within(panel).getAllByRole('textbox')[0]!);
    const cell = (date: string) => document.querySelector(`td[title="${date}"]`);
    await waitFor(() => expect(cell('2026-11-18')).not.toBeNull());
    expect(cell('2026-11-18')?.classList.contains('ant-picker-cell-disabled')).toBe(false);
    expect(cell('2026-11-19')?.classList.contains('ant-picker-cell-disabled')).toBe(true);
  });
});

describe('in a form', () => {
  it('says "This field is required" when required and empty', async () => {
    const onFinish = vi.fn();
    render(
      <Form onFinish={onFinish}>
        <RelativeDateRangePicker name="period" label="Period" timeZone={ZONE} required />
        <Button htmlType="submit">Save</Button>
      </Form>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(FormMessages.required)).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('hands the applied range to the form', async () => {
    const onFinish = vi.fn();
    render(
      <Form onFinish={onFinish}>
        <RelativeDateRangePicker name="period" label="Period" timeZone={ZONE} required />
        <Button htmlType="submit">Save</Button>
      </Form>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Period'));
    const panel = await screen.findByTestId('relative-range-panel');
    await user.click(within(panel).getByRole('radio', { name: 'Last week' }));
    await user.click(within(panel).getByRole('button', { name: 'Apply' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ period: iso('lastWeek') }));
  });
});
