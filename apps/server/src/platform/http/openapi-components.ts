import * as domain from '@casebook/domain';
import { apiSchema, apiSchemas, QueryBoolean, Uuid } from '@casebook/domain';
import { z } from 'zod';
import type { ResourceDefinition } from '../resources/resource';

const pascal = (name: string) =>
  name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

/** Names a schema unless it already has a name (a schema shared by two routes keeps its first). */
function nameOnce(id: string, schema: z.ZodType) {
  if (!apiSchemas.get(schema) && !apiSchemas._idmap.has(id)) apiSchema(id, schema);
}

/**
 * Names the schemas many routes share, so the API description holds each once: the id format, the
 * query-string boolean, every `…Dto` of the domain package under its exported name, and each
 * resource's DTO, create and update input and selection row.
 */
export function nameSharedSchemas(resources: readonly ResourceDefinition[]): void {
  nameOnce('Uuid', Uuid);
  nameOnce('QueryBoolean', QueryBoolean);
  for (const [name, value] of Object.entries(domain)) {
    if (name.endsWith('Dto') && value instanceof z.ZodType) nameOnce(name, value);
  }
  for (const def of resources) {
    const name = pascal(def.name);
    nameOnce(`${name}Dto`, def.dto);
    nameOnce(`${name}Create`, def.createInput);
    nameOnce(`${name}Update`, def.updateInput);
    if (def.selectionItem) nameOnce(`${name}SelectionItem`, def.selectionItem);
  }
}

type Json = Record<string, unknown>;
const ERROR_REF = '#/components/schemas/ErrorEnvelope';

/**
 * Every error answer is the same envelope: described once under components.responses and referred to
 * from each operation, instead of repeating its description and content for every status of every route.
 */
export function shareErrorResponses(document: Json): Json {
  const paths = (document.paths ?? {}) as Record<string, Record<string, { responses?: Record<string, Json> }>>;
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      const responses = operation.responses ?? {};
      let errors = 0;
      for (const [status, response] of Object.entries(responses)) {
        const content = response.content as Record<string, { schema?: Json }> | undefined;
        const keys = content ? Object.keys(content) : [];
        if (keys.length === 1 && content?.['application/json']?.schema?.$ref === ERROR_REF && /^4\d\d$/.test(status)) {
          delete responses[status];
          errors++;
        }
      }
      // Every 4xx answer is the envelope: one range entry says so for all of them.
      if (errors > 0) responses['4XX'] = { $ref: '#/components/responses/Error' };
    }
  }
  const components = (document.components ?? {}) as Json;
  return {
    ...document,
    components: {
      ...components,
      responses: {
        ...(components.responses as Json | undefined),
        Error: { description: 'The error envelope', content: { 'application/json': { schema: { $ref: ERROR_REF } } } },
      },
    },
  };
}

type Parameter = { in: string; name: string };

/**
 * Path and query parameters that many operations declare identically (the record id, the paging
 * fields) are described once under components.parameters.
 */
export function shareParameters(document: Json, minUses = 3): Json {
  const paths = (document.paths ?? {}) as Record<string, Record<string, { parameters?: Parameter[] }>>;
  const operations = Object.values(paths).flatMap((ops) => Object.values(ops));
  const uses = new Map<string, number>();
  for (const op of operations) {
    for (const p of op.parameters ?? []) uses.set(JSON.stringify(p), (uses.get(JSON.stringify(p)) ?? 0) + 1);
  }
  // The most used form of each name and place gets the component; other forms stay in place.
  const byName = new Map<string, string>();
  for (const [text, count] of [...uses].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))) {
    const p = JSON.parse(text) as Parameter;
    const name = `${p.name}${p.in === 'path' ? 'Path' : p.in === 'query' ? 'Query' : p.in}`;
    if (count >= minUses && !byName.has(name)) byName.set(name, text);
  }
  const nameOf = new Map([...byName].map(([name, text]) => [text, name]));
  for (const op of operations) {
    if (!op.parameters) continue;
    op.parameters = op.parameters.map((p) => {
      const name = nameOf.get(JSON.stringify(p));
      return name ? ({ $ref: `#/components/parameters/${name}` } as unknown as Parameter) : p;
    });
  }
  const components = (document.components ?? {}) as Json;
  const parameters = Object.fromEntries([...byName].sort().map(([name, text]) => [name, JSON.parse(text)]));
  return { ...document, components: { ...components, parameters } };
}

/** Every `$ref` inside a value. */
function refsIn(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) refsIn(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') into.add(child);
      else refsIn(child, into);
    }
  }
  return into;
}

/**
 * Drops the named schemas no operation uses, directly or through another schema: each named schema is
 * generated both as read (`X`) and as written (`XInput`), and most are only ever one of the two.
 */
export function dropUnusedSchemas(document: Json): Json {
  const components = (document.components ?? {}) as Json;
  const schemas = (components.schemas ?? {}) as Record<string, unknown>;
  const prefix = '#/components/schemas/';
  const used = new Set<string>();
  const pending = [
    ...refsIn({ paths: document.paths, responses: components.responses, parameters: components.parameters }, new Set()),
  ];
  while (pending.length > 0) {
    const ref = pending.pop()!;
    if (!ref.startsWith(prefix)) continue;
    const name = ref.slice(prefix.length);
    if (used.has(name)) continue;
    used.add(name);
    pending.push(...refsIn(schemas[name], new Set()));
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...components, schemas: kept } };
}
