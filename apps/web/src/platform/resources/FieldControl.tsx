import { Form, Select, Switch } from 'antd';
import {
  CurrencyInput,
  EmailInput,
  NumberInput,
  patternRule,
  PercentInput,
  PhoneInput,
  SelectionListSelect,
  TextArea,
  TextInput,
  withRequired,
} from '../controls';
import { enumLabel, type FieldSpec } from './metadata';

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
      return <CurrencyInput {...common} {...limits} />;
    case 'percent':
      return <PercentInput {...common} {...limits} />;
    case 'reference':
    case 'referenceMulti':
      return (
        <SelectionListSelect {...common} resource={field.reference ?? ''} multiple={field.kind === 'referenceMulti'} />
      );
    case 'enum':
    case 'enumMulti':
    case 'tags':
      return (
        <Form.Item name={field.name} label={field.label} required={field.required} rules={withRequired(field.required)}>
          <Select
            mode={field.kind === 'enumMulti' ? 'multiple' : field.kind === 'tags' ? 'tags' : undefined}
            allowClear={!field.required}
            options={(field.options ?? []).map((value) => ({ value, label: enumLabel(value) }))}
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
