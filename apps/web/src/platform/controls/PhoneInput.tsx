import { Input } from 'antd';
import { formatPhone, phoneDigits } from '@casebook/domain';
import { Field, type FieldProps } from './Field';
import { phoneRule, withRequired } from './rules';

/** The spec's phone mask. */
export const PHONE_MASK = '99 9999 9999';

export type PhoneInputProps = FieldProps & {
  /** Digits only, as the API stores them. */
  value?: string | null;
  onChange?: (digits: string) => void;
};

/**
 * A phone field: ten digits without a country code, shown with the mask 99 9999 9999. The value is
 * the digits; anything else typed or pasted (spaces, brackets, dashes) is dropped.
 */
export function PhoneInput({ name, label, required, rules = [], extra, value, onChange, ...input }: PhoneInputProps) {
  return (
    <Field
      name={name}
      label={label}
      required={required}
      rules={withRequired(required, phoneRule, ...rules)}
      extra={extra}
    >
      <PhoneBox value={value} onChange={onChange} {...input} />
    </Field>
  );
}

type BoxProps = {
  id?: string;
  value?: string | null;
  onChange?: (digits: string) => void;
  disabled?: boolean;
  placeholder?: string;
};

export function PhoneBox({ value, onChange, placeholder = PHONE_MASK, ...rest }: BoxProps) {
  return (
    <Input
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      placeholder={placeholder}
      value={formatPhone(value ?? '')}
      // Cut at ten digits: the mask has no room for an eleventh.
      onChange={(e) => onChange?.(phoneDigits(e.target.value).slice(0, 10))}
      {...rest}
    />
  );
}
