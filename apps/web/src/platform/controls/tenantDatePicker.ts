import { DatePicker } from 'antd';
import dayjsGenerateConfig from '@rc-component/picker/generate/dayjs';
import dayjs, { type Dayjs } from 'dayjs';
import { useContext } from 'react';
import { todayIn } from '@casebook/domain';
import { SessionContext } from '../../app/session/useSession';

type Picker = typeof DatePicker;

const pickers = new Map<string, Picker>();

/**
 * antd's date pickers whose "today" (the marked day, the Today button) is the calendar day in a time
 * zone rather than the browser's: a date someone picks is a day of the tenant, as the server and every
 * relative range read it. The time of day stays the browser's clock; only the date moves.
 */
export function datePickerIn(timeZone: string): Picker {
  let picker = pickers.get(timeZone);
  if (!picker) {
    picker = DatePicker.generatePicker<Dayjs>({
      ...dayjsGenerateConfig,
      getNow: () => {
        const now = new Date();
        const day = todayIn(timeZone, now);
        return dayjs(new Date(day.year, day.month - 1, day.day, now.getHours(), now.getMinutes(), now.getSeconds()));
      },
    }) as Picker;
    pickers.set(timeZone, picker);
  }
  return picker;
}

/** The signed-in tenant's date pickers (the browser's zone outside a session). */
export function useTenantDatePicker(): Picker {
  const timeZone = useContext(SessionContext)?.tenant.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return datePickerIn(timeZone);
}
