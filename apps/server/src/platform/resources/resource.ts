import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { CrudPermissions, ResourceDescription } from '@casebook/domain';
import type { Tx } from '../db/database';
import type { RequestContext } from '../access/context';
import type { RecordKind } from '../access/records';

/** A list filter: a query parameter, its schema, and the condition it adds. */
export type ResourceFilter = {
  schema: z.ZodType;
  where: (value: never) => SQL | undefined;
};

/** What a unique or foreign-key constraint means to a user: the field it is about and a message. */
export type ConstraintMessage = { member: string; message: string };

/**
 * A resource's own search: the condition, and whether it yields every match before ordering (an id
 * search does; a condition on the table lets an ordered index stop at the page).
 */
export type SearchCondition = { where: SQL; collectsAllMatches: boolean };

/** What a write hook sees: the caller, its transaction, the validated input and the row before (null on create). */
export type WriteContext = {
  ctx: RequestContext;
  tx: Tx;
  input: Record<string, unknown>;
  before: Record<string, unknown> | null;
};

/**
 * One declaration of a master-data resource. The platform derives from it the CRUD and
 * selection-list routes, enable/disable, export, OpenAPI, history and the web's metadata. The fields
 * the API shares with the web (name, titles, schemas, filters' schemas, permissions, features) come
 * from the domain package's description of the resource, whose endpoints the routes serve.
 */
export type ResourceDefinition = {
  /** The shared description this definition was made from. */
  description: ResourceDescription;
  /** Path segment: /api/app/{name}. */
  name: string;
  /** Entity name in the change history. */
  entityType: string;
  /** Title for screens and export files. */
  title: string;
  table: PgTable;
  dto: z.ZodObject;
  createInput: z.ZodType<Record<string, unknown>>;
  updateInput: z.ZodType<Record<string, unknown> & { concurrencyStamp: string }>;
  permissions: CrudPermissions;
  features?: readonly string[];
  /** What a selection list shows for a row. */
  displayName: PgColumn | SQL;
  /** Columns `filterText` searches (case-insensitive, anywhere in the text). */
  searchColumns: readonly PgColumn[];
  /** Replaces the search over searchColumns, e.g. with an indexed lookup of ids. */
  search?: (text: string) => SearchCondition;
  /** Read-only values selected with every row for the DTO (names of the records it refers to). */
  computed?: Record<string, SQL>;
  /** Extra fields of selection-list items for this query (always, or when the caller asks). */
  selectionFields?: (query: Record<string, unknown>) => Record<string, PgColumn | SQL>;
  /** The selection-list item schema when it has more than id, displayName and isActive (documentation). */
  selectionItem?: z.ZodObject;
  /** Extra query parameters that narrow the list. */
  filters?: Record<string, ResourceFilter>;
  /** The sorting whitelist: field name → column or expression. */
  sorting: Record<string, PgColumn | SQL>;
  defaultSorting: string;
  /** Write entity-change rows (default true). */
  audit?: boolean;
  constraints?: Record<string, ConstraintMessage>;
  /**
   * The record kind whose access rule (platform/access/records) limits the caller's rows: lists,
   * selection lists, exports, reads and writes alike; a row outside it is a 404.
   */
  recordKind?: RecordKind;
  /**
   * The rows of the table that are this resource at all, when it is a view over a shared table (staff:
   * the users with an office role). Lists, reads and writes alike; a row outside it is a 404.
   */
  rows?: SQL;
  /** Conditions applied to every list of this resource for this caller (e.g. the tenant's country). */
  scope?: (ctx: RequestContext, tx: Tx, query: Record<string, unknown>) => Promise<SQL | undefined>;
  /** Maps a row to the DTO when it needs computed fields; default: the DTO's fields of the row. */
  toDto?: (row: Record<string, unknown>) => Record<string, unknown>;
  /** Generic write routes (create, update, enable/disable, delete; default true); off where the resource writes its own. */
  genericWrites?: boolean;
  /**
   * Checks and completes a create or an update inside its transaction (references of the right kind,
   * one default per list, …); returns the values to write. Throws an AppError to refuse.
   */
  beforeWrite?: (write: WriteContext) => Promise<Record<string, unknown>>;
  /** Runs after a write has committed (cache invalidation, ending sessions). */
  afterCommit?: (ctx: RequestContext, change: ResourceChange) => Promise<void>;
  /** A valid create body: shown in the API documentation, and used by the generated route tests. */
  example?: Record<string, unknown>;
  /** Fields of the example that refer to a row of another resource (field → resource name); tests fill them in. */
  exampleRefs?: Record<string, string>;
  /**
   * Fields that refer to another resource whose name the field's does not give (field → resource, with the
   * selection list's query when it is narrowed: `specialtyId` → `lookup-configs?type=SPECIALTY`).
   */
  references?: Record<string, string>;
  /** The words shown for coded choices (field → value → label), e.g. recruitment status 0 → Recruiting. */
  choiceLabels?: Record<string, Readonly<Record<string | number, string>>>;
  /** Columns of the export, in order; default: the DTO's fields without bookkeeping. */
  exportColumns?: readonly { key: string; header: string }[];
};

export type ResourceChange = {
  kind: 'create' | 'update' | 'delete';
  id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/** What only the server knows of a resource: its storage, search, hooks and messages. */
export type ResourceParts = Omit<ResourceDefinition, keyof ResourceDescription | 'description'>;

/** How each of the description's filters narrows the list, typed by the filter's parsed value. */
type FilterConditions<D extends ResourceDescription> = D['filters'] extends infer F extends Record<string, z.ZodType>
  ? { filters: { [K in keyof F]: (value: z.output<F[K]>) => SQL | undefined } }
  : { filters?: undefined };

/**
 * Defines a resource from its shared description and the parts only the server knows. Every filter of
 * the description needs its condition, and no condition may lack a filter.
 */
export function defineResource<const D extends ResourceDescription>(
  description: D,
  parts: Omit<ResourceParts, 'filters'> & FilterConditions<D>,
): ResourceDefinition {
  const conditions = (parts.filters ?? {}) as Record<string, ResourceFilter['where']>;
  const filters = Object.fromEntries(
    Object.entries(description.filters ?? {}).map(([name, schema]) => {
      const where = conditions[name];
      if (!where) throw new Error(`${description.name}: the filter ${name} has no condition`);
      return [name, { schema, where }];
    }),
  );
  return { ...description, ...parts, description, filters };
}
