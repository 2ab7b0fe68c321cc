import { Col, Form, Row, type FormInstance } from 'antd';
import { useId } from 'react';
import { FormMessages } from '@casebook/domain';
import { ApiError } from '../api/api-client';
import { FieldControl } from './FieldControl';
import { useScreen } from './ScreenContext';
import type { FieldSpec } from './metadata';

type Props = {
  form: FormInstance;
  fields: FieldSpec[];
  initialValues: Record<string, unknown>;
  onFinish: (values: Record<string, unknown>) => void;
  /** The user changed a value. */
  onEdit?: () => void;
  disabled?: boolean;
};

/** A form rendered from an input schema's fields, two columns wide on a wide screen. */
export function ResourceForm({ form, fields, initialValues, onFinish, onEdit, disabled }: Props) {
  // Field ids derive from the form's name: tabs keep several forms of one resource in the page, and a
  // label must find its own input.
  const name = useId();
  const screen = useScreen();
  return (
    <Form
      name={name}
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      onFinishFailed={() => screen.warning(FormMessages.incomplete)}
      onValuesChange={onEdit}
      disabled={disabled}
      scrollToFirstError
    >
      <Row gutter={24}>
        {fields.map((field) => (
          <Col key={field.name} xs={24} md={field.kind === 'textarea' ? 24 : 12}>
            <FieldControl field={field} />
          </Col>
        ))}
      </Row>
    </Form>
  );
}

/** Puts the server's validation messages on the fields they name (the client has shown the first one). */
export function showServerErrors(form: FormInstance, error: unknown, fields: readonly { name: string }[]): void {
  if (!(error instanceof ApiError) || error.validationErrors.length === 0) return;
  const names = new Set(fields.map((f) => f.name));
  const byField = new Map<string, string[]>();
  for (const { message, members } of error.validationErrors) {
    for (const member of members) {
      const name = names.has(member) ? member : [...names].find((n) => n.toLowerCase() === member.toLowerCase());
      if (name) byField.set(name, [...(byField.get(name) ?? []), message]);
    }
  }
  form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
}
