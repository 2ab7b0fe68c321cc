import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { Permissions, SettingKey, SettingsMap, UserTableSetting, uuidv7 } from '@casebook/domain';
import type { Database } from '../../platform/db/database';
import { recordEntityChange } from '../../platform/db/audit';
import { tenants } from '../../platform/db/platform.schema';
import { contextOf, type RequestContext } from '../../platform/access/context';
import type { TenantDirectory } from '../../platform/access/tenant-directory';
import { notFound, errorResponses } from '../../platform/http/errors';
import { identityRepository as repo } from './identity.repository';

const TABLE_PREFIX = 'table:';
const errors = errorResponses;

/**
 * The spec's app/system-config calls: the tenant's settings (editable by administrators), each user's
 * own settings over them, and per-user table column choices. User settings live in the user's
 * `settings` map; table settings under keys `table:{tableKey}`.
 */
export function registerSystemConfigRoutes(
  app: FastifyInstance,
  deps: { database: Database; tenants: TenantDirectory },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database } = deps;
  const tags = ['System configuration'];
  const signedIn = { access: { authenticated: true } };

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

  r.get(
    '/api/app/system-config',
    { schema: { tags, summary: "The tenant's settings with the user's own over them" }, config: signedIn },
    async (req) => {
      const ctx = contextOf(req);
      return { settings: { ...ctx.tenant.settings, ...withoutTables(await userSettings(ctx)) } };
    },
  );

  r.get(
    '/api/app/system-config/getSetting',
    {
      schema: {
        tags,
        querystring: z.object({ key: SettingKey }),
        response: { 200: z.object({ key: z.string(), value: z.string().nullable() }), ...errors },
      },
      config: signedIn,
    },
    async (req) => {
      const ctx = contextOf(req);
      const mine = withoutTables(await userSettings(ctx));
      return { key: req.query.key, value: mine[req.query.key] ?? ctx.tenant.settings[req.query.key] ?? null };
    },
  );

  r.put(
    '/api/app/system-config',
    {
      schema: {
        tags,
        summary: "Change the tenant's settings (keys given are set; others are kept)",
        body: z.strictObject({ settings: SettingsMap }),
        response: { 200: z.object({ settings: SettingsMap }), ...errors },
      },
      config: { access: { permission: Permissions.systemConfig.update } },
    },
    async (req) => {
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
    },
  );

  r.get(
    '/api/app/system-config/userSettings',
    { schema: { tags, summary: "The user's own settings" }, config: signedIn },
    async (req) => ({
      settings: withoutTables(await userSettings(contextOf(req))),
    }),
  );

  r.put(
    '/api/app/system-config/userSetting',
    {
      schema: {
        tags,
        body: z.strictObject({ key: SettingKey, value: z.string().max(4000) }),
        response: { 200: z.object({ settings: SettingsMap }), ...errors },
      },
      config: signedIn,
    },
    async (req) => {
      const settings = await writeUserSettings(contextOf(req), (s) => ({ ...s, [req.body.key]: req.body.value }));
      return { settings: withoutTables(settings) };
    },
  );

  r.delete(
    '/api/app/system-config/removeCurrentUserSetting',
    {
      schema: {
        tags,
        querystring: z.object({ key: SettingKey }),
        response: { 200: z.object({ settings: SettingsMap }), ...errors },
      },
      config: signedIn,
    },
    async (req) => {
      const settings = await writeUserSettings(contextOf(req), (s) => {
        delete s[req.query.key];
        return s;
      });
      return { settings: withoutTables(settings) };
    },
  );

  r.get(
    '/api/app/system-config/userTableSettings',
    {
      schema: {
        tags,
        querystring: z.object({ tableKey: z.string().max(100).optional() }),
        response: { 200: z.object({ items: z.array(UserTableSetting) }), ...errors },
      },
      config: signedIn,
    },
    async (req) => {
      const all = await userSettings(contextOf(req));
      const items = Object.entries(all)
        .filter(([k]) => k.startsWith(TABLE_PREFIX) && (!req.query.tableKey || k === TABLE_PREFIX + req.query.tableKey))
        .map(([k, v]) => ({
          tableKey: k.slice(TABLE_PREFIX.length),
          columns: JSON.parse(v) as UserTableSetting['columns'],
        }));
      return { items };
    },
  );

  r.put(
    '/api/app/system-config/updateUserTableSetting',
    { schema: { tags, body: UserTableSetting, response: { 200: UserTableSetting, ...errors } }, config: signedIn },
    async (req) => {
      await writeUserSettings(contextOf(req), (s) => ({
        ...s,
        [TABLE_PREFIX + req.body.tableKey]: JSON.stringify(req.body.columns),
      }));
      return req.body;
    },
  );
}
