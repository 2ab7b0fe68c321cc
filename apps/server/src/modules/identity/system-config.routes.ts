import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { SystemConfigEndpoints, type UserTableSetting, uuidv7 } from '@casebook/domain';
import type { Database } from '../../platform/db/database';
import { recordEntityChange } from '../../platform/db/audit';
import { tenants } from '../../platform/db/platform.schema';
import { contextOf, type RequestContext } from '../../platform/access/context';
import type { TenantDirectory } from '../../platform/access/tenant-directory';
import { notFound } from '../../platform/http/errors';
import { registerEndpoint } from '../../platform/http/endpoints';
import { identityRepository as repo } from './identity.repository';

const TABLE_PREFIX = 'table:';

/**
 * The spec's app/system-config calls: the tenant's settings (editable by administrators), each user's
 * own settings over them, and per-user table column choices. User settings live in the user's
 * `settings` map; table settings under keys `table:{tableKey}`.
 */
export function registerSystemConfigRoutes(
  app: FastifyInstance,
  deps: { database: Database; tenants: TenantDirectory },
) {
  const { database } = deps;

  const userSettings = async (ctx: RequestContext) => {
    const user = await database.withTenant(ctx.tenant.id, (tx) => repo.userById(tx, ctx.principal.userId));
    if (!user) throw notFound('The user');
    return user.settings;
  };
  const writeUserSettings = (ctx: RequestContext, change: (s: Record<string, string>) => Record<string, string>) =>
    database.withTenant(ctx.tenant.id, async (tx) => {
      const user = await repo.userById(tx, ctx.principal.userId, true);
      if (!user) throw notFound('The user');
      const settings = change({ ...user.settings });
      await repo.updateUser(tx, user.id, { settings, concurrencyStamp: uuidv7() });
      return settings;
    });
  const withoutTables = (s: Record<string, string>) =>
    Object.fromEntries(Object.entries(s).filter(([k]) => !k.startsWith(TABLE_PREFIX)));

  const api = SystemConfigEndpoints;

  registerEndpoint(app, api.getSettings, async (req) => {
    const ctx = contextOf(req);
    return { settings: { ...ctx.tenant.settings, ...withoutTables(await userSettings(ctx)) } };
  });

  registerEndpoint(app, api.getSetting, async (req) => {
    const ctx = contextOf(req);
    const mine = withoutTables(await userSettings(ctx));
    return { key: req.query.key, value: mine[req.query.key] ?? ctx.tenant.settings[req.query.key] ?? null };
  });

  registerEndpoint(app, api.updateSettings, async (req) => {
    const ctx = contextOf(req);
    // The tenant row is the tenant registry: written through the system connection, for this tenant only.
    const settings = await database.withSystem(async (tx) => {
      const [before] = await tx.select().from(tenants).where(eq(tenants.id, ctx.tenant.id)).for('update');
      if (!before) throw notFound('The tenant');
      const next = { ...before.settings, ...req.body.settings };
      await tx
        .update(tenants)
        .set({ settings: next, lastModificationTime: new Date(), concurrencyStamp: uuidv7() })
        .where(eq(tenants.id, before.id));
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'TenantSettings',
        entityId: before.id,
        changeType: 'Updated',
        before: before.settings,
        after: next,
      });
      return next;
    });
    deps.tenants.invalidate(ctx.tenant.id);
    return { settings };
  });

  registerEndpoint(app, api.getUserSettings, async (req) => ({
    settings: withoutTables(await userSettings(contextOf(req))),
  }));

  registerEndpoint(app, api.setUserSetting, async (req) => {
    const settings = await writeUserSettings(contextOf(req), (s) => ({ ...s, [req.body.key]: req.body.value }));
    return { settings: withoutTables(settings) };
  });

  registerEndpoint(app, api.removeUserSetting, async (req) => {
    const settings = await writeUserSettings(contextOf(req), (s) => {
      delete s[req.query.key];
      return s;
    });
    return { settings: withoutTables(settings) };
  });

  registerEndpoint(app, api.getUserTableSettings, async (req) => {
    const all = await userSettings(contextOf(req));
    const items = Object.entries(all)
      .filter(([k]) => k.startsWith(TABLE_PREFIX) && (!req.query.tableKey || k === TABLE_PREFIX + req.query.tableKey))
      .map(([k, v]) => ({
        tableKey: k.slice(TABLE_PREFIX.length),
        columns: JSON.parse(v) as UserTableSetting['columns'],
      }));
    return { items };
  });

  registerEndpoint(app, api.updateUserTableSetting, async (req) => {
    await writeUserSettings(contextOf(req), (s) => ({
      ...s,
      [TABLE_PREFIX + req.body.tableKey]: JSON.stringify(req.body.columns),
    }));
    return req.body;
  });
}
