import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { ErrorMessages, HOST_TENANT_ID, type SystemErrorDto } from '@casebook/domain';
import {
  callerFor,
  createTestApp,
  ensureHostTenant,
  newTenant,
  openOwnTestDatabase,
  type Caller,
  type TestApp,
} from '../../../test/harness';

let t: TestApp;
let hostAdmin: Caller;
let hostStaff: Caller;
let tenantAdmin: Caller;
let tenantStaff: Caller;

beforeAll(async () => {
  // A database of its own: the test breaks a table to make the server fail for real.
  t = await createTestApp(await openOwnTestDatabase());
  await ensureHostTenant(t.database);
  hostAdmin = await callerFor(t, HOST_TENANT_ID, ['TENANT_ADMIN']);
  hostStaff = await callerFor(t, HOST_TENANT_ID, ['STAFF']);
  const tenantId = await newTenant(t.database);
  tenantAdmin = await callerFor(t, tenantId, ['TENANT_ADMIN']);
  tenantStaff = await callerFor(t, tenantId, ['STAFF']);
});
afterAll(async () => {
  await t?.close();
});

/** Makes the countries list fail with an SQL error until `mend` is called. */
async function breakCountries(): Promise<{ mend: () => Promise<void> }> {
  await t.database.withSystem((tx) => tx.execute(sql`alter table countries rename column name to name_gone`));
  return {
    mend: async () => {
      await t.database.withSystem((tx) => tx.execute(sql`alter table countries rename column name_gone to name`));
    },
  };
}

async function list(query = ''): Promise<{ totalCount: number; items: SystemErrorDto[] }> {
  const res = await hostAdmin.get(`/api/app/system-error${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The error is written after the answer: wait for it. */
async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('system errors', () => {
  test('a failure answered 500 is kept once per kind with its count; the host resolves it and it is audited', async () => {
    const broken = await breakCountries();
    try {
      for (let i = 0; i < 3; i++) {
        const res = await tenantStaff.get('/api/app/countries?filterText=secret-search');
        expect(res.statusCode).toBe(500);
        // The caller learns nothing of the cause.
        expect(res.json()).toEqual({ error: { code: 'Casebook:Internal', message: ErrorMessages.serverError } });
      }
    } finally {
      await broken.mend();
    }
    const open = await eventually(
      () => list('?isResolved=false'),
      (l) => l.items.some((e) => e.occurrences === 3),
    );
    expect(open.totalCount).toBe(1);
    const error = open.items[0]!;
    expect(error).toMatchObject({
      method: 'GET',
      path: '/api/app/countries',
      tenantId: tenantStaff.tenantId,
      userId: tenantStaff.userId,
      occurrences: 3,
      isResolved: false,
    });
    expect(error.tenantName).toBeTruthy();
    expect(error.message).toContain('name');
    // The query string (search text a user typed) is not kept.
    expect(JSON.stringify(error)).not.toContain('secret-search');

    const resolved = await hostAdmin.post(`/api/app/system-error/${error.id}/markAsResolved`, {});
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({ isResolved: true, resolvedByName: expect.any(String) });
    expect((await list('?isResolved=false')).totalCount).toBe(0);
    expect((await list('?isResolved=true')).items.map((e) => e.id)).toEqual([error.id]);
    const history = await hostAdmin.get(`/api/app/entity-changes?entityType=SystemError&entityId=${error.id}`);
    expect(history.statusCode, history.body).toBe(200);
    expect(JSON.stringify(history.json())).toContain('isResolved');

    // Unresolved again, then the same fault after it was resolved opens a new entry rather than reopening.
    const reopened = await hostAdmin.post(`/api/app/system-error/${error.id}/markAsUnresolved`, {});
    expect(reopened.json()).toMatchObject({ isResolved: false, resolvedAt: null });
    await hostAdmin.post(`/api/app/system-error/${error.id}/markAsResolved`, {});
    const again = await breakCountries();
    try {
      // Other search text, the same fault: the values a query was given are not part of what is kept.
      expect((await tenantStaff.get('/api/app/countries?filterText=another')).statusCode).toBe(500);
    } finally {
      await again.mend();
    }
    const newer = await eventually(
      () => list('?isResolved=false'),
      (l) => l.totalCount === 1,
    );
    expect(newer.items[0]!.id).not.toBe(error.id);
    expect(newer.items[0]!.occurrences).toBe(1);
    const refused = await hostAdmin.post(`/api/app/system-error/${error.id}/markAsUnresolved`, {});
    expect(refused.statusCode).toBe(422);
    expect((await list()).totalCount).toBe(2);
    expect((await list('?filterText=countries')).totalCount).toBe(2);
    expect((await list('?filterText=nothing-like-it')).totalCount).toBe(0);
  });

  test("only the host's administrators see them; a tenant's administrator is refused; bad ids are 400, unknown 404", async () => {
    expect((await tenantAdmin.get('/api/app/system-error')).statusCode).toBe(403);
    expect((await hostStaff.get('/api/app/system-error')).statusCode).toBe(403);
    const [any] = (await list()).items;
    if (any) {
      expect((await tenantAdmin.post(`/api/app/system-error/${any.id}/markAsResolved`, {})).statusCode).toBe(403);
      expect((await hostAdmin.get(`/api/app/system-error/${any.id}`)).json().id).toBe(any.id);
    }
    const bad = await hostAdmin.get('/api/app/system-error/not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('id');
    expect((await hostAdmin.get('/api/app/system-error/0192f1a0-0000-7000-8000-000000000000')).statusCode).toBe(404);
    expect((await hostAdmin.get('/api/app/system-error?isResolved=maybe')).statusCode).toBe(400);
  });
});
