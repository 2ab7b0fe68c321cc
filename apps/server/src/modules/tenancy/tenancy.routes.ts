import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { NamedTenantList, TenantDto } from '@casebook/domain';
import {
  EditionDefaultFeatures,
  Editions,
  HOST_TENANT_ID,
  TenancyEndpoints as api,
  editionCode,
  effectiveFeatures,
  namedListsOf,
  parseSorting,
  uuidv7,
} from '@casebook/domain';
import type { Database, Tx } from '../../platform/db/database';
import { recordEntityChange } from '../../platform/db/audit';
import { tenants } from '../../platform/db/platform.schema';
import { contextOf } from '../../platform/access/context';
import type { TenantDirectory } from '../../platform/access/tenant-directory';
import { businessRule, concurrencyConflict, invalidField, notFound } from '../../platform/http/errors';
import { registerEndpoint } from '../../platform/http/endpoints';
import { likePattern } from '../../platform/resources/resource.repository';
import { countries } from '../geography/geography.schema';
import { createUser } from '../identity/users.service';
import type { Mailer } from '../../platform/mail/mailer';
import { createTenant } from './tenancy.service';

type TenantRow = typeof tenants.$inferSelect;

async function countryOf(database: Database, row: TenantRow) {
  if (!row.defaultCountryId) return null;
  const [c] = await database.withTenant(row.id, (tx) =>
    tx
      .select({ id: countries.id, name: countries.name })
      .from(countries)
      .where(eq(countries.id, row.defaultCountryId!)),
  );
  return c ?? null;
}

/** The tenant as the spec's "get tenant" returns it: features are the effective ones, as 'True'. */
async function tenantDto(
  database: Database,
  row: TenantRow,
  namedTenants: Partial<Record<NamedTenantList, readonly string[]>>,
): Promise<TenantDto> {
  const on = effectiveFeatures(undefined, row);
  return {
    id: row.id,
    name: row.name,
    editionName: row.editionName,
    editionCode: editionCode(row.editionName, row.isHost),
    isHost: row.isHost,
    isActive: row.isActive,
    features: Object.fromEntries([...on].map((f) => [f, 'True'])),
    featureOverrides: row.features,
    extraProperties: row.extraProperties,
    settings: row.settings,
    timezone: row.timezone,
    defaultCountryId: row.defaultCountryId,
    country: await countryOf(database, row),
    defaultPicId: null,
    creationTime: row.creationTime.toISOString(),
    concurrencyStamp: row.concurrencyStamp,
    namedLists: namedListsOf(row.name, namedTenants),
  };
}

const SORTING: Record<string, SQL | AnyPgColumn> = {
  name: tenants.name,
  editionName: tenants.editionName,
  creationTime: tenants.creationTime,
};

/** Tenants and editions. The tenant registry is host-wide, so its routes use the system connection. */
export function registerTenancyRoutes(
  app: FastifyInstance,
  deps: {
    database: Database;
    tenants: TenantDirectory;
    mailer: Mailer;
    publicUrl: string;
    namedTenants: Partial<Record<NamedTenantList, readonly string[]>>;
  },
) {
  const { database } = deps;
  const toTenantDto = (db: Database, row: TenantRow) => tenantDto(db, row, deps.namedTenants);

  registerEndpoint(app, api.currentTenant, async (req) => {
    const ctx = contextOf(req);
    const [row] = await database.withTenant(ctx.tenant.id, (tx) =>
      tx.select().from(tenants).where(eq(tenants.id, ctx.tenant.id)),
    );
    if (!row) throw notFound('The tenant');
    return toTenantDto(database, row);
  });

  registerEndpoint(app, api.listEditions, async () => ({
    totalCount: Editions.length,
    items: Editions.map((name) => ({
      name,
      code: editionCode(name, false),
      defaultFeatures: [...EditionDefaultFeatures[name]],
    })),
  }));

  registerEndpoint(app, api.listTenants, async (req) => {
    const q = req.query;
    const parsed = parseSorting(q.sorting || 'name asc', Object.keys(SORTING));
    if (!parsed.ok) throw invalidField('sorting', parsed.message);
    const text = q.filterText?.trim();
    const where = and(
      text ? or(ilike(tenants.name, likePattern(text)), ilike(tenants.editionName, likePattern(text))) : undefined,
      q.isActive === undefined ? undefined : eq(tenants.isActive, q.isActive),
    );
    const order = [
      ...parsed.terms.map((t) => (t.direction === 'desc' ? desc(SORTING[t.field]!) : asc(SORTING[t.field]!))),
      asc(tenants.id),
    ];
    const { rows, total } = await database.withSystem(async (tx) => ({
      rows: await tx
        .select()
        .from(tenants)
        .where(where)
        .orderBy(...order)
        .limit(q.maxResultCount)
        .offset(q.skipCount),
      total: (
        await tx
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(tenants)
          .where(where)
      )[0]!.n,
    }));
    if (q.isSelectionList) {
      return { totalCount: total, items: rows.map((t) => ({ id: t.id, displayName: t.name, isActive: t.isActive })) };
    }
    return { totalCount: total, items: await Promise.all(rows.map((row) => toTenantDto(database, row))) };
  });

  const load = async (tx: Tx, id: string, lock = false) => {
    const q = tx.select().from(tenants).where(eq(tenants.id, id));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw notFound('The tenant');
    return row;
  };

  registerEndpoint(app, api.getTenant, async (req) =>
    toTenantDto(database, await database.withSystem((tx) => load(tx, req.params.id))),
  );

  registerEndpoint(app, api.createTenant, async (req) => {
    const ctx = contextOf(req);
    const { adminEmail, adminPassword, ...input } = req.body;
    const taken = await database.withSystem((tx) =>
      tx
        .select({ id: tenants.id })
        .from(tenants)
        .where(sql`lower(${tenants.name}) = lower(${input.name})`),
    );
    if (taken.length > 0) throw invalidField('name', 'A tenant with this name already exists.');
    const id = await createTenant(database, {
      name: input.name,
      editionName: input.editionName,
      features: input.features,
      timezone: input.timezone,
    });
    await database.withSystem((tx) =>
      tx
        .update(tenants)
        .set({ extraProperties: input.extraProperties, settings: input.settings })
        .where(eq(tenants.id, id)),
    );
    // Every new tenant starts with its administrator, who receives the sign-in details by e-mail.
    await createUser(
      deps,
      {
        tenantId: id,
        userId: ctx.principal.userId,
        userName: ctx.principal.userName,
        impersonatorUserId: ctx.principal.impersonatorUserId,
      },
      {
        userName: 'admin',
        email: adminEmail,
        name: 'Tenant',
        surname: 'Administrator',
        title: null,
        phoneNumber: null,
        roles: ['TENANT_ADMIN'],
        contractorType: null,
        isActive: true,
        ...(adminPassword ? { password: adminPassword } : {}),
      },
    );
    await database.withSystem((tx) =>
      recordEntityChange(tx, ctx.actor, {
        entityType: 'Tenant',
        entityId: id,
        changeType: 'Created',
        before: null,
        after: { name: input.name, editionName: input.editionName },
      }),
    );
    return toTenantDto(database, await database.withSystem((tx) => load(tx, id)));
  });

  registerEndpoint(app, api.updateTenant, async (req) => {
    const ctx = contextOf(req);
    const { concurrencyStamp, ...fields } = req.body;
    if (req.params.id === HOST_TENANT_ID && !fields.isActive) throw businessRule('The host cannot be disabled.');
    const row = await database
      .withSystem(async (tx) => {
        const before = await load(tx, req.params.id, true);
        if (before.concurrencyStamp !== concurrencyStamp) throw concurrencyConflict();
        if (fields.defaultCountryId) {
          const [country] = await tx
            .select({ id: countries.id })
            .from(countries)
            .where(and(eq(countries.tenantId, before.id), eq(countries.id, fields.defaultCountryId)));
          if (!country) throw invalidField('defaultCountryId', 'The country does not exist.');
        }
        const [after] = await tx
          .update(tenants)
          .set({ ...fields, lastModificationTime: new Date(), concurrencyStamp: uuidv7() })
          .where(eq(tenants.id, before.id))
          .returning();
        await recordEntityChange(tx, ctx.actor, {
          entityType: 'Tenant',
          entityId: before.id,
          changeType: 'Updated',
          before,
          after: after!,
        });
        return after!;
      })
      .catch((error: unknown) => {
        if ((error as { cause?: { code?: string } }).cause?.code === '23505')
          throw invalidField('name', 'A tenant with this name already exists.');
        throw error;
      });
    deps.tenants.invalidate(row.id);
    return toTenantDto(database, row);
  });

  registerEndpoint(app, api.deleteTenant, async (req, reply) => {
    const ctx = contextOf(req);
    if (req.params.id === HOST_TENANT_ID) throw businessRule('The host cannot be deleted.');
    // Tenants are deactivated, never erased: their records stay for the retention the law requires.
    await database.withSystem(async (tx) => {
      const before = await load(tx, req.params.id, true);
      await tx
        .update(tenants)
        .set({ isActive: false, lastModificationTime: new Date(), concurrencyStamp: uuidv7() })
        .where(eq(tenants.id, before.id));
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'Tenant',
        entityId: before.id,
        changeType: 'Deleted',
        before,
        after: null,
      });
    });
    deps.tenants.invalidate(req.params.id);
    return reply.status(204).send();
  });
}
