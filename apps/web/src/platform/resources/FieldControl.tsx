import { Form, Select, Switch, Typography } from 'antd';
import {
  CurrencyInput,
  DateInput,
  EmailInput,
  NumberInput,
  patternRule,
  PercentInput,
  PhoneInput,
  TextArea,
  TextInput,
  withRequired,
} from '../controls';
import { enumLabel, type FieldSpec } from './metadata';
import { ReferenceField } from './ReferenceField';

/** One field of a generic form, as the shared control its schema calls for. */
export function FieldControl({ field }: { field: FieldSpec }) {
  const common = { name: field.name, label: field.label, required: field.required };
  const limits = { min: field.minimum, max: field.maximum };
  switch (field.kind) {
    case 'boolean':
      return (
        <Form.Item name={field.name} label={field.label} valuePropName="checked">
          <Switch />
        </Form.Item>
      );
    case 'email':
      return <EmailInput {...common} />;
    case 'phone':
      return <PhoneInput {...common} />;
    case 'textarea':
      return <TextArea {...common} maxLength={field.maxLength} />;
    case 'number':
      return <NumberInput {...common} {...limits} />;
    case 'currency':
      // Cents are edited in dollars; the API's limit in cents is the spec's 1e10 in dollars.
      return <CurrencyInput {...common} {...(field.cents ? {} : limits)} />;
    case 'percent':
      return <PercentInput {...common} {...limits} />;
    case 'date':
      return <DateInput {...common} />;
    case 'reference':
    case 'referenceMulti':
      return <ReferenceField field={field} />;
    case 'kept':
      return <KeptField field={field} />;
    case 'enum':
    case 'enumMulti':
    case 'tags':
      return (
        <Form.Item name={field.name} label={field.label} required={field.required} rules={withRequired(field.required)}>
          <Select
            mode={field.kind === 'enumMulti' ? 'multiple' : field.kind === 'tags' ? 'tags' : undefined}
            allowClear={!field.required}
            options={(field.options ?? []).map((value) => ({ value, label: enumLabel(value, field.optionLabels) }))}
          />
        </Form.Item>
      );
    case 'password':
    case 'text':
      return (
        <TextInput
          {...common}
          type={field.kind}
          maxLength={field.maxLength}
          rules={field.pattern ? [patternRule(field.pattern, field.label)] : []}
        />
      );
  }
}

/** A list of records the generic form cannot edit: sent back as it came, its size shown. */
function KeptField({ field }: { field: FieldSpec }) {
  return (
    <Form.Item label={field.label} shouldUpdate>
      {({ getFieldValue }) => {
        const value: unknown = getFieldValue(field.name);
        const count = Array.isArray(value) ? value.length : value ? 1 : 0;
        return (
          <>
            <Form.Item name={field.name} hidden noStyle>
              <KeptValue />
            </Form.Item>
            <Typography.Text type="secondary">
              {count} {count === 1 ? 'entry' : 'entries'} (not edited on this screen)
            </Typography.Text>
          </>
        );
      }}
    </Form.Item>
  );
}

/** Holds a kept value in the form without showing it. */
function KeptValue(_props: { value?: unknown }) {
  return null;
}
