import { Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { formatCents, NUMBER_MAX } from '@casebook/domain';
import { useApi } from '../api/api-client';
import { resourceCalls } from './resourceCalls';
import { enumLabel, referenceCandidates, splitReference, unwrapNullable, type JsonSchema } from './metadata';
import { useReferenceResource } from './useReferenceResource';
import { dateText, instantText, useTimeZone } from '../time';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const UTC_MIDNIGHT = /^\d{4}-\d{2}-\d{2}T00:00(:00(\.0+)?)?(Z|\+00:00)$/;

/**
 * A date or time from the API as the user reads it: a date as it is (05 Mar 2027), a moment in the zone
 * with its abbreviation (05 Mar 2027 09:00 AEDT); other text as it is.
 */
export function formatText(value: string, timeZone: string): string {
  if (ISO_DATE.test(value)) return dateText(value);
  // A date stored as midnight UTC is a date, shown without a shift (§9).
  if (UTC_MIDNIGHT.test(value)) return dateText(value);
  if (ISO_DATE_TIME.test(value)) return instantText(value, timeZone);
  return value;
}

/** What a record calls itself. */
export function nameOfRecord(record: Record<string, unknown> | undefined): string | undefined {
  const name = record && ['displayName', 'fullName', 'name', 'title', 'label'].map((k) => record[k]).find(Boolean);
  return typeof name === 'string' ? name : undefined;
}

/** The name of a referenced record, from its own record (cached with the selection lists' names). */
export function ReferenceName({ candidates, id }: { candidates: string[]; id: string }) {
  const api = useApi();
  const { resource: reference } = useReferenceResource(candidates);
  const resource = reference && splitReference(reference).resource;
  const record = useQuery({
    queryKey: ['selection-name', resource, id],
    queryFn: ({ signal }) => resourceCalls(api, resource!).get(id, { silent: true, signal }),
    staleTime: 60_000,
    enabled: resource !== undefined,
  });
  return <>{nameOfRecord(record.data) ?? (record.isPending && resource ? '' : id)}</>;
}

/** One cell of a generic list: states as tags, dates formatted, references by name, lists joined. */
export function CellValue({
  field,
  value,
  schema,
  references,
  labels,
}: {
  field: string;
  value: unknown;
  schema: JsonSchema | undefined;
  references?: Record<string, string>;
  /** The words for coded values of this field, when the server states them. */
  labels?: Record<string, string> | undefined;
}) {
  if (value === null || value === undefined || value === '') return null;
  if (field === 'isActive') return value ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>;
  if (typeof value === 'boolean') return <>{value ? 'Yes' : 'No'}</>;
  const inner = schema ? unwrapNullable(schema).schema : {};
  const candidates = /Ids?$/.test(field) ? referenceCandidates(field, references) : [];
  if (Array.isArray(value)) {
    // Names of a list of references would cost a call per id: in a list the count says enough.
    if (candidates.length || value.some((v) => typeof v === 'object')) return <>{value.length}</>;
    const items =
      inner.items && unwrapNullable(inner.items).schema.enum ? value.map((v) => enumLabel(v, labels)) : value;
    return <>{items.join(', ')}</>;
  }
  if (candidates.length && typeof value === 'string') return <ReferenceName candidates={candidates} id={value} />;
  // Whole cents up to the spec's 1e10 dollars (packages/domain `Cents`).
  if (typeof value === 'number' && inner.type === 'integer' && inner.maximum === NUMBER_MAX * 100) {
    return <>${formatCents(value)}</>;
  }
  if (inner.enum && (typeof value === 'string' || typeof value === 'number')) return <>{enumLabel(value, labels)}</>;
  if (typeof value === 'string') return <TextCell value={value} />;
  return <>{String(value)}</>;
}

/** Text of a cell: dates and moments as people read them, in the tenant's zone. */
function TextCell({ value }: { value: string }) {
  return <>{formatText(value, useTimeZone())}</>;
}
