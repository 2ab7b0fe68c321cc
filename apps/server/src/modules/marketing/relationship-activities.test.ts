import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { uuidv7 } from '@casebook/domain';
import { createTestApp, type TestApp } from '../../../test/harness';
import { ok } from '../../../test/responses';
import { twoFirms, type TwoFirms } from '../../../test/worlds';

type Activity = {
  id: string;
  communicationType: string;
  party: string;
  partyName: string;
  companyId: string | null;
  companyName: string | null;
  content: string;
  contactTime: string;
  creatorId: string | null;
};
type Page = { totalCount: number; items: Activity[] };

const URL = '/api/app/relationship-activities';
let t: TestApp;
let w: TwoFirms;
let specialistId: string;

beforeAll(async () => {
  t = await createTestApp();
  w = await twoFirms(t);
  const sp = await ok(
    w.admin.post('/api/app/specialists', {
      firstName: 'Rae',
      lastName: `Ortho${uuidv7().slice(-6)}`,
      email: `rae.${uuidv7().slice(-8)}@clinic.test`,
    }),
  );
  specialistId = sp.id;
  await ok(
    w.staff.post(URL, {
      communicationType: 'RELATIONSHIP_MEETING',
      party: 'COMPANY',
      partyId: w.firmA.companyId,
      contactName: 'Partner',
      content: 'Lunch with the partners about the new panel.',
      contactTime: '2026-10-05T01:00:00Z',
    }),
  );
  await ok(
    w.staff.post(URL, {
      communicationType: 'RELATIONSHIP_CALL',
      party: 'CASE_MANAGER',
      partyId: w.firmA.caseManagerId,
      content: 'Called about turnaround times.',
      contactTime: '2026-10-12T01:00:00Z',
    }),
  );
  await ok(
    w.admin.post(URL, {
      communicationType: 'RELATIONSHIP_EMAIL',
      party: 'SPECIALIST',
      partyId: specialistId,
      content: 'Sent the referral pack.',
      contactTime: '2026-10-20T01:00:00Z',
    }),
  );
  await ok(
    w.admin.post(URL, {
      communicationType: 'RELATIONSHIP_MESSAGE',
      party: 'COMPANY',
      partyId: w.firmB.companyId,
      content: 'Christmas card.',
      contactTime: '2026-12-01T01:00:00Z',
    }),
  );
});
afterAll(async () => {
  await t?.close();
});

const list = async (query = '') => ok<Page>(w.admin.get(`${URL}?maxResultCount=100${query}`));

describe('relationship activities', () => {
  test('lists every activity newest first with its party, and the company of a case manager', async () => {
    const all = await list();
    expect(all.totalCount).toBe(4);
    expect(all.items.map((a) => a.content)).toEqual([
      'Christmas card.',
      'Sent the referral pack.',
      'Called about turnaround times.',
      'Lunch with the partners about the new panel.',
    ]);
    const call = all.items[2]!;
    expect(call).toMatchObject({
      party: 'CASE_MANAGER',
      partyName: 'Ann Able',
      companyId: w.firmA.companyId,
      companyName: 'Firm A',
    });
    expect(all.items[1]).toMatchObject({ party: 'SPECIALIST', companyId: null });
  });

  test('filters by type, party, company (its own and its case managers’), staff, days and text', async () => {
    const ids = async (q: string) => (await list(q)).items.map((a) => a.content);
    expect(await ids('&communicationType=RELATIONSHIP_CALL')).toEqual(['Called about turnaround times.']);
    expect(await ids('&party=SPECIALIST')).toEqual(['Sent the referral pack.']);
    expect(await ids(`&companyId=${w.firmA.companyId}`)).toEqual([
      'Called about turnaround times.',
      'Lunch with the partners about the new panel.',
    ]);
    expect(await ids(`&creatorId=${w.admin.userId}`)).toEqual(['Christmas card.', 'Sent the referral pack.']);
    expect(await ids('&fromDate=2026-10-12&toDate=2026-10-20')).toEqual([
      'Sent the referral pack.',
      'Called about turnaround times.',
    ]);
    expect(await ids('&filterText=PANEL')).toEqual(['Lunch with the partners about the new panel.']);
    const page = await ok<Page>(w.admin.get(`${URL}?maxResultCount=1&skipCount=1`));
    expect(page.totalCount).toBe(4);
    expect(page.items.map((a) => a.content)).toEqual(['Sent the referral pack.']);
  });

  test('inputs are checked, naming the field, and nothing is written', async () => {
    const cases: [unknown, string][] = [
      [{ communicationType: 'PHONE', party: 'COMPANY', partyId: w.firmA.companyId, content: 'x' }, 'communicationType'],
      [{ communicationType: 'RELATIONSHIP_CALL', party: 'CLIENT', partyId: w.firmA.companyId, content: 'x' }, 'party'],
      [
        { communicationType: 'RELATIONSHIP_CALL', party: 'COMPANY', partyId: w.firmA.companyId, content: ' ' },
        'content',
      ],
      [{ communicationType: 'RELATIONSHIP_CALL', party: 'COMPANY', partyId: 'nope', content: 'x' }, 'partyId'],
    ];
    for (const [body, field] of cases) {
      const res = await w.staff.post(URL, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.validationErrors.flatMap((v: { members: string[] }) => v.members)).toContain(field);
    }
    const backwards = await w.admin.get(`${URL}?fromDate=2026-10-20&toDate=2026-10-01`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('toDate');
    // A company recorded as a case manager is no case manager: 404, nothing written.
    const wrongKind = await w.staff.post(URL, {
      communicationType: 'RELATIONSHIP_CALL',
      party: 'CASE_MANAGER',
      partyId: w.firmA.companyId,
      content: 'x',
    });
    expect(wrongKind.statusCode).toBe(404);
    expect((await list()).totalCount).toBe(4);
  });

  test('another tenant neither sees them nor records one on these parties; a case manager may not open them', async () => {
    expect((await ok<Page>(w.outsider.get(URL))).items).toEqual([]);
    const theirs = await w.outsider.post(URL, {
      communicationType: 'RELATIONSHIP_CALL',
      party: 'COMPANY',
      partyId: w.firmA.companyId,
      content: 'x',
    });
    expect(theirs.statusCode).toBe(404);
    expect((await w.firmA.caseManager.get(URL)).statusCode).toBe(403);
    expect((await list()).totalCount).toBe(4);
  });

  test('exports the filtered activities as a workbook', async () => {
    const res = await w.admin.get(`${URL}/export?communicationType=RELATIONSHIP_MEETING`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  test('each activity is audited', async () => {
    const [latest] = (await list()).items;
    const changes = await ok<{ items: { entityId: string; changeType: string }[] }>(
      w.admin.get(`/api/app/entity-changes?entityId=${latest!.id}`),
    );
    expect(changes.items.map((c) => c.changeType)).toContain('Created');
  });
});
