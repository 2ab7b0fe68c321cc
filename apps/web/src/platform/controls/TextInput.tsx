import { Input } from 'antd';
import type { ChangeEvent } from 'react';
import { Field, type FieldProps } from './Field';
import { withRequired } from './rules';

export type TextInputProps = FieldProps & {
  value?: string | null;
  onChange?: (value: string) => void;
  maxLength?: number;
  /** 'password' hides what is typed. */
  type?: 'text' | 'password';
};

/** A one-line text field with the spec's required message. */
export function TextInput({
  name,
  label,
  required,
  rules = [],
  extra,
  value,
  onChange,
  type,
  ...input
}: TextInputProps) {
  const Box = type === 'password' ? Input.Password : Input;
  return (
    <Field name={name} label={label} required={required} rules={withRequired(required, ...rules)} extra={extra}>
      <TextBox Box={Box} value={value} onChange={onChange} {...input} />
    </Field>
  );
}

type BoxProps = {
  Box: typeof Input | typeof Input.Password;
  id?: string;
  value?: string | null;
  onChange?: (value: string) => void;
  disabled?: boolean;
  placeholder?: string;
  maxLength?: number;
};

// Form.Item hands its child value/onChange/id; this passes strings, not events, back to the form.
function TextBox({ Box, value, onChange, ...rest }: BoxProps) {
  return (
    <Box value={value ?? ''} onChange={(e: ChangeEvent<HTMLInputElement>) => onChange?.(e.target.value)} {...rest} />
  );
}
