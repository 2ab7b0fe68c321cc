import { Form, type FormRule } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import type { NamePath } from 'antd/es/form/interface';

/** What every shared control takes, whether it is bound to a form field or used on its own. */
export type FieldProps = {
  /** The form field; without it the control is driven by `value` and `onChange` alone. */
  name?: NamePath;
  label?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  /** Rules checked after the control's own. */
  rules?: FormRule[];
  extra?: ReactNode;
};

type Props = {
  name?: NamePath;
  label?: ReactNode;
  required?: boolean;
  rules: FormRule[];
  extra?: ReactNode;
  valuePropName?: string;
  children: ReactElement;
};

/**
 * A form item for a shared control. Rules only apply to a named field: antd cannot validate an
 * unnamed item and warns about it.
 */
export function Field({ name, label, required, rules, extra, valuePropName, children }: Props) {
  return (
    <Form.Item
      name={name}
      label={label}
      required={required}
      rules={name === undefined ? undefined : rules}
      extra={extra}
      valuePropName={valuePropName}
    >
      {children}
    </Form.Item>
  );
}
