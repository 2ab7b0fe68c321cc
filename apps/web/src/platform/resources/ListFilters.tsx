import { Input, Select } from 'antd';
import { DateBox } from '../controls';
import {
  enumLabel,
  humanize,
  referenceCandidates,
  unwrapNullable,
  type JsonSchema,
  type ResourceMetadata,
} from './metadata';
import { ReferenceFilter } from './ReferenceField';

export type FilterValue = string | string[] | number | boolean | undefined;
export type FilterValues = Record<string, FilterValue>;

type Props = {
  metadata: ResourceMetadata;
  values: FilterValues;
  onChange: (values: FilterValues) => void;
};

/** The input property a filter is about: its own name, or the list it picks from (roleNames → roles). */
function propertyOf(metadata: ResourceMetadata, filter: string): JsonSchema | undefined {
  const properties = metadata.createInput.properties ?? {};
  for (const name of [filter, filter.replace(/Names$/, 's'), filter.replace(/Name$/, '')]) {
    const property = properties[name];
    if (property) return unwrapNullable(property).schema;
  }
  return undefined;
}

type Option = { value: string | number | boolean; label: string };

const yesNo: Option[] = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
];

/** A list's filters: the resource's own (references, choices, dates, text) and Active/Inactive where it has one. */
export function ListFilters({ metadata, values, onChange }: Props) {
  const set = (name: string, value: FilterValue) => onChange({ ...values, [name]: value });
  return (
    <>
      {/* `ids` narrows a list for other screens (a chosen set), not a filter a person types into. */}
      {metadata.filters
        .filter((filter) => filter !== 'ids')
        .map((filter) => {
          const label = humanize(filter);
          const candidates = /Ids?$/.test(filter) ? referenceCandidates(filter, metadata.references) : [];
          if (candidates.length) {
            return (
              <ReferenceFilter
                key={filter}
                label={label}
                candidates={candidates}
                multiple={filter.endsWith('Ids')}
                value={values[filter] as string | string[] | undefined}
                onChange={(value) => set(filter, value)}
              />
            );
          }
          const property = propertyOf(metadata, filter);
          const options = property?.enum ?? (property?.items ? unwrapNullable(property.items).schema.enum : undefined);
          if (options || property?.type === 'boolean') {
            return (
              <Select
                key={filter}
                aria-label={label}
                placeholder={label}
                mode={options && property?.type === 'array' ? 'multiple' : undefined}
                allowClear
                value={values[filter]}
                onChange={(value: FilterValue) => set(filter, value)}
                options={
                  options
                    ? (options as (string | number)[]).map((value) => ({
                        value,
                        label: enumLabel(value, metadata.choiceLabels?.[filter]),
                      }))
                    : yesNo
                }
                style={{ minWidth: 160 }}
              />
            );
          }
          if (/date|On$/i.test(filter)) {
            return (
              <div key={filter} style={{ width: 160 }}>
                <DateBox
                  aria-label={label}
                  placeholder={label}
                  value={values[filter] as string | undefined}
                  onChange={(value) => set(filter, value ?? undefined)}
                />
              </div>
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
export function filterQuery(values: FilterValues): Record<string, string | number | boolean | undefined> {
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
