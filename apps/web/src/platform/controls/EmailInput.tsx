import { Input } from 'antd';
import { Field, type FieldProps } from './Field';
import { emailRule, withRequired } from './rules';

export type EmailInputProps = FieldProps & {
  value?: string | null;
  onChange?: (value: string) => void;
};

/** An e-mail field: the spec's simple {text}@{text}.{text} pattern and its invalid-email message. */
export function EmailInput({ name, label, required, rules = [], extra, value, onChange, ...input }: EmailInputProps) {
  return (
    <Field
      name={name}
      label={label}
      required={required}
      rules={withRequired(required, emailRule, ...rules)}
      extra={extra}
    >
      <EmailBox value={value} onChange={onChange} {...input} />
    </Field>
  );
}

type BoxProps = {
  id?: string;
  value?: string | null;
  onChange?: (value: string) => void;
  disabled?: boolean;
  placeholder?: string;
};

function EmailBox({ value, onChange, ...rest }: BoxProps) {
  return (
    <Input
      type="email"
      inputMode="email"
      autoComplete="email"
      maxLength={256}
      value={value ?? ''}
      onChange={(e) => onChange?.(e.target.value.trim())}
      {...rest}
    />
  );
}
