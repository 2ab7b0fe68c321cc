import { RouteTable } from '@casebook/domain';

/** The part of JSON Schema (draft 2020-12, as zod writes it) the generic screens read. */
export type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
  default?: unknown;
  title?: string;
  description?: string;
};

/** GET /api/app/{resource}/metadata. */
export type ResourceMetadata = {
  name: string;
  title: string;
  entityType: string;
  permissions: Record<string, string>;
  features: string[];
  sorting: string[];
  defaultSorting: string;
  filters: string[];
  hasIsActive: boolean;
  exportRowsPerFile: number;
  exportColumns: { key: string; header: string }[];
  dto: JsonSchema;
  createInput: JsonSchema;
  updateInput: JsonSchema;
  /** Field → resource it refers to, when the server states it; otherwise references are inferred. */
  references?: Record<string, string>;
};

/** How a form or filter field is edited. */
export type FieldKind =
  | 'text'
  | 'password'
  | 'email'
  | 'phone'
  | 'textarea'
  | 'number'
  | 'currency'
  | 'percent'
  | 'boolean'
  | 'enum'
  | 'enumMulti'
  | 'reference'
  | 'referenceMulti'
  | 'tags';

export type FieldSpec = {
  name: string;
  label: string;
  kind: FieldKind;
  required: boolean;
  nullable: boolean;
  options?: string[];
  reference?: string;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  default?: unknown;
};

/** Written by the server, never by the user. */
export const BOOKKEEPING_FIELDS = new Set([
  'id',
  'tenantId',
  'concurrencyStamp',
  'creatorId',
  'lastModifierId',
  'creationTime',
  'lastModificationTime',
  'deleterId',
  'deletionTime',
  'isDeleted',
]);

/** Longer text than this is edited in a text area. */
const TEXT_AREA_FROM = 256;

/** `{ anyOf: [X, { type: 'null' }] }` → X, nullable. */
export function unwrapNullable(schema: JsonSchema): { schema: JsonSchema; nullable: boolean } {
  if (schema.anyOf) {
    const rest = schema.anyOf.filter((s) => s.type !== 'null');
    if (rest.length === 1 && rest[0]) {
      return { schema: { default: schema.default, ...rest[0] }, nullable: rest.length < schema.anyOf.length };
    }
  }
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((t) => t !== 'null');
    return {
      schema: { ...schema, type: types.length === 1 ? types[0] : types },
      nullable: types.length < schema.type.length,
    };
  }
  return { schema, nullable: false };
}

const words = (camel: string) =>
  camel
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A field name as a label: countryId → Country, memberIds → Members, roleNames → Roles,
 * isActive → Active, phoneNumber → Phone number.
 */
export function humanize(name: string): string {
  if (name === 'isActive') return 'Active';
  const base = name.replace(/(Ids|Names)$/, 's').replace(/Id$/, '');
  return capitalise(words(base || name));
}

/** An enum value as a label: CASE_MANAGER → Case manager. */
export const enumLabel = (value: string) => capitalise(words(value.toLowerCase()));

/** Resources with list screens (the route table), the candidates a reference can point to. */
const LISTED = new Set(RouteTable.filter((r) => r.kind === 'list').map((r) => r.resource));

/** Field stems that do not name their resource. */
const REFERENCE_ALIASES: Record<string, string> = {
  member: 'users',
  user: 'users',
  creator: 'users',
  lastModifier: 'users',
  assignee: 'users',
  owner: 'users',
};

const kebab = (camel: string) => camel.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
const plural = (word: string) =>
  /[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : /(s|x|ch|sh)$/.test(word) ? `${word}es` : `${word}s`;

/**
 * The resource a field ending in Id or Ids refers to: what the server states, else the stem's
 * resource among those with list screens (countryId → countries, userGroupId → user-group,
 * memberIds → users). Undefined when it cannot be told.
 */
export function inferReference(field: string, stated?: Record<string, string>): string | undefined {
  if (stated?.[field]) return stated[field];
  const stem = /^(.+?)Ids?$/.exec(field)?.[1];
  if (!stem) return undefined;
  if (REFERENCE_ALIASES[stem]) return REFERENCE_ALIASES[stem];
  const name = kebab(stem);
  return [plural(name), name, `${name}s`].find((candidate) => LISTED.has(candidate));
}

const isUuid = (schema: JsonSchema) => schema.format === 'uuid';

/** How a property of an input schema is edited. */
function kindOf(
  name: string,
  schema: JsonSchema,
  references?: Record<string, string>,
): Omit<FieldSpec, 'name' | 'label' | 'required' | 'nullable'> {
  const lower = name.toLowerCase();
  if (schema.type === 'boolean') return { kind: 'boolean' };
  if (schema.type === 'array') {
    const items = unwrapNullable(schema.items ?? {}).schema;
    if (items.enum) return { kind: 'enumMulti', options: items.enum.map(String) };
    const reference = inferReference(name, references);
    if (reference && (isUuid(items) || /Ids$/.test(name))) return { kind: 'referenceMulti', reference };
    return { kind: 'tags' };
  }
  if (schema.enum) return { kind: 'enum', options: schema.enum.map(String) };
  if (schema.type === 'number' || schema.type === 'integer') {
    const limits = { minimum: schema.minimum, maximum: schema.maximum };
    if (/percent|percentage/.test(lower)) return { kind: 'percent', ...limits };
    if (/amount|price|fee|cost|total|balance/.test(lower)) return { kind: 'currency', ...limits };
    return { kind: 'number', ...limits };
  }
  const text = { maxLength: schema.maxLength, pattern: schema.pattern };
  if (/Id$/.test(name) || isUuid(schema)) {
    const reference = inferReference(name, references);
    if (reference) return { kind: 'reference', reference };
  }
  if (schema.format === 'email' || /email/.test(lower)) return { kind: 'email', maxLength: schema.maxLength };
  if (/phone|mobile|fax/.test(lower)) return { kind: 'phone' };
  if (/password/.test(lower)) return { kind: 'password', ...text };
  if ((schema.maxLength ?? 0) > TEXT_AREA_FROM) return { kind: 'textarea', ...text };
  return { kind: 'text', ...text };
}

/** The editable fields of an input schema, in its order, labelled like the export columns where they match. */
export function describeFields(
  schema: JsonSchema,
  metadata: Pick<ResourceMetadata, 'exportColumns' | 'references'>,
): FieldSpec[] {
  const headers = new Map(metadata.exportColumns.map((c) => [c.key, c.header]));
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {})
    .filter(([name]) => !BOOKKEEPING_FIELDS.has(name))
    .map(([name, property]) => {
      const { schema: inner, nullable } = unwrapNullable(property);
      const kind = kindOf(name, inner, metadata.references);
      // A reference is named after what it refers to ('Country', not the export's 'Country Id').
      const reference = kind.kind === 'reference' || kind.kind === 'referenceMulti';
      return {
        name,
        label: (!reference && headers.get(name)) || humanize(name),
        // A switch always has a value; an empty list is still a list.
        required: required.has(name) && inner.type !== 'boolean',
        nullable,
        default: inner.default,
        ...kind,
      };
    });
}

/** Form values → request body: empty text becomes null where the schema allows it, or is left out. */
export function toRequestBody(fields: FieldSpec[], values: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    const empty = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
    if (!empty) body[field.name] = typeof value === 'string' && field.kind !== 'password' ? value.trim() : value;
    else if (field.nullable) body[field.name] = null;
    else if (field.kind === 'boolean') body[field.name] = false;
  }
  return body;
}

/** A record → form values (the schema's fields only); without a record, the schema's defaults. */
export function toFormValues(
  fields: FieldSpec[],
  record: Record<string, unknown> | undefined,
): Record<string, unknown> {
  return Object.fromEntries(
    fields.map((field) => {
      const value = record ? record[field.name] : field.default;
      return [field.name, value ?? undefined];
    }),
  );
}
