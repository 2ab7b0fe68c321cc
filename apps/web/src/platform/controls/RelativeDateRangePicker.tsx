import { Button, Flex, Popover, Radio, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import {
  FormMessages,
  formatIsoDate,
  parseIsoDate,
  presetsFor,
  RelativeRangeLabels,
  resolveRelativeRange,
  todayIn,
  type CalendarDate,
  type RelativeRangePreset,
} from '@casebook/domain';
import { Field, type FieldProps } from './Field';
import { datePickerIn } from './tenantDatePicker';

/** A date range: a named preset with the dates it meant when applied, or custom dates (ISO, inclusive). */
export type RelativeDateRange = {
  preset: RelativeRangePreset | 'custom';
  from: string | null;
  to: string | null;
};

/** What Clear leaves: custom, no dates. */
export const EMPTY_DATE_RANGE: RelativeDateRange = { preset: 'custom', from: null, to: null };

/** The spec's default date format. */
export const DATE_FORMAT = 'DD MMM YYYY';

export const CUSTOM_LABEL = 'Custom';

export type RelativeDateRangePickerProps = FieldProps & {
  value?: RelativeDateRange | null;
  onChange?: (value: RelativeDateRange) => void;
  /** The tenant's IANA time zone: "today" is the tenant's date, not the browser's. */
  timeZone: string;
  /** Nothing after today: the "next" presets are not offered and ranges end today at the latest. */
  disableFuture?: boolean;
  /** ISO dates that are not business days. */
  holidays?: ReadonlySet<string>;
};

const requiredRangeRule = {
  validator: async (_rule: unknown, value: RelativeDateRange | null | undefined) => {
    if (!value?.from || !value.to) throw new Error(FormMessages.required);
  },
};

/** A relative date range picker with the spec's presets (§9): Apply commits, Cancel reverts, Clear empties. */
export function RelativeDateRangePicker({
  name,
  label,
  required,
  rules = [],
  extra,
  ...box
}: RelativeDateRangePickerProps) {
  return (
    <Field
      name={name}
      label={label}
      required={required}
      rules={[...(required ? [requiredRangeRule] : []), ...rules]}
      extra={extra}
    >
      <RelativeDateRangeBox {...box} />
    </Field>
  );
}

const toDayjs = (iso: string | null) => {
  const date = iso ? parseIsoDate(iso) : undefined;
  return date ? dayjs(new Date(date.year, date.month - 1, date.day)) : null;
};
const fromDayjs = (d: Dayjs | null | undefined): string | null => (d ? d.format('YYYY-MM-DD') : null);
const shownDate = (iso: string | null) => toDayjs(iso)?.format(DATE_FORMAT) ?? '';

/** How a range reads on the trigger and in the picker. */
export function describeRange(range: RelativeDateRange | null | undefined): string {
  if (!range) return '';
  const dates = range.from || range.to ? `${shownDate(range.from)} – ${shownDate(range.to)}` : '';
  if (range.preset === 'custom') return dates;
  return dates ? `${RelativeRangeLabels[range.preset]}: ${dates}` : RelativeRangeLabels[range.preset];
}

type BoxProps = Omit<RelativeDateRangePickerProps, 'name' | 'label' | 'required' | 'rules' | 'extra'> & { id?: string };

export function RelativeDateRangeBox({
  value,
  onChange,
  timeZone,
  disableFuture = false,
  holidays,
  disabled,
  placeholder = 'Any date',
  id,
}: BoxProps) {
  const committed = value ?? EMPTY_DATE_RANGE;
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<RelativeDateRange>(committed);

  const today = (): CalendarDate => todayIn(timeZone);
  const DatePicker = datePickerIn(timeZone);
  const choosePreset = (preset: RelativeDateRange['preset']) => {
    if (preset === 'custom') return setDraft({ ...draft, preset });
    const range = resolveRelativeRange(preset, today(), { holidays, disableFuture });
    setDraft({ preset, from: formatIsoDate(range.from), to: formatIsoDate(range.to) });
  };

  const show = () => {
    setDraft(committed);
    setOpen(true);
  };
  const apply = () => {
    onChange?.(draft);
    setOpen(false);
  };
  const cancel = () => {
    setDraft(committed);
    setOpen(false);
  };
  const clear = () => {
    setDraft(EMPTY_DATE_RANGE);
    onChange?.(EMPTY_DATE_RANGE);
    setOpen(false);
  };

  // "Today's end is the limit": any day after the tenant's today is disabled.
  const lastDay = disableFuture ? toDayjs(formatIsoDate(today())) : null;
  const presets = presetsFor(disableFuture);
  const picker = (
    <Flex vertical gap="small" style={{ maxWidth: 460 }} data-testid="relative-range-panel">
      <Radio.Group
        aria-label="Range"
        value={draft.preset}
        onChange={(e) => choosePreset(e.target.value as RelativeDateRange['preset'])}
        style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', rowGap: 4 }}
        options={[
          { value: 'custom', label: CUSTOM_LABEL },
          ...presets.map((p) => ({ value: p, label: RelativeRangeLabels[p] })),
        ]}
      />
      <DatePicker.RangePicker
        aria-label="Dates"
        format={DATE_FORMAT}
        value={[toDayjs(draft.from), toDayjs(draft.to)]}
        allowEmpty={[true, true]}
        // The panel's own Clear button empties the range.
        allowClear={false}
        disabledDate={lastDay ? (day) => day.isAfter(lastDay, 'day') : undefined}
        onChange={(dates) => setDraft({ preset: 'custom', from: fromDayjs(dates?.[0]), to: fromDayjs(dates?.[1]) })}
      />
      <Typography.Text type="secondary" role="status">
        {describeRange(draft) || placeholder}
      </Typography.Text>
      <Flex gap="small" justify="end">
        <Button onClick={clear}>Clear</Button>
        <Button onClick={cancel}>Cancel</Button>
        <Button type="primary" onClick={apply}>
          Apply
        </Button>
      </Flex>
    </Flex>
  );

  return (
    <Popover
      content={picker}
      trigger="click"
      placement="bottomLeft"
      open={open}
      // Closing by clicking elsewhere is a Cancel: nothing changes until Apply.
      onOpenChange={(next) => (next ? show() : cancel())}
    >
      <Button id={id} disabled={disabled} aria-haspopup="dialog" aria-expanded={open}>
        {describeRange(committed) || <Typography.Text type="secondary">{placeholder}</Typography.Text>}
      </Button>
    </Popover>
  );
}
