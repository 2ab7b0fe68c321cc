import { Input, Select } from 'antd';
import { SelectionListBox } from '../controls';
import { enumLabel, humanize, inferReference, unwrapNullable, type ResourceMetadata } from './metadata';

export type FilterValue = string | string[] | boolean | undefined;
export type FilterValues = Record<string, FilterValue>;

type Props = {
  metadata: ResourceMetadata;
  values: FilterValues;
  onChange: (values: FilterValues) => void;
};

/** Options of a filter named after an input property: its enum, or its items' enum (roleNames → roles). */
function enumOptions(metadata: ResourceMetadata, filter: string): string[] | undefined {
  const properties = metadata.createInput.properties ?? {};
  const candidates = [filter, filter.replace(/Names$/, 's'), filter.replace(/Name$/, '')];
  for (const name of candidates) {
    const property = properties[name];
    if (!property) continue;
    const inner = unwrapNullable(property).schema;
    const values = inner.enum ?? (inner.items ? unwrapNullable(inner.items).schema.enum : undefined);
    if (values) return values.map(String);
  }
  return undefined;
}

/** A list's filters: the resource's own (references, enums, text) and Active/Inactive where it has one. */
export function ListFilters({ metadata, values, onChange }: Props) {
  const set = (name: string, value: FilterValue) => onChange({ ...values, [name]: value });
  return (
    <>
      {metadata.filters.map((filter) => {
        const label = humanize(filter);
        const reference = /Ids?$/.test(filter) ? inferReference(filter, metadata.references) : undefined;
        if (reference) {
          return (
            <SelectionListBox
              key={filter}
              aria-label={label}
              placeholder={label}
              resource={reference}
              multiple={filter.endsWith('Ids')}
              value={values[filter] as string | string[] | undefined}
              onChange={(value) => set(filter, value ?? undefined)}
              style={{ minWidth: 180 }}
            />
          );
        }
        const options = enumOptions(metadata, filter);
        if (options) {
          const multiple = /s$/.test(filter);
          return (
            <Select
              key={filter}
              aria-label={label}
              placeholder={label}
              mode={multiple ? 'multiple' : undefined}
              allowClear
              value={values[filter] as string | string[] | undefined}
              onChange={(value: string | string[] | undefined) => set(filter, value)}
              options={options.map((value) => ({ value, label: enumLabel(value) }))}
              style={{ minWidth: 180 }}
            />
          );
        }
        return (
          <Input
            key={filter}
            aria-label={label}
            placeholder={label}
            allowClear
            value={(values[filter] as string | undefined) ?? ''}
            onChange={(e) => set(filter, e.target.value || undefined)}
            style={{ width: 160 }}
          />
        );
      })}
      {metadata.hasIsActive && (
        <Select
          aria-label="Status"
          placeholder="Status"
          allowClear
          value={values.isActive as boolean | undefined}
          onChange={(value: boolean | undefined) => set('isActive', value)}
          options={[
            { value: true, label: 'Active' },
            { value: false, label: 'Inactive' },
          ]}
          style={{ width: 130 }}
        />
      )}
    </>
  );
}

/** Filters as query parameters: lists comma-separated, empty ones left out. */
export function filterQuery(values: FilterValues): Record<string, string | boolean | undefined> {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      Array.isArray(value) ? (value.length ? value.join(',') : undefined) : value === '' ? undefined : value,
    ]),
  );
}

/** Whether any filter narrows the list (the export rule counts them with the search text). */
export const hasFilter = (values: FilterValues) =>
  Object.values(filterQuery(values)).some((value) => value !== undefined);
