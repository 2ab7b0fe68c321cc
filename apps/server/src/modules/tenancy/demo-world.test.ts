import { afterAll, beforeAll, expect, test } from 'vitest';
import { addDays, formatIsoDate, hasSpecialistContract, isHighRiskOn, todayIn } from '@casebook/domain';
import { callerFor, createTestApp, createTestUser, newTenant, type Caller, type TestApp } from '../../../test/harness';
import { seedDemoWorld } from './demo-world';

let t: TestApp;
let admin: Caller;
let tenantId: string;
let caseManagerUser: string;
let specialistUser: string;
let contractorUser: string;

beforeAll(async () => {
  t = await createTestApp();
  tenantId = await newTenant(t.database);
  admin = await callerFor(t, tenantId);
  // The demo sign-ins exist before the world is seeded (identity seeds them first).
  caseManagerUser = (await createTestUser(t.database, tenantId, ['CASE_MANAGER'], { userName: 'casemanager' })).userId;
  specialistUser = (await createTestUser(t.database, tenantId, ['SPECIALIST'], { userName: 'specialist' })).userId;
  contractorUser = (await createTestUser(t.database, tenantId, ['CONTRACTOR'], { userName: 'contractor' })).userId;
  expect(await seedDemoWorld(t.database, tenantId, 'demo')).toBe(true);
});
afterAll(async () => {
  await t?.close();
});

const total = async (path: string) => (await admin.get(`/api/app/${path}`)).json().totalCount as number;

test('a demo tenant gets law firms, insurers, about 50 specialists, 20 centres and 200 claimants', async () => {
  expect(await total('companies?businessType=LAW_FIRM')).toBeGreaterThanOrEqual(6);
  expect(await total('companies?businessType=INSURER')).toBeGreaterThanOrEqual(3);
  expect(await total('case-managers')).toBeGreaterThanOrEqual(32);
  expect(await total('specialists')).toBeGreaterThanOrEqual(45);
  expect(await total('centres')).toBe(20);
  expect(await total('clients')).toBe(200);
  expect(await total('contractors')).toBeGreaterThan(0);
  expect(await total('holidays')).toBeGreaterThan(0);
  expect(await total('matter-types')).toBeGreaterThan(0);
  const states = new Set(
    ((await admin.get('/api/app/specialists?maxResultCount=100')).json().items as { state: string }[]).map(
      (s) => s.state,
    ),
  );
  expect(states.size).toBeGreaterThanOrEqual(6);
});

test('the world shows the rules at work: a current high-risk insurer and specialists without a contract', async () => {
  const today = todayIn('Australia/Sydney');
  const companies = (await admin.get('/api/app/companies?highRiskApplied=true')).json().items;
  expect(companies.filter((c: Parameters<typeof isHighRiskOn>[0]) => isHighRiskOn(c, today)).length).toBe(1);
  const specialists = (await admin.get('/api/app/specialists?maxResultCount=100')).json().items as {
    onboardedDate: string | null;
    onboardedEndDate: string | null;
  }[];
  const without = specialists.filter((s) => !hasSpecialistContract(s, today));
  expect(without.length).toBeGreaterThan(0);
  expect(without.length).toBeLessThan(specialists.length / 2);
  expect(formatIsoDate(addDays(today, 0))).toMatch(/^\d{4}-/);
});

test('the demo case manager books for a law firm and the demo specialist has a current contract', async () => {
  const today = todayIn('Australia/Sydney');
  type Linked = {
    userId: string | null;
    companyId: string;
    onboardedDate: string | null;
    onboardedEndDate: string | null;
  };
  const cms = (await admin.get('/api/app/case-managers?maxResultCount=100')).json().items as Linked[];
  const cm = cms.filter((c) => c.userId === caseManagerUser);
  expect(cm).toHaveLength(1);
  const company = (await admin.get(`/api/app/companies/${cm[0]!.companyId}`)).json();
  expect(company.businessType).toBe('LAW_FIRM');
  const specialists = (await admin.get('/api/app/specialists?maxResultCount=100')).json().items as Linked[];
  const linked = specialists.filter((s) => s.userId === specialistUser);
  expect(linked).toHaveLength(1);
  expect(hasSpecialistContract(linked[0]!, today)).toBe(true);
});

test('the demo contractor is the contact of a typing service (their Contractor Detail page)', async () => {
  const contractor = await callerFor(t, tenantId, ['CONTRACTOR'], { userId: contractorUser });
  const mine = (await contractor.get('/api/app/account/my-records')).json();
  expect(mine.contractor).toMatchObject({ name: 'Precise Typing Services', contractorType: 'TYPIST' });
  const another = await callerFor(t, tenantId, ['CONTRACTOR']);
  expect((await another.get('/api/app/account/my-records')).json().contractor).toBeNull();
});

test('seeding again changes nothing, and the same tenant name gives the same people', async () => {
  expect(await seedDemoWorld(t.database, tenantId, 'demo')).toBe(false);
  expect(await total('clients')).toBe(200);
  const other = await newTenant(t.database);
  await seedDemoWorld(t.database, other, 'demo');
  const otherAdmin = await callerFor(t, other);
  const names = async (caller: Caller) =>
    (
      (await caller.get('/api/app/clients?maxResultCount=200&sorting=creationTime')).json().items as {
        fullName: string;
      }[]
    )
      .map((c) => c.fullName)
      .sort();
  expect(await names(otherAdmin)).toEqual(await names(admin));
});

test('demo claimants are found by search', async () => {
  const first = (await admin.get('/api/app/clients?maxResultCount=1')).json().items[0] as {
    lastName: string;
    id: string;
  };
  const found = (
    await admin.get(`/api/app/clients?filterText=${encodeURIComponent(first.lastName.slice(0, 4))}&maxResultCount=200`)
  ).json();
  expect(found.items.map((c: { id: string }) => c.id)).toContain(first.id);
});
