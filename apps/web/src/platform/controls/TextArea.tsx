import { Input } from 'antd';
import { TEXT_AREA_MAX, TEXT_AREA_ROWS } from '@casebook/domain';
import { Field, type FieldProps } from './Field';
import { textLengthRule, withRequired } from './rules';

export type TextAreaProps = FieldProps & {
  value?: string | null;
  onChange?: (value: string) => void;
  maxLength?: number;
  rows?: number;
};

/** A text area: at most 4000 characters with a count, 3 rows (spec §5). */
export function TextArea({
  name,
  label,
  required,
  rules = [],
  extra,
  value,
  onChange,
  maxLength = TEXT_AREA_MAX,
  rows = TEXT_AREA_ROWS,
  ...input
}: TextAreaProps) {
  return (
    <Field
      name={name}
      label={label}
      required={required}
      rules={withRequired(required, textLengthRule(maxLength), ...rules)}
      extra={extra}
    >
      <TextAreaBox value={value} onChange={onChange} maxLength={maxLength} rows={rows} {...input} />
    </Field>
  );
}

type BoxProps = {
  id?: string;
  value?: string | null;
  onChange?: (value: string) => void;
  maxLength: number;
  rows: number;
  disabled?: boolean;
  placeholder?: string;
};

function TextAreaBox({ value, onChange, maxLength, ...rest }: BoxProps) {
  // showCount shows "n / 4000"; maxLength stops typing and pasting beyond it.
  return (
    <Input.TextArea
      value={value ?? ''}
      onChange={(e) => onChange?.(e.target.value)}
      maxLength={maxLength}
      showCount
      {...rest}
    />
  );
}
