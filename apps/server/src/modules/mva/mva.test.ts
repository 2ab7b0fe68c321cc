import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { uuidv7 } from '@casebook/domain';
import { callerFor, createTestApp, newTenant, type Caller, type TestApp } from '../../../test/harness';
import { ok } from '../../../test/responses';
import { twoFirms } from '../../../test/worlds';

type Claim = {
  id: string;
  caseNo: string;
  status: string;
  serviceType: string;
  fields: Record<string, string | null>;
  concurrencyStamp: string;
};
type Offer = { id: string; amount: number; isCurrent: boolean; offeredBy: string };

let t: TestApp;
let staff: Caller;
let firmACm: Caller;
let firmBCm: Caller;
let outsider: Caller;
let people: { clientId: string; cmA: string; cmB: string };

const MVA = { features: { MVA: 'True' } };

beforeAll(async () => {
  t = await createTestApp();
  const world = await twoFirms(t, MVA);
  ({ staff, outsider } = world);
  firmACm = world.firmA.caseManager;
  firmBCm = world.firmB.caseManager;
  people = { clientId: world.clientId, cmA: world.firmA.caseManagerId, cmB: world.firmB.caseManagerId };
});
afterAll(async () => {
  await t?.close();
});

describe('the limitation date', () => {
  test('is three years from the accident in the state, with its Act', async () => {
    const r = await ok<Record<string, unknown>>(
      staff.get('/api/app/mva/calculateLimitationDate?stateId=QLD&accidentDate=2024-02-29'),
    );
    expect(r).toEqual({
      stateId: 'QLD',
      accidentDate: '2024-02-29',
      limitationDate: '2027-02-28',
      years: 3,
      source: 'Limitation of Actions Act 1974 (Qld) s 11(1)',
    });
  });

  test('names the field it cannot read', async () => {
    const r = await staff.get('/api/app/mva/calculateLimitationDate?stateId=XX&accidentDate=2024-02-29');
    expect(r.statusCode).toBe(400);
    expect(r.body).toContain('stateId');
    const d = await staff.get('/api/app/mva/calculateLimitationDate?stateId=NSW&accidentDate=2024-02-30');
    expect(d.statusCode).toBe(400);
    expect(d.body).toContain('accidentDate');
  });
});

describe('an MVA claim', () => {
  let claim: Claim;

  test('is numbered MVA- and records its accident and insurer; lodging moves it on', async () => {
    claim = await ok<Claim>(staff.post('/api/app/mva', { clientId: people.clientId, caseManagerId: people.cmA }));
    expect(claim).toMatchObject({ serviceType: 'MVA', status: 'CASE_CREATED' });
    expect(claim.caseNo).toMatch(/^MVA-\d{6}$/);
    const early = await staff.put(`/api/app/mva/${claim.id}/claim`, {
      concurrencyStamp: claim.concurrencyStamp,
      accidentDate: '2026-01-10',
      stateId: 'NSW',
      insurerName: 'Acme Insurance',
      claimLodgedDate: '2026-01-09',
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().error.message).toBe('The claim cannot be lodged before the accident.');
    claim = await ok<Claim>(
      staff.put(`/api/app/mva/${claim.id}/claim`, {
        concurrencyStamp: claim.concurrencyStamp,
        accidentDate: '2026-01-10',
        stateId: 'NSW',
        insurerName: 'Acme Insurance',
        insurerClaimNo: 'C-77',
        claimLodgedDate: '2026-01-20',
      }),
    );
    expect(claim.status).toBe('CLAIM_LODGED');
    expect(claim.fields).toMatchObject({ accidentDate: '2026-01-10', stateId: 'NSW', insurerName: 'Acme Insurance' });
  });

  test('keeps one current offer: the first, until another is set current', async () => {
    const first = await ok<Offer>(
      staff.post(`/api/app/mva/${claim.id}/offers`, {
        offerDate: '2026-02-01',
        amount: 1_500_000,
        offeredBy: 'INSURER',
      }),
    );
    const second = await ok<Offer>(
      staff.post(`/api/app/mva/${claim.id}/offers`, {
        offerDate: '2026-03-01',
        amount: '$22,500.50',
        offeredBy: 'INSURER',
      }),
    );
    expect(first.isCurrent).toBe(true);
    expect(second).toMatchObject({ isCurrent: false, amount: 2_250_050 });
    await ok(staff.put(`/api/app/mva/${claim.id}/offers/${second.id}/setCurrent`, {}));
    const list = await ok<{ items: Offer[] }>(staff.get(`/api/app/mva/${claim.id}/offers`));
    expect(list.items.map((o) => [o.id, o.isCurrent])).toEqual([
      [first.id, false],
      [second.id, true],
    ]);
    const bad = await staff.post(`/api/app/mva/${claim.id}/offers`, {
      offerDate: '2026-03-01',
      amount: -5,
      offeredBy: 'INSURER',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('amount');
    const missing = await staff.put(`/api/app/mva/${claim.id}/offers/${uuidv7()}/setCurrent`, {});
    expect(missing.statusCode).toBe(404);
  });

  test('keeps one current offer when several are set current at once', async () => {
    const offers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        ok<Offer>(
          staff.post(`/api/app/mva/${claim.id}/offers`, {
            offerDate: '2026-03-02',
            amount: n * 100,
            offeredBy: 'CLAIMANT',
          }),
        ),
      ),
    );
    const results = await Promise.all(
      offers.map((o) => staff.put(`/api/app/mva/${claim.id}/offers/${o.id}/setCurrent`, {})),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const list = await ok<{ items: Offer[] }>(staff.get(`/api/app/mva/${claim.id}/offers`));
    expect(list.items.filter((o) => o.isCurrent)).toHaveLength(1);
    // The second insurer offer is current again for the rest of the walk.
    const second = list.items.find((o) => o.amount === 2_250_050)!;
    await ok(staff.put(`/api/app/mva/${claim.id}/offers/${second.id}/setCurrent`, {}));
  });

  test('records settlements, and settles through its step', async () => {
    await ok(staff.post(`/api/app/mva/${claim.id}/settlements`, { settlementDate: '2026-04-01', amount: 2_400_000 }));
    const list = await ok<{ items: { amount: number }[] }>(staff.get(`/api/app/mva/${claim.id}/settlements`));
    expect(list.items.map((s) => s.amount)).toEqual([2_400_000]);
    claim = await ok<Claim>(
      staff.put(`/api/app/mva/${claim.id}/settlement`, {
        concurrencyStamp: claim.concurrencyStamp,
        settledDate: '2026-04-01',
      }),
    );
    expect(claim.status).toBe('SETTLED');
    const terminate = await staff.put(`/api/app/mva/${claim.id}/termination`, {
      concurrencyStamp: claim.concurrencyStamp,
      terminationDate: '2026-04-02',
    });
    expect(terminate.statusCode).toBe(422);
    expect(terminate.json().error.message).toBe("A case in status 'Settled' cannot move to 'Terminated'.");
    const logs = await ok<{ items: { statusName: string; prefixedStatusName: string }[] }>(
      staff.get(`/api/app/mva/${claim.id}/statusLogs`),
    );
    expect(logs.items.map((l) => l.prefixedStatusName)).toEqual([
      'MVA_CASE_CREATED',
      'MVA_CLAIM_LODGED',
      'MVA_SETTLED',
    ]);
  });

  test("is a 404 in every call for another firm's case manager and another tenant", async () => {
    const seen = await ok<{ items: { id: string }[] }>(firmACm.get('/api/app/mva'));
    expect(seen.items.map((c) => c.id)).toContain(claim.id);
    const offers = await ok<{ items: Offer[] }>(firmACm.get(`/api/app/mva/${claim.id}/offers`));
    const offerId = offers.items[0]!.id;
    expect((await ok<{ items: unknown[] }>(firmBCm.get('/api/app/mva'))).items).toEqual([]);
    const reads = (caller: Caller) => [
      caller.get(`/api/app/mva/${claim.id}`),
      caller.get(`/api/app/mva/${claim.id}/statusLogs`),
      caller.get(`/api/app/mva/${claim.id}/offers`),
      caller.get(`/api/app/mva/${claim.id}/settlements`),
    ];
    for (const res of await Promise.all(reads(firmBCm))) expect(res.statusCode, res.body).toBe(404);
    // Another tenant's staff may write MVA claims, but not this one.
    const writes = [
      outsider.post(`/api/app/mva/${claim.id}/offers`, { offerDate: '2026-05-01', amount: 1, offeredBy: 'CLAIMANT' }),
      outsider.post(`/api/app/mva/${claim.id}/settlements`, { settlementDate: '2026-05-01', amount: 1 }),
      outsider.put(`/api/app/mva/${claim.id}/offers/${offerId}/setCurrent`, {}),
      outsider.put(`/api/app/mva/${claim.id}/negotiation`, { concurrencyStamp: claim.concurrencyStamp }),
    ];
    for (const res of await Promise.all([...reads(outsider), ...writes])) expect(res.statusCode, res.body).toBe(404);
    // Still one current offer, and the same settlements.
    const after = await ok<{ items: Offer[] }>(staff.get(`/api/app/mva/${claim.id}/offers`));
    expect(after.items.filter((o) => o.isCurrent)).toHaveLength(1);
    expect(after.items).toHaveLength(7);
    expect((await ok<{ items: unknown[] }>(staff.get(`/api/app/mva/${claim.id}/settlements`))).items).toHaveLength(1);
  });

  test('a tenant without the MVA feature has none of its calls', async () => {
    const plain = await callerFor(t, await newTenant(t.database), ['STAFF']);
    expect((await plain.get('/api/app/mva')).statusCode).toBe(403);
  });
});
