import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  addMonths,
  BillingSettingEndpoints as rates,
  formatIsoDate,
  HOST_TENANT_ID,
  StatisticEndpoints,
  SystemInvoiceEndpoints as host,
  TenantInvoiceEndpoints as tenantApi,
  todayIn,
  uuidv7,
  type BillingSettingDto,
  type MonthlyActiveDto,
  type PagedResult,
  type SystemInvoiceDto,
} from '@casebook/domain';
import {
  callerFor,
  createTestApp,
  createTestUser,
  ensureHostTenant,
  newTenant,
  type Caller,
  type TestApp,
} from '../../../test/harness';
import { entityChanges } from '../../platform/db/platform.schema';
import { mailOutbox } from '../correspondence/correspondence.schema';
import { loginAttempts } from '../identity/identity.schema';
import { seedDemoWorld } from '../tenancy/demo-world';
import { seedDemoCases } from '../tenancy/demo-cases';

/**
 * Tenant billing rates and the host's invoices to tenants: the calculation to the cent from the month's
 * active counts, each transition and the refused ones, what a tenant may see, validation and audit.
 */

let t: TestApp;
let tenantId: string;
let otherId: string;
let hostAdmin: Caller;
let admin: Caller;
let adminStaff: Caller;
let outsider: Caller;
let month: string;
let activeClients: number;

const path = (p: string, params: Record<string, string> = {}) =>
  p.replace(/:(\w+)/g, (_, k: string) => params[k] ?? '');
const json = <T>(r: { statusCode: number; body: string }, status = 200): T => {
  expect(r.statusCode, r.body).toBe(status);
  return JSON.parse(r.body) as T;
};

const RATES = {
  monthlyBaseFeeCents: 19_999,
  perActiveAccountCents: 1_235,
  perActiveClientCents: 333,
  gstBasisPoints: 1000,
  billingDay: 5,
  paymentTermsDays: 14,
  billingEmail: 'accounts@billed.example',
  isActive: true,
  concurrencyStamp: null,
};

beforeAll(async () => {
  t = await createTestApp();
  await ensureHostTenant(t.database);
  hostAdmin = await callerFor(t, HOST_TENANT_ID, ['TENANT_ADMIN']);
  tenantId = await newTenant(t.database, { name: `Billed ${uuidv7().slice(-8)}` });
  otherId = await newTenant(t.database, { name: `Other ${uuidv7().slice(-8)}` });
  admin = await callerFor(t, tenantId, ['TENANT_ADMIN']);
  adminStaff = await callerFor(t, tenantId, ['ADMIN_STAFF']);
  outsider = await callerFor(t, otherId, ['TENANT_ADMIN']);
  expect(await seedDemoWorld(t.database, tenantId, 'demo')).toBe(true);
  await seedDemoCases(t.database, tenantId, 'demo');

  // The past month with the most active clients (the statistics' own figure) is the one billed.
  const today = todayIn('Australia/Sydney');
  const last = formatIsoDate(addMonths({ ...today, day: 1 }, -1)).slice(0, 7);
  const first = formatIsoDate(addMonths({ ...today, day: 1 }, -12)).slice(0, 7);
  const counts = json<MonthlyActiveDto>(
    await hostAdmin.get(
      `${StatisticEndpoints.clientActiveCount.path}?tenantId=${tenantId}&fromMonth=${first}&toMonth=${last}`,
    ),
  );
  const best = [...counts.items].sort((a, b) => b.numberOfClient - a.numberOfClient)[0]!;
  month = best.applyForMonth;
  activeClients = best.numberOfClient;

  // Three users signed in that month (one twice); a failed and an impersonated sign-in do not count.
  const users = await Promise.all([0, 1, 2].map(() => createTestUser(t.database, tenantId, ['STAFF'])));
  const at = (d: number) => new Date(`${month}-${String(d).padStart(2, '0')}T03:00:00Z`);
  await t.database.withTenant(tenantId, (tx) =>
    tx.insert(loginAttempts).values([
      ...users.map((u, i) => ({
        tenantId,
        id: uuidv7(),
        userId: u.userId,
        userNameOrEmail: 'u',
        result: 'Succeeded' as const,
        creationTime: at(10 + i),
        concurrencyStamp: uuidv7(),
      })),
      {
        tenantId,
        id: uuidv7(),
        userId: users[0]!.userId,
        userNameOrEmail: 'u',
        result: 'Succeeded' as const,
        creationTime: at(20),
        concurrencyStamp: uuidv7(),
      },
      {
        tenantId,
        id: uuidv7(),
        userId: users[1]!.userId,
        userNameOrEmail: 'u',
        result: 'InvalidCredentials' as const,
        creationTime: at(21),
        concurrencyStamp: uuidv7(),
      },
      {
        tenantId,
        id: uuidv7(),
        userId: users[2]!.userId,
        userNameOrEmail: 'u',
        result: 'Impersonated' as const,
        creationTime: at(22),
        concurrencyStamp: uuidv7(),
      },
    ]),
  );
}, 90_000);

afterAll(async () => {
  await t?.close();
});

const setRates = (body: Record<string, unknown>, id = tenantId, caller = hostAdmin) =>
  caller.put(path(rates.updateBillingSetting.path, { tenantId: id }), body);
const calculate = (body: Record<string, unknown>) => hostAdmin.post(host.calculate.path, body);
const act = (p: string, id: string, body: unknown = {}) => hostAdmin.post(path(p, { id }), body);
const auditOf = (entityId: string) =>
  t.database.withSystem((tx) => tx.select().from(entityChanges).where(eq(entityChanges.entityId, entityId)));

describe('tenant billing rates', () => {
  test('the host sets a tenant’s rates; its admin and admin staff read them, read-only', async () => {
    const before = json<BillingSettingDto>(await hostAdmin.get(path(rates.getBillingSetting.path, { tenantId })));
    expect(before).toMatchObject({ tenantId, concurrencyStamp: null, monthlyBaseFeeCents: 0, currency: 'AUD' });
    const saved = json<BillingSettingDto>(await setRates(RATES));
    expect(saved).toMatchObject({ ...RATES, concurrencyStamp: expect.any(String) });
    expect((await auditOf(tenantId)).some((c) => c.entityType === 'BillingSetting')).toBe(true);

    const stale = await setRates({ ...RATES, concurrencyStamp: null });
    expect(stale.statusCode).toBe(409);

    for (const caller of [admin, adminStaff]) {
      const own = json<PagedResult<BillingSettingDto>>(await caller.get(rates.listBillingSettings.path));
      expect(own.items).toEqual([saved]);
      expect(json<BillingSettingDto>(await caller.get(path(rates.getBillingSetting.path, { tenantId })))).toEqual(
        saved,
      );
    }
    expect((await setRates({ ...RATES, concurrencyStamp: saved.concurrencyStamp }, tenantId, admin)).statusCode).toBe(
      403,
    );

    const all = json<PagedResult<BillingSettingDto>>(
      await hostAdmin.get(`${rates.listBillingSettings.path}?maxResultCount=1000`),
    );
    const ids = all.items.map((i) => i.tenantId);
    expect(ids).toContain(tenantId);
    expect(ids).toContain(otherId);
    expect(ids).not.toContain(HOST_TENANT_ID);
  });

  test('a tenant admin cannot see another tenant’s rates: 404, and its list is its own', async () => {
    expect((await outsider.get(path(rates.getBillingSetting.path, { tenantId }))).statusCode).toBe(404);
    const own = json<PagedResult<BillingSettingDto>>(await outsider.get(rates.listBillingSettings.path));
    expect(own.items.map((i) => i.tenantId)).toEqual([otherId]);
    expect((await hostAdmin.get(path(rates.getBillingSetting.path, { tenantId: HOST_TENANT_ID }))).statusCode).toBe(
      404,
    );
  });

  test('invalid rates are a 400 naming the field, and nothing is written', async () => {
    const current = json<BillingSettingDto>(await hostAdmin.get(path(rates.getBillingSetting.path, { tenantId })));
    for (const [field, value] of [
      ['perActiveAccountCents', 12.5],
      ['monthlyBaseFeeCents', -1],
      ['billingDay', 31],
      ['billingEmail', 'not-an-address'],
      ['gstBasisPoints', 20_000],
    ] as const) {
      const r = await setRates({ ...RATES, [field]: value, concurrencyStamp: current.concurrencyStamp });
      expect(r.statusCode, field).toBe(400);
      expect(r.body).toContain(field);
    }
    expect(json<BillingSettingDto>(await hostAdmin.get(path(rates.getBillingSetting.path, { tenantId })))).toEqual(
      current,
    );
  });
});

describe('system invoices', () => {
  let invoice: SystemInvoiceDto;

  test('calculate: base fee, active accounts and active clients at their rates, GST to the cent', async () => {
    invoice = json<SystemInvoiceDto>(await calculate({ tenantId, month }));
    const subtotal = 19_999 + 3 * 1_235 + activeClients * 333;
    // 10% GST, half to even: a half cent goes to the even cent.
    const tenth = Math.floor(subtotal / 10);
    const gst = subtotal % 10 > 5 || (subtotal % 10 === 5 && tenth % 2 === 1) ? tenth + 1 : tenth;
    expect(invoice).toMatchObject({
      tenantId,
      month,
      status: 'Draft',
      activeAccounts: 3,
      activeClients,
      subtotalCents: subtotal,
      gstCents: gst,
      billingEmail: 'accounts@billed.example',
    });
    expect(invoice.totalCents).toBe(invoice.subtotalCents + invoice.gstCents);
    expect(invoice.lines.map((l) => [l.quantity, l.unitCents, l.amountCents])).toEqual([
      [1, 19_999, 19_999],
      [3, 1_235, 3_705],
      [activeClients, 333, activeClients * 333],
    ]);
    expect(invoice.invoiceDate).toBe(
      formatIsoDate(addMonths({ year: +month.slice(0, 4), month: +month.slice(5), day: 5 }, 1)),
    );
    expect(invoice.invoiceNo).toMatch(/^SI-\d{6}$/);
    expect((await auditOf(invoice.id)).some((c) => c.entityType === 'SystemInvoice')).toBe(true);

    // Calculated again, the draft keeps its number.
    const again = json<SystemInvoiceDto>(await calculate({ tenantId, month }));
    expect({ id: again.id, no: again.invoiceNo }).toEqual({ id: invoice.id, no: invoice.invoiceNo });
  });

  test('calculate is checked: 400 naming the field', async () => {
    const future = await calculate({ tenantId, month: '2999-01' });
    expect(future.statusCode).toBe(400);
    expect(future.body).toContain('month');
    const bad = await calculate({ tenantId, month: '2026-13' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('month');
    const unpriced = await calculate({ tenantId: otherId, month });
    expect(unpriced.statusCode).toBe(400);
    expect(unpriced.body).toContain('tenantId');
    expect((await calculate({ tenantId: uuidv7(), month })).statusCode).toBe(404);
  });

  test('a draft is not shown to the tenant; the host previews it as a PDF', async () => {
    expect((await admin.get(path(tenantApi.getTenantInvoice.path, { id: invoice.id }))).statusCode).toBe(404);
    const pdf = await hostAdmin.get(path(host.preview.path, { id: invoice.id }));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('refused transitions of a draft: mark paid is a 400 saying to send it first', async () => {
    const r = await act(host.markAsPaid.path, invoice.id, { paidDate: formatIsoDate(todayIn('UTC')) });
    expect(r.statusCode).toBe(400);
    expect(r.body).toContain('send it before marking it paid');
  });

  test('send queues the e-mail with the PDF to the billing address, with its audit row, in one transaction', async () => {
    const sent = json<SystemInvoiceDto>(await act(host.sendInvoice.path, invoice.id));
    expect(sent.status).toBe('Sent');
    const mails = await t.database.withSystem((tx) =>
      tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.objectId, invoice.id), eq(mailOutbox.tenantId, HOST_TENANT_ID))),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.recipient).toBe('accounts@billed.example');
    expect(mails[0]!.subject).toContain(invoice.invoiceNo);
    const audit = await t.database.withSystem((tx) =>
      tx.select().from(entityChanges).where(eq(entityChanges.entityId, mails[0]!.id)),
    );
    expect(audit.some((c) => c.entityType === 'SystemInvoiceEmail')).toBe(true);
    // A sent invoice is not calculated again.
    const recalc = await calculate({ tenantId, month });
    expect(recalc.statusCode).toBe(400);
    expect(recalc.body).toContain(invoice.invoiceNo);
  });

  test('the tenant sees the sent invoice and its PDF; another tenant gets a 404', async () => {
    const list = json<PagedResult<SystemInvoiceDto>>(await admin.get(tenantApi.listTenantInvoices.path));
    expect(list.items.map((i) => i.id)).toEqual([invoice.id]);
    expect(
      json<SystemInvoiceDto>(await adminStaff.get(path(tenantApi.getTenantInvoice.path, { id: invoice.id }))).status,
    ).toBe('Sent');
    const pdf = await admin.get(path(tenantApi.downloadTenantInvoice.path, { id: invoice.id }));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await outsider.get(path(tenantApi.getTenantInvoice.path, { id: invoice.id }))).statusCode).toBe(404);
    expect((await outsider.get(path(tenantApi.downloadTenantInvoice.path, { id: invoice.id }))).statusCode).toBe(404);
    const theirs = json<PagedResult<SystemInvoiceDto>>(await outsider.get(tenantApi.listTenantInvoices.path));
    expect(theirs.items).toEqual([]);
    // The tenant may not act on it: the actions are the host's.
    expect((await admin.post(path(host.cancelInvoice.path, { id: invoice.id }), { reason: 'no' })).statusCode).toBe(
      403,
    );
    // The host sees it among every tenant's, with the tenant's name.
    const all = json<PagedResult<SystemInvoiceDto>>(
      await hostAdmin.get(`${tenantApi.listTenantInvoices.path}?tenantId=${tenantId}`),
    );
    expect(all.items[0]).toMatchObject({ id: invoice.id, tenantName: expect.stringMatching(/^Billed /) });
  });

  test('mark paid, then cancel is refused with a 400 and a clear message', async () => {
    const early = await act(host.markAsPaid.path, invoice.id, { paidDate: '2000-01-01' });
    expect(early.statusCode).toBe(400);
    expect(early.body).toContain('paidDate');
    const paidDate = formatIsoDate(todayIn('UTC'));
    const paid = json<SystemInvoiceDto>(await act(host.markAsPaid.path, invoice.id, { paidDate }));
    expect(paid).toMatchObject({ status: 'Paid', paidDate });
    const cancel = await act(host.cancelInvoice.path, invoice.id, { reason: 'Duplicate' });
    expect(cancel.statusCode).toBe(400);
    expect(cancel.body).toContain('a paid invoice cannot be cancelled');
    const again = await act(host.markAsPaid.path, invoice.id, { paidDate });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('already paid');
    const resend = await act(host.sendInvoice.path, invoice.id);
    expect(resend.statusCode).toBe(400);
  });

  test('cancel needs a reason; a cancelled invoice keeps its number and the month’s next invoice takes a new one', async () => {
    const prev = formatIsoDate(addMonths({ year: +month.slice(0, 4), month: +month.slice(5), day: 1 }, -1)).slice(0, 7);
    const draft = json<SystemInvoiceDto>(await calculate({ tenantId, month: prev }));
    const noReason = await act(host.cancelInvoice.path, draft.id, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('reason');
    const cancelled = json<SystemInvoiceDto>(await act(host.cancelInvoice.path, draft.id, { reason: 'Wrong rates' }));
    expect(cancelled).toMatchObject({ status: 'Cancelled', cancelReason: 'Wrong rates', invoiceNo: draft.invoiceNo });
    expect((await act(host.sendInvoice.path, draft.id)).statusCode).toBe(400);
    expect((await act(host.cancelInvoice.path, draft.id, { reason: 'again' })).body).toContain('already cancelled');
    const next = json<SystemInvoiceDto>(await calculate({ tenantId, month: prev }));
    expect(next.id).not.toBe(draft.id);
    expect(Number(next.invoiceNo.slice(3))).toBeGreaterThan(Number(draft.invoiceNo.slice(3)));
  });

  test('a send refused for want of a billing e-mail writes nothing: status, outbox and audit are as before', async () => {
    const current = json<BillingSettingDto>(await hostAdmin.get(path(rates.getBillingSetting.path, { tenantId })));
    json(await setRates({ ...RATES, billingEmail: '', concurrencyStamp: current.concurrencyStamp }));
    const prev = formatIsoDate(addMonths({ year: +month.slice(0, 4), month: +month.slice(5), day: 1 }, -2)).slice(0, 7);
    const draft = json<SystemInvoiceDto>(await calculate({ tenantId, month: prev }));
    const auditBefore = (await auditOf(draft.id)).length;
    const r = await act(host.sendInvoice.path, draft.id);
    expect(r.statusCode).toBe(400);
    expect(r.body).toContain('billingEmail');
    expect(
      json<SystemInvoiceDto>(await hostAdmin.get(path(tenantApi.getTenantInvoice.path, { id: draft.id }))).status,
    ).toBe('Draft');
    expect((await auditOf(draft.id)).length).toBe(auditBefore);
    const mails = await t.database.withSystem((tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.objectId, draft.id)),
    );
    expect(mails).toEqual([]);
  });

  test('an unknown invoice is a 404 to the host too', async () => {
    expect((await act(host.sendInvoice.path, uuidv7())).statusCode).toBe(404);
  });
});
