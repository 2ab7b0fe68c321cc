import { Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useApi } from '../api/api-client';
import { enumLabel, inferReference, unwrapNullable, type JsonSchema } from './metadata';

/** The spec's date display (§9). */
export const DATE_TIME_FORMAT = 'DD MMM YYYY HH:mm';
const DATE_FORMAT = 'DD MMM YYYY';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A date or time from the API as the user reads it; other text as it is. */
export function formatText(value: string): string {
  if (ISO_DATE.test(value)) return dayjs(value).format(DATE_FORMAT);
  if (ISO_DATE_TIME.test(value)) return dayjs(value).format(DATE_TIME_FORMAT);
  return value;
}

/** The name of a referenced record, from its own record (cached with the selection lists' names). */
export function ReferenceName({ resource, id }: { resource: string; id: string }) {
  const api = useApi();
  const record = useQuery({
    queryKey: ['selection-name', resource, id],
    queryFn: ({ signal }) => api.get<Record<string, unknown>>(`/api/app/${resource}/${id}`, { silent: true, signal }),
    staleTime: 60_000,
  });
  const data = record.data;
  const name =
    data && ['displayName', 'fullName', 'name', 'title'].map((k) => data[k]).find((v) => typeof v === 'string');
  return <>{typeof name === 'string' ? name : ''}</>;
}

/** One cell of a generic list: states as tags, dates formatted, references by name, lists joined. */
export function CellValue({
  field,
  value,
  schema,
  references,
}: {
  field: string;
  value: unknown;
  schema: JsonSchema | undefined;
  references?: Record<string, string>;
}) {
  if (value === null || value === undefined || value === '') return null;
  if (field === 'isActive') return value ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>;
  if (typeof value === 'boolean') return <>{value ? 'Yes' : 'No'}</>;
  const inner = schema ? unwrapNullable(schema).schema : {};
  const reference = /Ids?$/.test(field) ? inferReference(field, references) : undefined;
  if (Array.isArray(value)) {
    // A list of references would cost a call per id: the count says enough in a list.
    if (reference) return <>{value.length}</>;
    const items =
      inner.items && unwrapNullable(inner.items).schema.enum ? value.map((v) => enumLabel(String(v))) : value;
    return <>{items.join(', ')}</>;
  }
  if (reference && typeof value === 'string') return <ReferenceName resource={reference} id={value} />;
  if (inner.enum && typeof value === 'string') return <>{enumLabel(value)}</>;
  if (typeof value === 'string') return <>{formatText(value)}</>;
  return <>{String(value)}</>;
}
