import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  AUSTRALIAN_GST,
  BillingSettingEndpoints,
  calculateSubscription,
  formatIsoDate,
  formatMoney,
  formatYearMonth,
  addDays,
  addMonths,
  SystemInvoiceEndpoints,
  TENANT_VISIBLE_STATUSES,
  TenantInvoiceEndpoints,
  todayIn,
  uuidv7,
  type BillingSettingDto,
  type SystemInvoiceDto,
  type SystemInvoiceListInput,
  type SystemInvoiceStatus,
} from '@casebook/domain';
import { contextOf, type RequestContext } from '../../platform/access/context';
import { recordEntityChange } from '../../platform/db/audit';
import type { Database, Tx } from '../../platform/db/database';
import { tenants } from '../../platform/db/platform.schema';
import { nextInSeries } from '../../platform/db/series';
import { AppError, concurrencyConflict, invalidField, notFound } from '../../platform/http/errors';
import { registerEndpoint } from '../../platform/http/endpoints';
import { likePattern } from '../../platform/resources/resource.repository';
import { enqueueMail } from '../correspondence/outbox';
import { sendPdf } from '../invoices/invoices.routes';
import { activeAccounts, activeClients } from '../statistics/statistics.routes';
import { billingSettings, systemInvoiceCounters, systemInvoices } from './subscription.schema';
import { systemInvoicePdf } from './system-invoice-pdf';

type SettingRow = typeof billingSettings.$inferSelect;
type InvoiceRow = typeof systemInvoices.$inferSelect;

/** The rates of a tenant the host has not priced yet: nothing charged, GST 10%, billed on the 1st. */
const DEFAULT_RATES = {
  monthlyBaseFeeCents: 0,
  perActiveAccountCents: 0,
  perActiveClientCents: 0,
  gstBasisPoints: AUSTRALIAN_GST[0]!.basisPoints,
  billingDay: 1,
  paymentTermsDays: 14,
  billingEmail: null,
  isActive: true,
};

function settingDto(tenant: { id: string; name: string }, row: SettingRow | undefined): BillingSettingDto {
  return {
    tenantId: tenant.id,
    tenantName: tenant.name,
    currency: 'AUD',
    ...(row
      ? {
          monthlyBaseFeeCents: row.monthlyBaseFeeCents,
          perActiveAccountCents: row.perActiveAccountCents,
          perActiveClientCents: row.perActiveClientCents,
          gstBasisPoints: row.gstBasisPoints,
          billingDay: row.billingDay,
          paymentTermsDays: row.paymentTermsDays,
          billingEmail: row.billingEmail,
          isActive: row.isActive,
        }
      : DEFAULT_RATES),
    concurrencyStamp: row?.concurrencyStamp ?? null,
    lastModificationTime: (row?.lastModificationTime ?? row?.creationTime)?.toISOString() ?? null,
  };
}

function invoiceDto(row: InvoiceRow, tenantName: string): SystemInvoiceDto {
  return {
    id: row.id,
    tenantId: row.tenantId,
    tenantName,
    invoiceNo: row.invoiceNo,
    month: row.month,
    invoiceDate: row.invoiceDate,
    dueDate: row.dueDate,
    status: row.status,
    currency: 'AUD',
    activeAccounts: row.activeAccounts,
    activeClients: row.activeClients,
    lines: row.lines,
    subtotalCents: row.subtotalCents,
    gstBasisPoints: row.gstBasisPoints,
    gstCents: row.gstCents,
    totalCents: row.totalCents,
    billingEmail: row.billingEmail,
    sentAt: row.sentAt?.toISOString() ?? null,
    paidDate: row.paidDate,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancelReason: row.cancelReason,
    creationTime: row.creationTime.toISOString(),
  };
}

/** A transition the invoice's status does not allow: 400 about `status`, with what to do instead. */
const refused = (message: string) => new AppError('Casebook:Validation', message, [{ message, members: ['status'] }]);

const AUDITED = [
  'status',
  'invoiceNo',
  'month',
  'subtotalCents',
  'gstCents',
  'totalCents',
  'sentAt',
  'paidDate',
  'cancelReason',
] as const;
const audited = (row: InvoiceRow | null) =>
  row
    ? Object.fromEntries(
        AUDITED.map((k) => [k, row[k] instanceof Date ? (row[k] as Date).toISOString() : (row[k] as unknown)]),
      )
    : null;

/**
 * Tenant billing rates, tenant invoices and the host's system-invoice actions (decision 0132). A tenant
 * works in its own transaction (row-level security shows its own rows); the host reaches every tenant's
 * through the system connection, and is the only one that writes.
 */
export function registerSubscriptionRoutes(app: FastifyInstance, database: Database): void {
  const tenantNames = async (tx: Tx, ids: string[]) =>
    new Map(
      ids.length === 0
        ? []
        : (
            await tx
              .select({ id: tenants.id, name: tenants.name })
              .from(tenants)
              .where(inArray(tenants.id, [...new Set(ids)]))
          ).map((t) => [t.id, t.name]),
    );

  /** A billed tenant the host names: not the host, and existing; else 404. */
  const billedTenant = async (tx: Tx, id: string) => {
    const [t] = await tx
      .select({ id: tenants.id, name: tenants.name, isHost: tenants.isHost, timezone: tenants.timezone })
      .from(tenants)
      .where(eq(tenants.id, id));
    if (!t || t.isHost) throw notFound('The tenant');
    return t;
  };

  // --- billing-setting ---

  registerEndpoint(app, BillingSettingEndpoints.listBillingSettings, async (req) => {
    const ctx = contextOf(req);
    const q = req.query;
    if (!ctx.tenant.isHost) {
      const row = await database.withTenant(ctx.tenant.id, async (tx) => {
        const [r] = await tx.select().from(billingSettings).where(eq(billingSettings.tenantId, ctx.tenant.id));
        return r;
      });
      return { totalCount: 1, items: q.skipCount > 0 ? [] : [settingDto(ctx.tenant, row)] };
    }
    return database.withSystem(async (tx) => {
      const text = q.filterText?.trim();
      const where = and(eq(tenants.isHost, false), text ? ilike(tenants.name, likePattern(text)) : undefined);
      const list = await tx
        .select({ id: tenants.id, name: tenants.name })
        .from(tenants)
        .where(where)
        .orderBy(asc(tenants.name))
        .limit(q.maxResultCount)
        .offset(q.skipCount);
      const [total] = await tx
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(tenants)
        .where(where);
      const rows =
        list.length === 0
          ? []
          : await tx
              .select()
              .from(billingSettings)
              .where(
                inArray(
                  billingSettings.tenantId,
                  list.map((t) => t.id),
                ),
              );
      const byTenant = new Map(rows.map((r) => [r.tenantId, r]));
      return { totalCount: total?.n ?? 0, items: list.map((t) => settingDto(t, byTenant.get(t.id))) };
    });
  });

  registerEndpoint(app, BillingSettingEndpoints.getBillingSetting, async (req) => {
    const ctx = contextOf(req);
    const { tenantId } = req.params;
    if (!ctx.tenant.isHost) {
      // Another tenant's rates are not there for this caller.
      if (tenantId !== ctx.tenant.id) throw notFound('The billing setting');
      return database.withTenant(ctx.tenant.id, async (tx) => {
        const [r] = await tx.select().from(billingSettings).where(eq(billingSettings.tenantId, tenantId));
        return settingDto(ctx.tenant, r);
      });
    }
    return database.withSystem(async (tx) => {
      const t = await billedTenant(tx, tenantId);
      const [r] = await tx.select().from(billingSettings).where(eq(billingSettings.tenantId, tenantId));
      return settingDto(t, r);
    });
  });

  registerEndpoint(app, BillingSettingEndpoints.updateBillingSetting, async (req) => {
    const ctx = contextOf(req);
    const { tenantId } = req.params;
    const { concurrencyStamp, ...values } = req.body;
    return database.withSystem(async (tx) => {
      const t = await billedTenant(tx, tenantId);
      const [before] = await tx
        .select()
        .from(billingSettings)
        .where(eq(billingSettings.tenantId, tenantId))
        .for('update');
      if ((before?.concurrencyStamp ?? null) !== concurrencyStamp) throw concurrencyConflict();
      const stamp = uuidv7();
      const [after] = before
        ? await tx
            .update(billingSettings)
            .set({
              ...values,
              concurrencyStamp: stamp,
              lastModificationTime: new Date(),
              lastModifierId: ctx.actor.userId,
            })
            .where(eq(billingSettings.tenantId, tenantId))
            .returning()
        : await tx
            .insert(billingSettings)
            .values({ ...values, tenantId, id: tenantId, concurrencyStamp: stamp, creatorId: ctx.actor.userId })
            .returning();
      const pick = (r: SettingRow | undefined) =>
        r
          ? {
              monthlyBaseFeeCents: r.monthlyBaseFeeCents,
              perActiveAccountCents: r.perActiveAccountCents,
              perActiveClientCents: r.perActiveClientCents,
              gstBasisPoints: r.gstBasisPoints,
              billingDay: r.billingDay,
              paymentTermsDays: r.paymentTermsDays,
              billingEmail: r.billingEmail,
              isActive: r.isActive,
            }
          : null;
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'BillingSetting',
        entityId: tenantId,
        changeType: before ? 'Updated' : 'Created',
        before: pick(before),
        after: pick(after),
      });
      return settingDto(t, after);
    });
  });

  // --- tenant-invoice ---

  const listWhere = (ctx: RequestContext, q: SystemInvoiceListInput): SQL | undefined =>
    and(
      ctx.tenant.isHost ? undefined : inArray(systemInvoices.status, [...TENANT_VISIBLE_STATUSES]),
      q.tenantId ? eq(systemInvoices.tenantId, q.tenantId) : undefined,
      q.status ? eq(systemInvoices.status, q.status) : undefined,
      q.filterText?.trim() ? ilike(systemInvoices.invoiceNo, likePattern(q.filterText.trim())) : undefined,
    );

  /** Runs in the caller's reach: a tenant its own rows (RLS), the host every tenant's. */
  const inReach = <T>(ctx: RequestContext, fn: (tx: Tx) => Promise<T>) =>
    ctx.tenant.isHost ? database.withSystem(fn) : database.withTenant(ctx.tenant.id, fn);

  registerEndpoint(app, TenantInvoiceEndpoints.listTenantInvoices, async (req) => {
    const ctx = contextOf(req);
    const q = req.query;
    return inReach(ctx, async (tx) => {
      const where = listWhere(ctx, q);
      const rows = await tx
        .select()
        .from(systemInvoices)
        .where(where)
        .orderBy(desc(systemInvoices.invoiceNumber))
        .limit(q.maxResultCount)
        .offset(q.skipCount);
      const [total] = await tx
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(systemInvoices)
        .where(where);
      const names = await tenantNames(
        tx,
        rows.map((r) => r.tenantId),
      );
      return { totalCount: total?.n ?? 0, items: rows.map((r) => invoiceDto(r, names.get(r.tenantId) ?? '')) };
    });
  });

  /** One invoice the caller may see: a tenant its own sent ones; anything else is a 404. */
  const loadVisible = async (ctx: RequestContext, tx: Tx, id: string, lock = false) => {
    const query = tx
      .select()
      .from(systemInvoices)
      .where(
        and(
          eq(systemInvoices.id, id),
          ctx.tenant.isHost ? undefined : inArray(systemInvoices.status, [...TENANT_VISIBLE_STATUSES]),
        ),
      );
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound('The invoice');
    return row;
  };
  const withName = async (tx: Tx, row: InvoiceRow) =>
    invoiceDto(row, (await tenantNames(tx, [row.tenantId])).get(row.tenantId) ?? '');

  registerEndpoint(app, TenantInvoiceEndpoints.getTenantInvoice, async (req) => {
    const ctx = contextOf(req);
    return inReach(ctx, async (tx) => withName(tx, await loadVisible(ctx, tx, req.params.id)));
  });

  const pdfOf = async (ctx: RequestContext, id: string) => {
    const dto = await inReach(ctx, async (tx) => withName(tx, await loadVisible(ctx, tx, id)));
    const host = await database.withSystem(async (tx) => {
      const [h] = await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.isHost, true));
      return h?.name ?? 'Casebook';
    });
    return { dto, bytes: await systemInvoicePdf(dto, host) };
  };
  registerEndpoint(app, TenantInvoiceEndpoints.downloadTenantInvoice, async (req, reply) => {
    const { dto, bytes } = await pdfOf(contextOf(req), req.params.id);
    return sendPdf(reply, `${dto.invoiceNo}.pdf`, bytes);
  });

  // --- system-invoice (host) ---

  registerEndpoint(app, SystemInvoiceEndpoints.calculate, async (req) => {
    const ctx = contextOf(req);
    const { tenantId, month } = req.body;
    const target = await database.withSystem((tx) => billedTenant(tx, tenantId));
    const today = todayIn(ctx.tenant.timezone);
    const thisMonth = formatIsoDate({ ...today, day: 1 }).slice(0, 7);
    if (month >= thisMonth) throw invalidField('month', 'month must be a month that has ended');
    // The counts are the statistics' own, read in the tenant's transaction (its rows only).
    const counts = await database.withTenantRead(target.id, async (tx) => ({
      activeAccounts: (await activeAccounts(tx, target.timezone, [month])).get(month) ?? 0,
      activeClients: (await activeClients(tx, target.timezone, [month])).get(month) ?? 0,
    }));
    return database.withSystem(async (tx) => {
      const [setting] = await tx.select().from(billingSettings).where(eq(billingSettings.tenantId, tenantId));
      if (!setting) throw invalidField('tenantId', `${target.name} has no billing rates yet; set them first.`);
      const existing = await tx
        .select()
        .from(systemInvoices)
        .where(
          and(
            eq(systemInvoices.tenantId, tenantId),
            eq(systemInvoices.month, month),
            ne(systemInvoices.status, 'Cancelled'),
          ),
        )
        .for('update');
      const issued = existing.find((r) => r.status !== 'Draft');
      if (issued) {
        throw invalidField(
          'month',
          `${target.name} already has invoice ${issued.invoiceNo} (${issued.status}) for ${formatYearMonth(month)}.`,
        );
      }
      const amounts = calculateSubscription(setting, counts);
      const [y, m] = month.split('-').map(Number) as [number, number];
      const invoiceDate = addMonths({ year: y, month: m, day: setting.billingDay }, 1);
      const values = {
        ...counts,
        ...amounts,
        gstBasisPoints: setting.gstBasisPoints,
        invoiceDate: formatIsoDate(invoiceDate),
        dueDate: formatIsoDate(addDays(invoiceDate, setting.paymentTermsDays)),
        billingEmail: setting.billingEmail,
      };
      const draft = existing[0];
      let after: InvoiceRow;
      if (draft) {
        // A draft is calculated again in place: it keeps its number.
        [after] = (await tx
          .update(systemInvoices)
          .set({
            ...values,
            concurrencyStamp: uuidv7(),
            lastModificationTime: new Date(),
            lastModifierId: ctx.actor.userId,
          })
          .where(eq(systemInvoices.id, draft.id))
          .returning()) as [InvoiceRow];
      } else {
        const n = await nextInSeries(tx, systemInvoiceCounters, ctx.tenant.id);
        [after] = (await tx
          .insert(systemInvoices)
          .values({
            ...values,
            tenantId,
            id: uuidv7(),
            invoiceNumber: n,
            invoiceNo: `SI-${String(n).padStart(6, '0')}`,
            month,
            status: 'Draft',
            concurrencyStamp: uuidv7(),
            creatorId: ctx.actor.userId,
          })
          .returning()) as [InvoiceRow];
      }
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'SystemInvoice',
        entityId: after.id,
        changeType: draft ? 'Updated' : 'Created',
        before: audited(draft ?? null),
        after: audited(after),
      });
      return invoiceDto(after, target.name);
    });
  });

  registerEndpoint(app, SystemInvoiceEndpoints.preview, async (req, reply) => {
    const { dto, bytes } = await pdfOf(contextOf(req), req.params.id);
    return sendPdf(reply, `${dto.invoiceNo}.pdf`, bytes);
  });

  /** Moves an invoice on in one transaction with its audit row; `check` refuses what its status does not allow. */
  const transition = async (
    ctx: RequestContext,
    id: string,
    check: (row: InvoiceRow) => void,
    change: (row: InvoiceRow) => Partial<typeof systemInvoices.$inferInsert>,
    after?: (tx: Tx, row: InvoiceRow, name: string) => Promise<void>,
  ) =>
    database.withSystem(async (tx) => {
      const before = await loadVisible(ctx, tx, id, true);
      check(before);
      const [row] = (await tx
        .update(systemInvoices)
        .set({
          ...change(before),
          concurrencyStamp: uuidv7(),
          lastModificationTime: new Date(),
          lastModifierId: ctx.actor.userId,
        })
        .where(eq(systemInvoices.id, id))
        .returning()) as [InvoiceRow];
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'SystemInvoice',
        entityId: id,
        changeType: 'Updated',
        before: audited(before),
        after: audited(row),
      });
      const name = (await tenantNames(tx, [row.tenantId])).get(row.tenantId) ?? '';
      if (after) await after(tx, row, name);
      return invoiceDto(row, name);
    });

  const not = (row: InvoiceRow, statuses: SystemInvoiceStatus[], message: string) => {
    if (statuses.includes(row.status)) throw refused(message.replace('{no}', row.invoiceNo));
  };

  registerEndpoint(app, SystemInvoiceEndpoints.sendInvoice, async (req) => {
    const ctx = contextOf(req);
    const host = ctx.tenant.name;
    return transition(
      ctx,
      req.params.id,
      (row) => {
        not(row, ['Paid'], 'Invoice {no} is paid; it is not sent again.');
        not(row, ['Cancelled'], 'Invoice {no} is cancelled; it cannot be sent.');
      },
      () => ({ status: 'Sent', sentAt: new Date() }),
      async (tx, row, name) => {
        const [setting] = await tx
          .select({ email: billingSettings.billingEmail })
          .from(billingSettings)
          .where(eq(billingSettings.tenantId, row.tenantId));
        const to = setting?.email ?? row.billingEmail;
        if (!to) throw invalidField('billingEmail', `${name} has no billing e-mail; set it in Tenant Billing Rates.`);
        if (to !== row.billingEmail)
          await tx.update(systemInvoices).set({ billingEmail: to }).where(eq(systemInvoices.id, row.id));
        const dto = invoiceDto({ ...row, billingEmail: to }, name);
        const total = formatMoney(dto.totalCents, 'AUD');
        const outboxId = await enqueueMail(tx, ctx.tenant.id, {
          to,
          subject: `Invoice ${dto.invoiceNo} from ${host} for ${formatYearMonth(dto.month)}`,
          html:
            `<p>Dear ${escapeHtml(name)},</p><p>Please find attached invoice ${dto.invoiceNo} for the subscription in ` +
            `${formatYearMonth(dto.month)}: ${total} including GST, due on ${dto.dueDate}.</p><p>${escapeHtml(host)}</p>`,
          fromModule: 'SYSTEM_INVOICE',
          objectId: row.id,
          objectReference: dto.invoiceNo,
          category: 'SYSTEM_INVOICE',
          creatorId: ctx.principal.userId,
          attachments: [
            {
              fileName: `${dto.invoiceNo}.pdf`,
              contentType: 'application/pdf',
              content: await systemInvoicePdf(dto, host),
            },
          ],
        });
        await recordEntityChange(tx, ctx.actor, {
          entityType: 'SystemInvoiceEmail',
          entityId: outboxId,
          changeType: 'Created',
          before: null,
          after: { invoiceId: row.id, invoiceNo: row.invoiceNo, recipient: to, totalCents: row.totalCents },
        });
      },
    );
  });

  registerEndpoint(app, SystemInvoiceEndpoints.markAsPaid, async (req) => {
    const ctx = contextOf(req);
    return transition(
      ctx,
      req.params.id,
      (row) => {
        not(row, ['Draft'], 'Invoice {no} is a draft; send it before marking it paid.');
        not(row, ['Paid'], 'Invoice {no} is already paid.');
        not(row, ['Cancelled'], 'Invoice {no} is cancelled; it cannot be marked paid.');
        if (req.body.paidDate < row.invoiceDate) {
          throw invalidField('paidDate', 'paidDate may not be before the invoice date');
        }
      },
      () => ({ status: 'Paid', paidDate: req.body.paidDate }),
    );
  });

  registerEndpoint(app, SystemInvoiceEndpoints.cancelInvoice, async (req) => {
    const ctx = contextOf(req);
    return transition(
      ctx,
      req.params.id,
      (row) => {
        not(row, ['Paid'], 'Invoice {no} is paid; a paid invoice cannot be cancelled.');
        not(row, ['Cancelled'], 'Invoice {no} is already cancelled.');
      },
      () => ({ status: 'Cancelled', cancelledAt: new Date(), cancelReason: req.body.reason }),
    );
  });
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
