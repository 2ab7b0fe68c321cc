import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { SystemErrorEndpoints as api, uuidv7, type SystemErrorDto } from '@casebook/domain';
import type { Database, Tx } from '../../platform/db/database';
import { recordEntityChange } from '../../platform/db/audit';
import { tenants } from '../../platform/db/platform.schema';
import { contextOf } from '../../platform/access/context';
import { businessRule, notFound } from '../../platform/http/errors';
import { registerEndpoint } from '../../platform/http/endpoints';
import { withoutQueryValues } from '../../platform/http/logging';
import { likePattern } from '../../platform/resources/resource.repository';
import { systemErrors } from './system-errors.schema';

/** Longest stack kept: the frames that say where, not a whole async chain. */
const STACK_LIMIT = 4_000;
const MESSAGE_LIMIT = 1_000;

type Row = typeof systemErrors.$inferSelect;

/**
 * Keeps a server failure for the host's System errors screen. The request's path is kept without its query
 * (which may carry search text); ids in the path are generalised for the fingerprint, so one fault on every
 * case is one row. Written outside the failed request's transaction, after it; a failure to write is only
 * logged: reporting an error never causes another answer.
 */
export async function recordSystemError(database: Database, error: unknown, request: FastifyRequest): Promise<void> {
  const err = error instanceof Error ? error : new Error(String(error));
  const path = request.url.split('?')[0] ?? request.url;
  const route =
    request.routeOptions?.url ?? path.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ':id');
  const errorType = err.constructor?.name && err.constructor.name !== 'Object' ? err.constructor.name : 'Error';
  const cause = err.cause instanceof Error ? err.cause : undefined;
  const message = (
    withoutQueryValues(err.message) + (cause ? `\nCause: ${withoutQueryValues(cause.message)}` : '')
  ).slice(0, MESSAGE_LIMIT);
  const fingerprint = createHash('sha256').update(`${errorType}\n${message}\n${request.method} ${route}`).digest('hex');
  const context = request.casebook;
  const now = new Date();
  try {
    await database.withSystem((tx) =>
      tx
        .insert(systemErrors)
        .values({
          id: uuidv7(),
          fingerprint,
          tenantId: context?.tenant.id ?? null,
          userId: context?.actor.userId ?? null,
          method: request.method,
          path,
          errorType,
          message,
          stack: withoutQueryValues(err.stack ?? '').slice(0, STACK_LIMIT),
          requestId: String(request.id),
          firstSeen: now,
          lastSeen: now,
        })
        .onConflictDoUpdate({
          target: systemErrors.fingerprint,
          targetWhere: sql`not ${systemErrors.isResolved}`,
          set: {
            occurrences: sql`${systemErrors.occurrences} + 1`,
            lastSeen: now,
            path,
            requestId: String(request.id),
            tenantId: context?.tenant.id ?? null,
            userId: context?.actor.userId ?? null,
          },
        }),
    );
  } catch (writeError) {
    request.log.error({ err: writeError }, 'the system error could not be kept');
  }
}

async function toDtos(tx: Tx, rows: Row[]): Promise<SystemErrorDto[]> {
  const tenantIds = [...new Set(rows.map((r) => r.tenantId).filter((id): id is string => id !== null))];
  const names = new Map(
    tenantIds.length === 0
      ? []
      : (
          await tx.select({ id: tenants.id, name: tenants.name }).from(tenants).where(inArray(tenants.id, tenantIds))
        ).map((t) => [t.id, t.name]),
  );
  return rows.map((r) => ({
    id: r.id,
    tenantId: r.tenantId,
    tenantName: r.tenantId ? (names.get(r.tenantId) ?? null) : null,
    method: r.method,
    path: r.path,
    errorType: r.errorType,
    message: r.message,
    stack: r.stack,
    requestId: r.requestId,
    userId: r.userId,
    occurrences: r.occurrences,
    firstSeen: r.firstSeen.toISOString(),
    lastSeen: r.lastSeen.toISOString(),
    isResolved: r.isResolved,
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
    resolvedByName: r.resolvedByName,
  }));
}

/** app/system-error: the host's list, one error, markAsResolved and markAsUnresolved (audited). */
export function registerSystemErrorRoutes(app: FastifyInstance, database: Database) {
  registerEndpoint(app, api.listSystemErrors, async (req) => {
    const q = req.query;
    const text = q.filterText?.trim();
    const where = and(
      q.isResolved === undefined ? undefined : eq(systemErrors.isResolved, q.isResolved),
      text
        ? or(
            ilike(systemErrors.message, likePattern(text)),
            ilike(systemErrors.path, likePattern(text)),
            ilike(systemErrors.errorType, likePattern(text)),
          )
        : undefined,
    );
    return database.withSystem(async (tx) => {
      const rows = await tx
        .select()
        .from(systemErrors)
        .where(where)
        .orderBy(desc(systemErrors.lastSeen), desc(systemErrors.id))
        .limit(q.maxResultCount)
        .offset(q.skipCount);
      const [total] = await tx
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(systemErrors)
        .where(where);
      return { totalCount: total?.n ?? 0, items: await toDtos(tx, rows) };
    });
  });

  const load = async (tx: Tx, id: string, lock = false) => {
    const q = tx.select().from(systemErrors).where(eq(systemErrors.id, id));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw notFound('The system error');
    return row;
  };

  registerEndpoint(app, api.getSystemError, async (req) =>
    database.withSystem(async (tx) => (await toDtos(tx, [await load(tx, req.params.id)]))[0]!),
  );

  const mark = (resolved: boolean) => async (req: FastifyRequest<{ Params: { id: string } }>) => {
    const ctx = contextOf(req);
    return database.withSystem(async (tx) => {
      const before = await load(tx, req.params.id, true);
      if (before.isResolved === resolved) return (await toDtos(tx, [before]))[0]!;
      if (!resolved) {
        // The same fault came back after it was resolved and is open again as its own entry.
        const [open] = await tx
          .select({ id: systemErrors.id })
          .from(systemErrors)
          .where(and(eq(systemErrors.fingerprint, before.fingerprint), eq(systemErrors.isResolved, false)));
        if (open) throw businessRule('This error has happened again since and is open as a newer entry.');
      }
      const [after] = await tx
        .update(systemErrors)
        .set(
          resolved
            ? {
                isResolved: true,
                resolvedAt: new Date(),
                resolvedBy: ctx.actor.userId,
                resolvedByName: ctx.actor.userName,
              }
            : { isResolved: false, resolvedAt: null, resolvedBy: null, resolvedByName: null },
        )
        .where(eq(systemErrors.id, before.id))
        .returning();
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'SystemError',
        entityId: before.id,
        changeType: 'Updated',
        before: { isResolved: before.isResolved },
        after: { isResolved: after!.isResolved },
      });
      return (await toDtos(tx, [after!]))[0]!;
    });
  };
  registerEndpoint(app, api.markAsResolved, mark(true));
  registerEndpoint(app, api.markAsUnresolved, mark(false));
}
