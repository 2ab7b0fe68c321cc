import type { FastifyInstance } from 'fastify';
import { and, arrayOverlaps, asc, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import { SystemUpdateEndpoints as api, uuidv7, type SystemUpdateDto, type SystemUpdateSendDto } from '@casebook/domain';
import type { Database, Tx } from '../../platform/db/database';
import { recordEntityChange } from '../../platform/db/audit';
import { tenants } from '../../platform/db/platform.schema';
import { contextOf } from '../../platform/access/context';
import { businessRule, invalidField, notFound } from '../../platform/http/errors';
import { registerEndpoint } from '../../platform/http/endpoints';
import { escapeHtml } from '../../platform/html';
import { users } from '../identity/identity.schema';
import { enqueueMail } from '../correspondence/outbox';
import { systemUpdateSends, systemUpdates } from './system-updates.schema';

type Row = typeof systemUpdates.$inferSelect;
type SendRow = typeof systemUpdateSends.$inferSelect;

async function toDtos(tx: Tx, rows: Row[]): Promise<SystemUpdateDto[]> {
  const ids = rows.map((r) => r.id);
  const sends = new Map(
    ids.length === 0
      ? []
      : (
          await tx
            .select({ id: systemUpdateSends.systemUpdateId, n: count(), last: max(systemUpdateSends.sentAt) })
            .from(systemUpdateSends)
            .where(inArray(systemUpdateSends.systemUpdateId, ids))
            .groupBy(systemUpdateSends.systemUpdateId)
        ).map((s) => [s.id, s]),
  );
  return rows.map((r) => ({
    id: r.id,
    version: r.version,
    title: r.title,
    content: r.content,
    publishedAt: r.publishedAt?.toISOString() ?? null,
    creationTime: r.creationTime.toISOString(),
    lastSentAt: sends.get(r.id)?.last?.toISOString() ?? null,
    sendCount: sends.get(r.id)?.n ?? 0,
  }));
}

const toSendDto = (s: SendRow): SystemUpdateSendDto => ({
  id: s.id,
  systemUpdateId: s.systemUpdateId,
  sentAt: s.sentAt.toISOString(),
  sentByName: s.sentByName,
  tenantCount: s.tenantCount,
  recipients: s.recipients.map(({ tenantId, tenantName, email }) => ({ tenantId, tenantName, email })),
});

/** The e-mail of an update: its version and title, then its paragraphs. */
export function systemUpdateMail(update: Pick<Row, 'version' | 'title' | 'content'>): {
  subject: string;
  html: string;
} {
  const paragraphs = update.content
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`);
  return {
    subject: `Product update ${update.version}: ${update.title}`,
    html: `<h2>${escapeHtml(update.title)}</h2><p><strong>Version ${escapeHtml(update.version)}</strong></p>${paragraphs.join('')}<p>You can read every update under Account → Product Updates.</p>`,
  };
}

/**
 * app/system-update (host only): the host's system updates, written as drafts or published (published ones
 * are every user's Product Updates), and sent by e-mail to the tenant admins of every active tenant or of the
 * tenants named, with the history of sends (decision 0116). The table is shared reference data written by the
 * owner's connection; each message goes to its tenant's outbox in the same transaction as the send's record.
 */
export function registerSystemUpdateRoutes(app: FastifyInstance, database: Database) {
  registerEndpoint(app, api.listSystemUpdates, async (req) =>
    database.withSystem(async (tx) => {
      const rows = await tx
        .select()
        .from(systemUpdates)
        .orderBy(
          sql`${systemUpdates.publishedAt} desc nulls first`,
          desc(systemUpdates.creationTime),
          desc(systemUpdates.id),
        )
        .limit(req.query.maxResultCount)
        .offset(req.query.skipCount);
      const [total] = await tx.select({ n: count() }).from(systemUpdates);
      return { totalCount: total?.n ?? 0, items: await toDtos(tx, rows) };
    }),
  );

  const load = async (tx: Tx, id: string, lock = false) => {
    const q = tx.select().from(systemUpdates).where(eq(systemUpdates.id, id));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw notFound('The system update');
    return row;
  };
  const audited = (r: Row) => ({
    version: r.version,
    title: r.title,
    content: r.content,
    publishedAt: r.publishedAt?.toISOString() ?? null,
  });

  registerEndpoint(app, api.getSystemUpdate, async (req) =>
    database.withSystem(async (tx) => (await toDtos(tx, [await load(tx, req.params.id)]))[0]!),
  );

  registerEndpoint(app, api.createSystemUpdate, async (req) => {
    const ctx = contextOf(req);
    const b = req.body;
    return database.withSystem(async (tx) => {
      const [row] = await tx
        .insert(systemUpdates)
        .values({
          id: uuidv7(),
          version: b.version,
          title: b.title,
          content: b.content,
          publishedAt: b.publish ? new Date() : null,
        })
        .returning();
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'SystemUpdate',
        entityId: row!.id,
        changeType: 'Created',
        before: null,
        after: audited(row!),
      });
      return (await toDtos(tx, [row!]))[0]!;
    });
  });

  registerEndpoint(app, api.updateSystemUpdate, async (req) => {
    const ctx = contextOf(req);
    const b = req.body;
    return database.withSystem(async (tx) => {
      const before = await load(tx, req.params.id, true);
      const [after] = await tx
        .update(systemUpdates)
        .set({
          version: b.version,
          title: b.title,
          content: b.content,
          // Publishing again keeps the first publication date: users saw it then.
          publishedAt: b.publish ? (before.publishedAt ?? new Date()) : null,
        })
        .where(eq(systemUpdates.id, before.id))
        .returning();
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'SystemUpdate',
        entityId: before.id,
        changeType: 'Updated',
        before: audited(before),
        after: audited(after!),
      });
      return (await toDtos(tx, [after!]))[0]!;
    });
  });

  registerEndpoint(app, api.sendSystemUpdateEmail, async (req) => {
    const ctx = contextOf(req);
    const named = [...new Set(req.body.tenantIds)];
    return database.withSystem(async (tx) => {
      const update = await load(tx, req.params.id);
      if (!update.publishedAt) throw businessRule('Publish the update before sending it by e-mail.');
      const targets = await tx
        .select({ id: tenants.id, name: tenants.name })
        .from(tenants)
        .where(
          and(
            eq(tenants.isHost, false),
            eq(tenants.isActive, true),
            named.length > 0 ? inArray(tenants.id, named) : undefined,
          ),
        )
        .orderBy(asc(tenants.name));
      if (named.length > 0 && targets.length !== named.length) {
        throw invalidField('tenantIds', 'A tenant named is not an active tenant.');
      }
      const admins =
        targets.length === 0
          ? []
          : await tx
              .select({ tenantId: users.tenantId, email: users.email })
              .from(users)
              .where(
                and(
                  inArray(
                    users.tenantId,
                    targets.map((t) => t.id),
                  ),
                  arrayOverlaps(users.roles, ['TENANT_ADMIN']),
                  eq(users.isActive, true),
                  eq(users.isDeleted, false),
                ),
              )
              .orderBy(asc(users.email));
      if (admins.length === 0) throw businessRule('No tenant admin of the tenants chosen has an e-mail address.');
      const names = new Map(targets.map((t) => [t.id, t.name]));
      const mail = systemUpdateMail(update);
      const recipients: SendRow['recipients'] = [];
      for (const admin of admins) {
        const mailId = await enqueueMail(tx, admin.tenantId, {
          to: admin.email,
          subject: mail.subject,
          html: mail.html,
          fromModule: 'SystemUpdate',
          objectId: update.id,
          objectReference: update.version,
          category: 'System update',
          creatorId: ctx.actor.userId,
        });
        recipients.push({
          tenantId: admin.tenantId,
          tenantName: names.get(admin.tenantId)!,
          email: admin.email,
          mailId,
        });
      }
      const [send] = await tx
        .insert(systemUpdateSends)
        .values({
          id: uuidv7(),
          systemUpdateId: update.id,
          sentBy: ctx.actor.userId!,
          sentByName: ctx.actor.userName ?? 'Host administrator',
          tenantCount: new Set(admins.map((a) => a.tenantId)).size,
          recipients,
        })
        .returning();
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'SystemUpdate',
        entityId: update.id,
        changeType: 'Updated',
        before: null,
        after: { sentByEmail: `${recipients.length} recipients in ${send!.tenantCount} tenants` },
      });
      return toSendDto(send!);
    });
  });

  registerEndpoint(app, api.systemUpdateHistory, async (req) =>
    database.withSystem(async (tx) => {
      await load(tx, req.params.id);
      const rows = await tx
        .select()
        .from(systemUpdateSends)
        .where(eq(systemUpdateSends.systemUpdateId, req.params.id))
        .orderBy(desc(systemUpdateSends.sentAt), desc(systemUpdateSends.id));
      return rows.map(toSendDto);
    }),
  );
}
