import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { HOST_TENANT_ID, type SystemUpdateDto, type SystemUpdateSendDto } from '@casebook/domain';
import {
  callerFor,
  createTestApp,
  createTestUser,
  ensureHostTenant,
  newTenant,
  openOwnTestDatabase,
  type Caller,
  type TestApp,
} from '../../../test/harness';
import { startSmtpServer, waitFor } from '../../../test/smtp';
import { createMailer } from '../../platform/mail/mailer';
import { entityChanges } from '../../platform/db/platform.schema';
import { tenants } from '../../platform/db/platform.schema';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let hostAdmin: Caller;
let hostAdminStaff: Caller;
let tenantA: string;
let tenantB: string;
let tenantC: string;
let tenantAdmin: Caller;

type Res = { statusCode: number; body: string; json(): unknown };
async function ok<T>(res: Res | Promise<Res>): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as T;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  const mailer = createMailer({
    smtpUrl: smtp.url,
    dataDir: '/nonexistent',
    from: 'Casebook <no-reply@casebook.test>',
  });
  // A database of its own: sending to every tenant must meet only this file's tenants, and the mail jobs run.
  t = await createTestApp(await openOwnTestDatabase(), {
    mailer,
    jobs: { run: true, pollingIntervalSeconds: 0.5, relayIntervalMs: 200 },
  });
  await ensureHostTenant(t.database);
  hostAdmin = await callerFor(t, HOST_TENANT_ID, ['TENANT_ADMIN'], { userName: 'Hilda Host' });
  hostAdminStaff = await callerFor(t, HOST_TENANT_ID, ['ADMIN_STAFF']);
  tenantA = await newTenant(t.database, { name: 'Alpha Legal' });
  tenantB = await newTenant(t.database, { name: 'Bravo Medico' });
  tenantC = await newTenant(t.database, { name: 'Charlie Closed' });
  await t.database.withSystem((tx) => tx.update(tenants).set({ isActive: false }).where(eq(tenants.id, tenantC)));
  await createTestUser(t.database, tenantA, ['TENANT_ADMIN'], { email: 'ann@alpha.test' });
  await createTestUser(t.database, tenantA, ['STAFF'], { email: 'sam@alpha.test' });
  await createTestUser(t.database, tenantB, ['TENANT_ADMIN'], { email: 'bob@bravo.test' });
  await createTestUser(t.database, tenantC, ['TENANT_ADMIN'], { email: 'cid@charlie.test' });
  tenantAdmin = await callerFor(t, tenantA, ['TENANT_ADMIN']);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const draft = {
  version: '2026.12',
  title: 'Statements & <b>reports</b>',
  content: 'First line.\n\nSecond <i>line</i>.',
};

describe('system updates', () => {
  test('the host adds a draft, publishes it by editing, and every change is audited', async () => {
    const created = await ok<SystemUpdateDto>(hostAdmin.post('/api/app/system-update', draft));
    expect(created).toMatchObject({ ...draft, publishedAt: null, sendCount: 0, lastSentAt: null });
    // A draft is not a product update yet.
    const products = await ok<{ items: { id: string }[] }>(tenantAdmin.get('/api/app/product-updates'));
    expect(products.items.map((p) => p.id)).not.toContain(created.id);

    const published = await ok<SystemUpdateDto>(
      hostAdmin.put(`/api/app/system-update/${created.id}`, {
        ...draft,
        title: 'Statements and reports',
        publish: true,
      }),
    );
    expect(published.publishedAt).not.toBeNull();
    expect(published.title).toBe('Statements and reports');
    const after = await ok<{ items: { id: string }[] }>(tenantAdmin.get('/api/app/product-updates'));
    expect(after.items.map((p) => p.id)).toContain(created.id);

    const list = await ok<{ totalCount: number; items: SystemUpdateDto[] }>(
      hostAdminStaff.get('/api/app/system-update'),
    );
    expect(list.items.map((u) => u.id)).toContain(created.id);
    expect(await ok<SystemUpdateDto>(hostAdminStaff.get(`/api/app/system-update/${created.id}`))).toMatchObject({
      title: 'Statements and reports',
    });

    const changes = await t.database.withSystem((tx) =>
      tx
        .select()
        .from(entityChanges)
        .where(and(eq(entityChanges.entityType, 'SystemUpdate'), eq(entityChanges.entityId, created.id))),
    );
    expect(changes.map((c) => c.changeType)).toEqual(expect.arrayContaining(['Created', 'Updated']));
  });

  test('inputs are checked field by field, and only the host admin writes', async () => {
    const missing = await hostAdmin.post('/api/app/system-update', { version: '', title: 'x', content: 'y' });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('version');
    const unknown = await hostAdmin.post('/api/app/system-update', { ...draft, colour: 'red' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('colour');
    expect((await hostAdminStaff.post('/api/app/system-update', draft)).statusCode).toBe(403);
    // Another tenant's admin does not reach the host's screen at all.
    expect((await tenantAdmin.get('/api/app/system-update')).statusCode).toBe(403);
    expect((await tenantAdmin.post('/api/app/system-update', draft)).statusCode).toBe(403);
    expect((await hostAdmin.get('/api/app/system-update/019ac4a0-0000-7000-8000-00000000ffff')).statusCode).toBe(404);
  });

  test('sending e-mails the tenant admins of every active tenant over SMTP and keeps the history', async () => {
    const update = await ok<SystemUpdateDto>(hostAdmin.post('/api/app/system-update', { ...draft, publish: false }));
    // A draft cannot be sent.
    const early = await hostAdmin.post(`/api/app/system-update/${update.id}/sendEmail`, {});
    expect(early.statusCode, early.body).toBe(422);
    expect(early.body).toContain('Publish the update before sending it by e-mail.');
    await ok(hostAdmin.put(`/api/app/system-update/${update.id}`, { ...draft, publish: true }));

    const sent = await ok<SystemUpdateSendDto>(hostAdmin.post(`/api/app/system-update/${update.id}/sendEmail`, {}));
    const emails = sent.recipients.map((r) => r.email);
    // Tenant admins of active tenants only: not staff, not the closed tenant, not the host.
    expect(emails).toContain('ann@alpha.test');
    expect(emails).toContain('bob@bravo.test');
    expect(emails).not.toContain('sam@alpha.test');
    expect(emails).not.toContain('cid@charlie.test');
    expect(sent.recipients.every((r) => r.tenantId !== HOST_TENANT_ID && r.tenantId !== tenantC)).toBe(true);
    expect(sent.sentByName).toBe('Hilda Host');

    const ann = await waitFor('the mail to Ann', () =>
      smtp.messages.find((m) => m.to && JSON.stringify(m.to).includes('ann@alpha.test')),
    );
    expect(ann.subject).toBe('Product update 2026.12: Statements & <b>reports</b>');
    // The content is text: its markup is escaped, its paragraphs kept.
    expect(ann.html).toContain('<p>Second &lt;i&gt;line&lt;/i&gt;.</p>');
    await waitFor('the mail to Bob', () => smtp.messages.find((m) => JSON.stringify(m.to).includes('bob@bravo.test')));

    // A second send to one tenant only.
    const again = await ok<SystemUpdateSendDto>(
      hostAdmin.post(`/api/app/system-update/${update.id}/sendEmail`, { tenantIds: [tenantB] }),
    );
    expect(again.recipients.map((r) => r.email)).toEqual(['bob@bravo.test']);
    expect(again.recipients[0]!.tenantName).toBe('Bravo Medico');

    const history = await ok<SystemUpdateSendDto[]>(hostAdminStaff.get(`/api/app/system-update/${update.id}/history`));
    expect(history.map((h) => h.id)).toEqual([again.id, sent.id]);
    const detail = await ok<SystemUpdateDto>(hostAdmin.get(`/api/app/system-update/${update.id}`));
    expect(detail.sendCount).toBe(2);
    expect(detail.lastSentAt).toBe(again.sentAt);

    // A closed or unknown tenant is refused naming the field, and nothing is sent or kept.
    const closed = await hostAdmin.post(`/api/app/system-update/${update.id}/sendEmail`, { tenantIds: [tenantC] });
    expect(closed.statusCode).toBe(400);
    expect(closed.body).toContain('tenantIds');
    expect(await ok<SystemUpdateSendDto[]>(hostAdmin.get(`/api/app/system-update/${update.id}/history`))).toHaveLength(
      2,
    );
    // Tenants see the message in their own mail tracking, not another tenant's.
    const tracking = await ok<{ items: { recipient?: string; to?: string }[] }>(
      tenantAdmin.get('/api/app/email-trackings?maxResultCount=100'),
    );
    expect(JSON.stringify(tracking.items)).toContain('ann@alpha.test');
    expect(JSON.stringify(tracking.items)).not.toContain('bob@bravo.test');
  });
});
