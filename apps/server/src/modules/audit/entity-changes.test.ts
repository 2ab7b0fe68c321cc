import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callerFor, createTestApp, newTenant, type Caller, type TestApp } from '../../../test/harness';

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await callerFor(t, await newTenant(t.database));
});
afterAll(async () => {
  await t?.close();
});

async function created<T>(caller: Caller, path: string, body: unknown): Promise<T & { id: string }> {
  const res = await caller.post(path, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

type Change = {
  propertyName: string | null;
  originalValue: string | null;
  newValue: string | null;
  originalValueExtraInfo: { text: string | null };
  newValueExtraInfo: { text: string | null };
};

describe('entity change history', () => {
  test('names the records a changed reference points to, and keeps their ids', async () => {
    const first = await created<{ name: string }>(admin, '/api/app/countries', { name: 'Freedonia', code: 'FD' });
    const second = await created<{ name: string }>(admin, '/api/app/countries', { name: 'Sylvania', code: 'SY' });
    const city = await created<{ concurrencyStamp: string }>(admin, '/api/app/cities', {
      name: 'Fredville',
      countryId: first.id,
    });
    const moved = await admin.put(`/api/app/cities/${city.id}`, {
      name: 'Fredville',
      countryId: second.id,
      concurrencyStamp: city.concurrencyStamp,
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const history = await admin.get(`/api/app/entity-changes?entityId=${city.id}&propertyName=countryId`);
    expect(history.statusCode, history.body).toBe(200);
    const [update, create] = history.json().items as Change[];
    expect(update).toMatchObject({
      originalValue: first.id,
      newValue: second.id,
      originalValueExtraInfo: { text: 'Freedonia' },
      newValueExtraInfo: { text: 'Sylvania' },
    });
    expect(create).toMatchObject({ originalValue: null, newValueExtraInfo: { text: 'Freedonia' } });

    // Plain text stays as it is.
    const name = (await admin.get(`/api/app/entity-changes?entityId=${city.id}&propertyName=name`)).json();
    expect(name.items[0]).toMatchObject({ newValue: 'Fredville', newValueExtraInfo: { text: 'Fredville' } });
  });

  test("another tenant's record is not named: its id is all the history shows", async () => {
    const other = await callerFor(t, await newTenant(t.database));
    const theirs = await created<{ name: string }>(other, '/api/app/countries', { name: 'Graustark', code: 'GK' });
    const mine = await created<{ concurrencyStamp: string }>(admin, '/api/app/countries', {
      name: 'Osterlich',
      code: 'OS',
    });
    // A value that happens to be another tenant's id is left as it is.
    const moved = await admin.put(`/api/app/countries/${mine.id}`, {
      name: theirs.id,
      code: 'OS',
      isActive: true,
      concurrencyStamp: mine.concurrencyStamp,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const history = (await admin.get(`/api/app/entity-changes?entityId=${mine.id}&propertyName=name`)).json();
    expect(history.items[0]).toMatchObject({ newValue: theirs.id, newValueExtraInfo: { text: theirs.id } });
  });
});
