import { z } from 'zod';
import { ErrorEnvelope, ValidationErrorInfo } from '../errors';
import { SelectionListItem } from '../paging';

/** Metadata of a named schema of the API description. */
export type ApiSchemaMeta = { id: string };

/**
 * The schemas the API description names once under components and refers to everywhere else. Only
 * schema instances added here are named; a copy (`.extend`, `.optional`) is described in place.
 */
export const apiSchemas = z.registry<ApiSchemaMeta>();

/** Names a schema in the API description and returns it unchanged. Naming the same id twice is an error. */
export function apiSchema<S extends z.ZodType>(id: string, schema: S): S {
  const existing = apiSchemas.get(schema);
  if (existing) {
    if (existing.id !== id) throw new Error(`Schema ${existing.id} is also named ${id}`);
    return schema;
  }
  if (apiSchemas._idmap.has(id)) throw new Error(`Two schemas are named ${id}`);
  apiSchemas.add(schema, { id });
  return schema;
}

apiSchema('ErrorEnvelope', ErrorEnvelope);
apiSchema('ValidationErrorInfo', ValidationErrorInfo);
apiSchema('SelectionListItem', SelectionListItem);
