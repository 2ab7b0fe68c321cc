import dayjs from 'dayjs';
import { parseIsoDate } from '@casebook/domain';
import { Field, type FieldProps } from './Field';
import { withRequired } from './rules';
import { DATE_FORMAT } from './RelativeDateRangePicker';
import { useTenantDatePicker } from './tenantDatePicker';

export type DateInputProps = FieldProps & {
  /** A calendar date as ISO text (YYYY-MM-DD), as the API sends and takes it. */
  value?: string | null;
  onChange?: (value: string | null) => void;
};

/** A calendar date field shown as DD MMM YYYY (spec §9); its value is the ISO date. */
export function DateInput({ name, label, required, rules = [], extra, ...box }: DateInputProps) {
  return (
    <Field name={name} label={label} required={required} rules={withRequired(required, ...rules)} extra={extra}>
      <DateBox {...box} />
    </Field>
  );
}

type BoxProps = Omit<DateInputProps, 'name' | 'label' | 'required' | 'rules' | 'extra'> & { id?: string };

export function DateBox({ value, onChange, placeholder, ...rest }: BoxProps) {
  const DatePicker = useTenantDatePicker();
  const date = value ? parseIsoDate(value.slice(0, 10)) : undefined;
  return (
    <DatePicker
      format={DATE_FORMAT}
      placeholder={placeholder}
      value={date ? dayjs(new Date(date.year, date.month - 1, date.day)) : null}
      onChange={(day) => onChange?.(day ? day.format('YYYY-MM-DD') : null)}
      style={{ width: '100%' }}
      {...rest}
    />
  );
}
