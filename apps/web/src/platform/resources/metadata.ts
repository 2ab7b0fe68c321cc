import { NUMBER_MAX, type ResourceMetadataDto } from '@casebook/domain';

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
  const?: unknown;
  additionalProperties?: boolean | JsonSchema;
  default?: unknown;
  title?: string;
  description?: string;
};

/** A resource's metadata (ResourceMetadataDto), with its JSON Schemas typed as the screens read them. */
export type ResourceMetadata = Omit<
  ResourceMetadataDto,
  'dto' | 'createInput' | 'updateInput' | 'references' | 'choiceLabels'
> & {
  dto: JsonSchema;
  createInput: JsonSchema;
  updateInput: JsonSchema;
  /** Field → resource it refers to, when the server states it; otherwise references are inferred. */
  references?: Record<string, string>;
  /** Field → coded value → the word shown for it (recruitment status 0 → Recruiting). */
  choiceLabels?: Record<string, Record<string, string>>;
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
  | 'date'
  | 'boolean'
  | 'enum'
  | 'enumMulti'
  | 'reference'
  | 'referenceMulti'
  | 'tags'
  | 'kept';

export type FieldSpec = {
  name: string;
  label: string;
  kind: FieldKind;
  required: boolean;
  nullable: boolean;
  options?: (string | number)[];
  /** The words for coded options, when the server states them. */
  optionLabels?: Record<string, string>;
  /** For references: the resources it may refer to, most likely first (the first that exists is used). */
  references?: string[];
  /** Money kept in whole cents by the API and edited in dollars. */
  cents?: boolean;
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

/** The largest amount in cents: the spec's 1e10 in dollars (packages/domain `Cents`). */
const CENTS_MAX = NUMBER_MAX * 100;

/**
 * `{ anyOf: [X, { type: 'null' }] }` → X, nullable; an anyOf of constants (a zod literal union) → an enum.
 */
export function unwrapNullable(schema: JsonSchema): { schema: JsonSchema; nullable: boolean } {
  if (schema.anyOf) {
    const rest = schema.anyOf.filter((s) => s.type !== 'null');
    const nullable = rest.length < schema.anyOf.length;
    if (rest.length === 1 && rest[0]) {
      const inner = unwrapNullable({ default: schema.default, ...rest[0] });
      return { schema: inner.schema, nullable: nullable || inner.nullable };
    }
    if (rest.length > 1 && rest.every((s) => s.const !== undefined)) {
      const type = rest[0]?.type;
      return { schema: { type, enum: rest.map((s) => s.const), default: schema.default }, nullable };
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
/** Abbreviations a label spells in capitals (bookingCm → Booking CM, IME → IME). */
const ACRONYMS = new Set(['abn', 'acn', 'bsb', 'cm', 'cv', 'gst', 'ime', 'mva', 'ot', 'pdf', 'sms', 'url']);
/** Lower-case words as a label: the first capitalised, abbreviations in capitals. */
const sentence = (lower: string) =>
  capitalise(
    lower
      .split(' ')
      .map((word) => (ACRONYMS.has(word) ? word.toUpperCase() : word))
      .join(' '),
  );

/**
 * A field name as a label: countryId → Country, memberIds → Members, roleNames → Roles,
 * isActive → Active, phoneNumber → Phone number, highRiskReasonToBookingCm → High risk reason to booking CM.
 */
export function humanize(name: string): string {
  if (name === 'isActive') return 'Active';
  const base = name.replace(/(Ids|Names)$/, 's').replace(/Id$/, '');
  return sentence(words(base || name));
}

/**
 * A form field's label, one style for every field: sentence case ('High risk applied', 'Sub specialty').
 * An export header the server wrote by hand ('Phone' for phoneNumber, 'Full name') is kept, in sentence
 * case; a header that only spells the field name ('High Risk Applied', 'Is Active') gives way to the
 * name's label; a reference is named after what it refers to ('Country', not 'Country Id').
 */
export function fieldLabel(name: string, header: string | undefined, reference: boolean): string {
  if (reference || !header || header.toLowerCase() === words(name)) return humanize(name);
  // Later words lose a capital they have only for being in a title; acronyms (GST, ABN) keep theirs.
  return header.replace(/(?<=\s)[A-Z](?=[a-z]*\b)/g, (letter) => letter.toLowerCase());
}

/** An enum value as a label: the server's word for it, else CASE_MANAGER → Case manager; numbers as they are. */
export const enumLabel = (value: string | number, labels?: Record<string, string>) =>
  labels?.[String(value)] ?? (typeof value === 'number' ? String(value) : sentence(words(value.toLowerCase())));

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
 * The resources a field ending in Id or Ids may refer to, most likely first: what the server states,
 * else names made from the stem (countryId → countries, userGroupId → user-group, defaultCentreId →
 * centres, memberIds → users). Which of them exists is asked of the API (useReferenceResource).
 */
export function referenceCandidates(field: string, stated?: Record<string, string>): string[] {
  if (stated?.[field]) return [stated[field]];
  const stem = /^(.+?)Ids?$/.exec(field)?.[1];
  if (!stem) return [];
  if (REFERENCE_ALIASES[stem]) return [REFERENCE_ALIASES[stem]];
  const name = kebab(stem);
  const last = name.split('-').at(-1) ?? name;
  return [...new Set([plural(name), name, plural(last)])];
}

/**
 * A reference as the server may state it: a resource, optionally narrowed by query parameters of its
 * selection list (`lookup-configs?type=SPECIALTY`).
 */
export function splitReference(reference: string): { resource: string; query: Record<string, string> } {
  const [resource = reference, search = ''] = reference.split('?', 2);
  return { resource, query: Object.fromEntries(new URLSearchParams(search)) };
}

const isUuid = (schema: JsonSchema) => schema.format === 'uuid';

/** A calendar date field: named so (dateOfBirth, onboardedDate), or one of a From/To pair of dates. */
function isDateField(name: string, schema: JsonSchema, siblings: readonly string[]): boolean {
  if (schema.type !== 'string' || schema.enum || isUuid(schema)) return false;
  if (schema.format === 'date' || /date/i.test(name)) return true;
  const pair = /^(.+)(From|To)$/.exec(name);
  return !!pair && siblings.includes(`${pair[1]}${pair[2] === 'From' ? 'To' : 'From'}`);
}

type Kind = Omit<FieldSpec, 'name' | 'label' | 'required' | 'nullable'>;

/** How a property of an input schema is edited. */
function kindOf(name: string, schema: JsonSchema, siblings: readonly string[], stated?: Record<string, string>): Kind {
  const lower = name.toLowerCase();
  if (schema.type === 'boolean') return { kind: 'boolean' };
  if (schema.type === 'array') {
    const items = unwrapNullable(schema.items ?? {}).schema;
    if (items.enum) return { kind: 'enumMulti', options: items.enum as (string | number)[] };
    // Lists of records (rates, claims) need a screen of their own: kept as they are.
    if (items.type === 'object') return { kind: 'kept' };
    const references = isUuid(items) || /Ids$/.test(name) ? referenceCandidates(name, stated) : [];
    if (references.length) return { kind: 'referenceMulti', references };
    return { kind: 'tags' };
  }
  if (schema.type === 'object') return { kind: 'kept' };
  if (schema.enum) return { kind: 'enum', options: schema.enum as (string | number)[] };
  if (schema.type === 'number' || schema.type === 'integer') {
    if (schema.type === 'integer' && schema.maximum === CENTS_MAX) return { kind: 'currency', cents: true };
    const limits = { minimum: schema.minimum, maximum: schema.maximum };
    if (/percent|percentage/.test(lower)) return { kind: 'percent', ...limits };
    if (/amount|price|fee|cost|total|balance/.test(lower)) return { kind: 'currency', ...limits };
    return { kind: 'number', ...limits };
  }
  const text = { maxLength: schema.maxLength, pattern: schema.pattern };
  if (/Id$/.test(name) || isUuid(schema)) {
    const references = referenceCandidates(name, stated);
    if (references.length) return { kind: 'reference', references };
  }
  if (isDateField(name, schema, siblings)) return { kind: 'date' };
  if (schema.format === 'email' || /email/.test(lower)) return { kind: 'email', maxLength: schema.maxLength };
  if (/phone|mobile|fax/.test(lower)) return { kind: 'phone' };
  if (/password/.test(lower)) return { kind: 'password', ...text };
  if ((schema.maxLength ?? 0) > TEXT_AREA_FROM) return { kind: 'textarea', ...text };
  return { kind: 'text', ...text };
}

/** The editable fields of an input schema, in its order, labelled as fieldLabel says. */
export function describeFields(
  schema: JsonSchema,
  metadata: Pick<ResourceMetadata, 'exportColumns' | 'references' | 'choiceLabels'>,
): FieldSpec[] {
  const headers = new Map(metadata.exportColumns.map((c) => [c.key, c.header]));
  const required = new Set(schema.required ?? []);
  const names = Object.keys(schema.properties ?? {});
  return Object.entries(schema.properties ?? {})
    .filter(([name]) => !BOOKKEEPING_FIELDS.has(name))
    .map(([name, property]) => {
      const { schema: inner, nullable } = unwrapNullable(property);
      const kind = kindOf(name, inner, names, metadata.references);
      const reference = kind.kind === 'reference' || kind.kind === 'referenceMulti';
      return {
        name,
        label: fieldLabel(name, headers.get(name), reference),
        // A switch always has a value; an empty list is still a list; kept values are not edited here.
        required: required.has(name) && inner.type !== 'boolean' && kind.kind !== 'kept',
        nullable,
        default: inner.default,
        ...kind,
        ...(metadata.choiceLabels?.[name] ? { optionLabels: metadata.choiceLabels[name] } : {}),
      };
    });
}

/** Form values → request body: empty text becomes null where the schema allows it, or is left out. */
export function toRequestBody(fields: FieldSpec[], values: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    const empty = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
    if (!empty) {
      if (field.cents && typeof value === 'number') body[field.name] = Math.round(value * 100);
      else body[field.name] = typeof value === 'string' && field.kind !== 'password' ? value.trim() : value;
    } else if (field.nullable) body[field.name] = null;
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
      if (field.cents && typeof value === 'number') return [field.name, value / 100];
      return [field.name, value ?? undefined];
    }),
  );
}
