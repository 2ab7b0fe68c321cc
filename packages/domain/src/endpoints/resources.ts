import { z } from 'zod';
import { Uuid } from '../ids';
import { PagedListInput, pagedResult, SelectionListItem } from '../paging';
import type { CrudPermissions } from '../permissions';
import { endpoint } from './endpoint';

/**
 * What the API, the server and the web share about one master-data resource: its path name, titles,
 * schemas, list filters, permissions and features. The server's resource definition is built from it
 * (adding the table, search and hooks), and the resource's endpoints are declared from it, so the two
 * cannot disagree.
 */
export type ResourceDescription = {
  /** Path segment: /api/app/{name}. */
  name: string;
  /** Entity name in the change history. */
  entityType: string;
  /** Title for screens, export files and the API description's tag. */
  title: string;
  dto: z.ZodObject;
  createInput: z.ZodType<Record<string, unknown>>;
  updateInput: z.ZodType<Record<string, unknown> & { concurrencyStamp: string }>;
  /** The selection-list item when it has more than id, displayName and isActive. */
  selectionItem?: z.ZodObject;
  /** Extra query parameters that narrow the list (the server says how), each with its schema. */
  filters?: Record<string, z.ZodType>;
  permissions: CrudPermissions;
  features?: readonly string[];
  /** Generic write routes (create, update, enable/disable, delete; default true); off where the resource writes its own. */
  genericWrites?: boolean;
  /** A valid create body: shown in the API documentation, and used by the generated route tests. */
  example?: Record<string, unknown>;
  /** Fields of the example that refer to a row of another resource (field → resource name); tests fill them in. */
  exampleRefs?: Record<string, string>;
};

/** Declares a resource description; the identity function keeps its schemas' types. */
export function describeResource<const D extends ResourceDescription>(description: D): D {
  return description;
}

/**
 * A list query parameter holding several values: comma-separated (`ids=a,b`) or repeated
 * (`ids=a&ids=b`), each checked by `item`.
 */
export function csvParam<T extends z.ZodType<unknown, string>>(item: T, max = 100) {
  return z
    .union([z.string().max(4000), z.array(z.string().max(200)).max(max)])
    .transform((v) =>
      (Array.isArray(v) ? v : v.split(','))
        .flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).max(max, `at most ${max} values`));
}

/** What the generic list, detail and add screens render a resource from (its metadata call). */
export const ResourceMetadataDto = z.object({
  name: z.string(),
  title: z.string(),
  entityType: z.string(),
  /** The permission of each action (read, create, update, delete, and any of the resource's own). */
  permissions: z.record(z.string(), z.string()),
  features: z.array(z.string()),
  sorting: z.array(z.string()),
  defaultSorting: z.string(),
  filters: z.array(z.string()),
  hasIsActive: z.boolean(),
  exportRowsPerFile: z.number().int(),
  exportColumns: z.array(z.object({ key: z.string(), header: z.string() })),
  /** JSON Schema (draft 2020-12) of the record as read. */
  dto: z.record(z.string(), z.unknown()),
  /** JSON Schema of the create body. */
  createInput: z.record(z.string(), z.unknown()),
  /** JSON Schema of the update body. */
  updateInput: z.record(z.string(), z.unknown()),
  /** Field → resource it refers to, where the field's name does not say. */
  references: z.record(z.string(), z.string()),
  /** Field → coded value → the word shown for it. */
  choiceLabels: z.record(z.string(), z.record(z.string(), z.string())),
});
export type ResourceMetadataDto = z.infer<typeof ResourceMetadataDto>;

const IdParams = z.object({ id: Uuid });
const deleted = z.void().describe('Deleted');

type FilterShape<D extends ResourceDescription> = D['filters'] extends infer F extends Record<string, z.ZodType>
  ? { [K in keyof F]: z.ZodOptional<F[K]> }
  : object;
type AsShape<T> = T extends z.core.$ZodShape ? T : never;

/** The list query of a resource: paging, search, selection list and its own filters. */
export type ResourceListQuery<D extends ResourceDescription> = z.ZodObject<
  AsShape<typeof PagedListInput.shape & FilterShape<D>>
>;

type SelectionItemOf<D extends ResourceDescription> = D['selectionItem'] extends infer S extends z.ZodObject
  ? S
  : typeof SelectionListItem;

type Paged<T> = z.ZodObject<{ totalCount: z.ZodNumber; items: z.ZodArray<T extends z.ZodType ? T : never> }>;

/** Whether the DTO has `isActive` (enable/disable are declared then). */
export function hasIsActive(d: ResourceDescription): boolean {
  return Object.hasOwn(d.dto.shape, 'isActive');
}

function readEndpoints<D extends ResourceDescription>(d: D, query: ResourceListQuery<D>) {
  const base = `/api/app/${d.name}` as `/api/app/${D['name']}`;
  const lower = d.title.toLowerCase();
  const tags = [d.title];
  const access = { permission: d.permissions.read, features: d.features ?? [] };
  return {
    list: endpoint({
      method: 'GET',
      path: base,
      query,
      response: z.union([
        pagedResult(d.dto as D['dto']),
        pagedResult(d.selectionItem ?? SelectionListItem),
      ]) as z.ZodUnion<[Paged<D['dto']>, Paged<SelectionItemOf<D>>]>,
      access,
      summary: `List ${lower} (isSelectionList=true for a selection list)`,
      tags,
    }),
    export: endpoint({
      method: 'GET',
      path: `${base}/export`,
      query,
      access,
      summary: `Export ${lower} as xlsx (zip of 500-row files)`,
      tags,
    }),
    metadata: endpoint({
      method: 'GET',
      path: `${base}/metadata`,
      response: ResourceMetadataDto,
      access,
      summary: `Describe ${lower} for generic screens`,
      tags,
    }),
    get: endpoint({
      method: 'GET',
      path: `${base}/:id`,
      params: IdParams,
      response: d.dto as D['dto'],
      access,
      tags,
    }),
  };
}

function writeEndpoints<D extends ResourceDescription>(d: D) {
  const base = `/api/app/${d.name}` as `/api/app/${D['name']}`;
  const tags = [d.title];
  const features = d.features ?? [];
  const update = { permission: d.permissions.update, features };
  return {
    create: endpoint({
      method: 'POST',
      path: base,
      body: (d.example ? d.createInput.meta({ examples: [d.example] }) : d.createInput) as D['createInput'],
      response: d.dto as D['dto'],
      access: { permission: d.permissions.create, features },
      tags,
    }),
    update: endpoint({
      method: 'PUT',
      path: `${base}/:id`,
      params: IdParams,
      body: d.updateInput as D['updateInput'],
      response: d.dto as D['dto'],
      access: update,
      tags,
    }),
    delete: endpoint({
      method: 'DELETE',
      path: `${base}/:id`,
      params: IdParams,
      response: deleted,
      status: 204,
      access: { permission: d.permissions.delete, features },
      tags,
    }),
  };
}

function activeEndpoints<D extends ResourceDescription>(d: D) {
  const base = `/api/app/${d.name}` as `/api/app/${D['name']}`;
  const tags = [d.title];
  const access = { permission: d.permissions.update, features: d.features ?? [] };
  const action = <const A extends 'enable' | 'disable'>(name: A) =>
    endpoint({
      method: 'PUT',
      path: `${base}/:id/${name}`,
      params: IdParams,
      response: d.dto as D['dto'],
      access,
      summary: `${name} a ${d.entityType}`,
      tags,
    });
  return { enable: action('enable'), disable: action('disable') };
}

type ReadEndpoints<D extends ResourceDescription> = ReturnType<typeof readEndpoints<D>>;
type WriteEndpoints<D extends ResourceDescription> = ReturnType<typeof writeEndpoints<D>>;
type ActiveEndpoints<D extends ResourceDescription> = ReturnType<typeof activeEndpoints<D>>;

/**
 * The endpoints of one resource: list (and selection list), export, metadata and get; create, update
 * and delete unless it writes its own; enable and disable when its DTO has `isActive`.
 */
export type ResourceEndpointsOf<D extends ResourceDescription> = ReadEndpoints<D> &
  (D['genericWrites'] extends false
    ? object
    : WriteEndpoints<D> & ('isActive' extends keyof D['dto']['shape'] ? ActiveEndpoints<D> : object));

/** The endpoints of a resource known only by name at run time: the writes may be absent. */
export type AnyResourceEndpoints = ReadEndpoints<ResourceDescription> &
  Partial<WriteEndpoints<ResourceDescription> & ActiveEndpoints<ResourceDescription>>;

const declared = new WeakMap<ResourceDescription, AnyResourceEndpoints>();

/**
 * Declares the endpoints of a resource from its description. The same description always gives the
 * same declarations, so the catalogue and the server's handlers refer to the very same objects.
 */
export function resourceEndpoints<const D extends ResourceDescription>(d: D): ResourceEndpointsOf<D> {
  const known = declared.get(d);
  if (known) return known as ResourceEndpointsOf<D>;
  const filters = Object.fromEntries(Object.entries(d.filters ?? {}).map(([k, schema]) => [k, schema.optional()]));
  const query = PagedListInput.extend(filters) as unknown as ResourceListQuery<D>;
  const made: AnyResourceEndpoints = {
    ...readEndpoints(d, query),
    ...(d.genericWrites === false ? {} : { ...writeEndpoints(d), ...(hasIsActive(d) ? activeEndpoints(d) : {}) }),
  } as AnyResourceEndpoints;
  declared.set(d, made);
  return made as ResourceEndpointsOf<D>;
}
