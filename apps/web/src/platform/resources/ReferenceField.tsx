import { Form, Input, Select, Skeleton } from 'antd';
import { SelectionListBox, SelectionListSelect, TextInput, withRequired } from '../controls';
import { splitReference, type FieldSpec } from './metadata';
import { useReferenceResource } from './useReferenceResource';

/**
 * A reference field: a selection list of the resource it refers to once that is known; otherwise the
 * id itself (a resource the API does not have under any of the names tried, or one the user may not read).
 */
export function ReferenceField({ field }: { field: FieldSpec }) {
  const { resource, pending } = useReferenceResource(field.references ?? []);
  const multiple = field.kind === 'referenceMulti';
  if (pending) {
    return (
      <Form.Item label={field.label} required={field.required}>
        <Skeleton.Input active block size="small" />
      </Form.Item>
    );
  }
  if (resource) {
    const { resource: path, query } = splitReference(resource);
    return (
      <SelectionListSelect
        name={field.name}
        label={field.label}
        required={field.required}
        resource={path}
        query={query}
        multiple={multiple}
      />
    );
  }
  if (!multiple) return <TextInput name={field.name} label={field.label} required={field.required} />;
  return (
    <Form.Item name={field.name} label={field.label} required={field.required} rules={withRequired(field.required)}>
      <Select mode="tags" />
    </Form.Item>
  );
}

type FilterProps = {
  label: string;
  candidates: string[];
  multiple: boolean;
  value: string | string[] | undefined;
  onChange: (value: string | string[] | undefined) => void;
};

/** A list filter on a reference: its selection list, or the id typed when the resource is not known. */
export function ReferenceFilter({ label, candidates, multiple, value, onChange }: FilterProps) {
  const { resource } = useReferenceResource(candidates);
  if (resource) {
    const { resource: path, query } = splitReference(resource);
    return (
      <SelectionListBox
        aria-label={label}
        placeholder={label}
        resource={path}
        query={query}
        multiple={multiple}
        value={value}
        onChange={(next) => onChange(next ?? undefined)}
        style={{ minWidth: 180 }}
      />
    );
  }
  return (
    <Input
      aria-label={label}
      placeholder={label}
      allowClear
      value={Array.isArray(value) ? value.join(',') : (value ?? '')}
      onChange={(e) => onChange(e.target.value || undefined)}
      style={{ width: 160 }}
    />
  );
}
