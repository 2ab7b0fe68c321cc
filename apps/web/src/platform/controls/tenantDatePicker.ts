import { DatePicker } from 'antd';
import dayjsGenerateConfig from '@rc-component/picker/generate/dayjs';
import type { Dayjs } from 'dayjs';
import { pickerValueOf, useTimeZone } from '../time';

type Picker = typeof DatePicker;

const pickers = new Map<string, Picker>();

/**
 * antd's date pickers whose "now" is the wall clock of a time zone rather than the browser's: the day
 * they mark as today and their Today button are the tenant's day, as the server and every relative range
 * read it, and a date-and-time picker's Now is the tenant's time (its value is the zone's wall time,
 * `pickerValueOf`).
 */
export function datePickerIn(timeZone: string): Picker {
  let picker = pickers.get(timeZone);
  if (!picker) {
    picker = DatePicker.generatePicker<Dayjs>({
      ...dayjsGenerateConfig,
      getNow: () => pickerValueOf(new Date(), timeZone),
    }) as Picker;
    pickers.set(timeZone, picker);
  }
  return picker;
}

/** The signed-in tenant's date pickers (the browser's zone outside a session). */
export function useTenantDatePicker(): Picker {
  return datePickerIn(useTimeZone());
}
