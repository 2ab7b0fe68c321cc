import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../../test/harness';
import { ok } from '../../../test/responses';
import { twoFirms } from '../../../test/worlds';

type Case = {
  id: string;
  caseNo: string;
  status: string;
  fields: Record<string, string | null>;
  concurrencyStamp: string;
};

let t: TestApp;
let staff: Caller;
let firmACm: Caller;
let firmBCm: Caller;
let outsider: Caller;
let people: { clientId: string; cmA: string };

const BASE = '/api/app/tpd';

beforeAll(async () => {
  t = await createTestApp();
  const world = await twoFirms(t, { features: { TPD: 'True' } }, ['STAFF']);
  ({ staff, outsider } = world);
  firmACm = world.firmA.caseManager;
  firmBCm = world.firmB.caseManager;
  people = { clientId: world.clientId, cmA: world.firmA.caseManagerId };
});
afterAll(async () => {
  await t?.close();
});

describe('a TPD claim', () => {
  let c: Case;
  const step = async (key: string, body: Record<string, unknown>) =>
    (c = await ok<Case>(staff.put(`${BASE}/${c.id}/${key}`, { concurrencyStamp: c.concurrencyStamp, ...body })));

  test('is numbered TPD- and moves through its stages to the employer statement, each in the status log', async () => {
    c = await ok<Case>(staff.post(BASE, { clientId: people.clientId, caseManagerId: people.cmA }));
    expect(c.caseNo).toMatch(/^TPD-\d{6}$/);
    expect(c.status).toBe('CASE_CREATED');
    await step('booking-detail', {
      clientId: people.clientId,
      caseManagerId: people.cmA,
      fundName: 'AustralianSuper',
      requestReceivedDate: '2026-02-02',
    });
    expect(c.status).toBe('REQUEST_RECEIVED');
    await step('precedentAuthority', {
      precedentAuthoritySentDate: '2026-02-03',
      precedentAuthorityReceivedDate: '2026-02-06',
    });
    expect(c.status).toBe('REQUEST_RECEIVED');
    const early = await staff.put(`${BASE}/${c.id}/costAgreement`, {
      concurrencyStamp: c.concurrencyStamp,
      costAgreementSentDate: '2026-02-10',
      costAgreementSignedDate: '2026-02-09',
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().error.message).toBe('The cost agreement cannot come back before it was sent.');
    await step('costAgreement', { costAgreementSentDate: '2026-02-10', costAgreementSignedDate: '2026-02-12' });
    expect(c.status).toBe('AGREEMENT_SIGNED');
    await step('ClaimForms', { claimFormSentDate: '2026-02-13', claimFormReceivedDate: '2026-02-20' });
    expect(c.status).toBe('CLIENT_CLAIM');
    await step('progress', { medicalAttendantStatementDate: '2026-03-01' });
    expect(c.status).toBe('MEDICAL_ATTENDANT_STATEMENT');
    await step('progress', { medicalAttendantStatementDate: '2026-03-01', legalSubmissionDate: '2026-03-20' });
    expect(c.status).toBe('LEGAL_SUBMISSION');
    await step('progress', {
      medicalAttendantStatementDate: '2026-03-01',
      legalSubmissionDate: '2026-03-20',
      employerStatementDate: '2026-03-25',
    });
    expect(c.status).toBe('EMPLOYER_STATEMENT');
    expect(c.fields).toMatchObject({ fundName: 'AustralianSuper', precedentAuthorityReceivedDate: '2026-02-06' });
    const log = await ok<{ items: { statusFrom: string | null; statusName: string; prefixedStatusName: string }[] }>(
      staff.get(`${BASE}/${c.id}/statusLogs`),
    );
    expect(log.items.map((l) => l.statusName)).toEqual([
      'CASE_CREATED',
      'REQUEST_RECEIVED',
      'AGREEMENT_SIGNED',
      'CLIENT_CLAIM',
      'MEDICAL_ATTENDANT_STATEMENT',
      'LEGAL_SUBMISSION',
      'EMPLOYER_STATEMENT',
    ]);
    expect(log.items.at(-1)!.prefixedStatusName).toBe('TPD_EMPLOYER_STATEMENT');
  });

  test('refuses cancelling a finished claim; cancels an open one with its reason in the log', async () => {
    const refused = await staff.put(`${BASE}/${c.id}/cancellation`, {
      concurrencyStamp: c.concurrencyStamp,
      cancellationDate: '2026-03-26',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe("A case in status 'Employer statement' cannot move to 'Cancelled'.");
    c = await ok<Case>(staff.post(BASE, { clientId: people.clientId, caseManagerId: people.cmA }));
    await step('cancellation', { cancellationDate: '2026-03-26', cancellationReason: 'Claimant withdrew' });
    expect(c.status).toBe('CANCELLED');
    const log = await ok<{ items: { note: string | null }[] }>(staff.get(`${BASE}/${c.id}/statusLogs`));
    expect(log.items.at(-1)!.note).toBe('Claimant withdrew');
  });

  test('another firm’s case manager and another tenant get 404', async () => {
    expect((await ok<{ items: { id: string }[] }>(firmACm.get(BASE))).items.map((i) => i.id)).toContain(c.id);
    expect((await ok<{ items: { id: string }[] }>(firmBCm.get(BASE))).items).toEqual([]);
    expect((await firmBCm.get(`${BASE}/${c.id}`)).statusCode).toBe(404);
    expect((await outsider.get(`${BASE}/${c.id}`)).statusCode).toBe(404);
    expect((await outsider.get(`${BASE}/${c.id}/statusLogs`)).statusCode).toBe(404);
  });
});
