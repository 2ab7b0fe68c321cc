import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  CaseModules,
  FileReviewEndpoints,
  FileReviewModule,
  MedicalRecordEndpoints,
  MedicalRecordModule,
  MedNegEndpoints,
  MedNegModule,
  MvaEndpoints,
  MvaModule,
  NdisEndpoints,
  NdisModule,
  Permissions,
  SupplementaryEndpoints,
  SupplementaryModule,
  TpdEndpoints,
  TpdModule,
  type CaseModuleDeclaration,
  moduleEndpointList,
  type CaseModuleEndpoints,
} from '@casebook/domain';
import { createTestApp, openOwnTestDatabase, type Caller, type TestApp } from '../../../test/harness';
import { members, ok, type Json } from '../../../test/responses';
import { startSmtpServer, waitFor } from '../../../test/smtp';
import { twoFirms, type TwoFirms } from '../../../test/worlds';
import { createMailer } from '../../platform/mail/mailer';

/** Every module served by the shared calls, with its declared calls. */
const MODULES: [CaseModuleDeclaration, CaseModuleEndpoints][] = [
  [SupplementaryModule, SupplementaryEndpoints],
  [FileReviewModule, FileReviewEndpoints],
  [MvaModule, MvaEndpoints],
  [NdisModule, NdisEndpoints],
  [MedicalRecordModule, MedicalRecordEndpoints],
  [TpdModule, TpdEndpoints],
  [MedNegModule, MedNegEndpoints],
];

const at = (e: { path: string }, params: Record<string, string>) =>
  e.path.replace(/:(\w+)/g, (_, k: string) => params[k]!);

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let w: TwoFirms;
let specialistId: string;
const CM_EMAIL = 'ann@firm-a.test';
const SPECIALIST_EMAIL = 'dora@doctors.test';

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp(await openOwnTestDatabase(), {
    mailer: createMailer({ smtpUrl: smtp.url, dataDir: '/nonexistent', from: 'Casebook <no-reply@casebook.test>' }),
    jobs: { run: true, pollingIntervalSeconds: 0.5, relayIntervalMs: 200 },
  });
  const features = Object.fromEntries(MODULES.flatMap(([m]) => m.features.map((f) => [f, 'True'])));
  w = await twoFirms(t, { features, timezone: 'Australia/Sydney' }, ['STAFF']);
  specialistId = (
    await ok(
      w.admin.post('/api/app/specialists', {
        firstName: 'Dora',
        lastName: 'Doctor',
        email: SPECIALIST_EMAIL,
        onboardedDate: '2020-01-01',
      }),
    )
  ).id;
  await t.database.withTenant(w.tenantId, (tx) =>
    tx.execute(sql`update case_managers set email = ${CM_EMAIL} where id = ${w.firmA.caseManagerId}`),
  );
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

test('every declared case module but the assessment list is served by the shared calls here', () => {
  const served = new Set(MODULES.map(([m]) => m.key));
  expect(CaseModules.filter((m) => !served.has(m.key)).map((m) => m.key)).toEqual(['assessments']);
});

test('the modules the spec gives sendReportStatus keep the report-sent date and declare the call', () => {
  const withCall = MODULES.filter(([, api]) => api.sendReportStatus).map(([m]) => m.key);
  expect(withCall).toEqual(['supplementaries', 'file-reviews', 'clinical-records', 'tpd']);
});

/** A message that reached the SMTP server for a recipient with the case number in its subject. */
const delivered = (to: string, caseNo: string, after = 0) =>
  waitFor(`an e-mail of ${caseNo} to ${to}`, () =>
    smtp.messages
      .slice(after)
      .find(
        (m) =>
          m.subject?.includes(caseNo) && (m.to as { value: { address: string }[] }).value.some((v) => v.address === to),
      ),
  );

/**
 * Refused as a case the caller may not see: another tenant's is a 404; another firm's case manager gets a 404, or
 * a 403 where case managers may not make the call at all.
 */
async function refused(who: Caller, res: Promise<{ statusCode: number; body: string }>) {
  const { statusCode, body } = await res;
  if (who === w.outsider) expect(statusCode, body).toBe(404);
  else expect([403, 404], body).toContain(statusCode);
}

describe.each(MODULES.map(([m, api]) => ({ key: m.key, m, api })))('the shared calls of $key', ({ m, api }) => {
  let a: Json;
  let b: Json;
  const prefix = Object.values(m.numberPrefixes)[0]!;
  let nobody: Caller[];

  beforeAll(async () => {
    a = await ok(
      w.staff.post(api.create.path, { clientId: w.clientId, caseManagerId: w.firmA.caseManagerId, specialistId }),
    );
    b = await ok(w.staff.post(api.create.path, { clientId: w.clientId, caseManagerId: w.firmB.caseManagerId }));
    nobody = [w.outsider, w.firmB.caseManager];
  });

  test('checkExistCaseNo finds the module’s own numbers the caller may see, and nothing else', async () => {
    if (m.ownCalls?.includes('checkExistCaseNo')) {
      // The module answers it with a call of its own (tested with the module).
      expect(moduleEndpointList(api)).toContain((api as Json).checkExistCaseNo);
      return;
    }
    const check = (who: Caller, caseNo: string) =>
      ok(who.get(`${api.checkExistCaseNo!.path}?caseNo=${encodeURIComponent(caseNo)}`));
    expect(a.caseNo).toMatch(new RegExp(`^${prefix}-`));
    expect(await check(w.staff, ` ${a.caseNo} `)).toEqual({ exists: true, module: m.key, id: a.id, message: null });
    expect(await check(w.firmA.caseManager, a.caseNo)).toMatchObject({ exists: true, id: a.id });
    // Another firm's case, another tenant, and a number of another module do not exist for the caller.
    expect(await check(w.firmA.caseManager, b.caseNo)).toMatchObject({ exists: false, id: null });
    expect(await check(w.outsider, a.caseNo)).toMatchObject({ exists: false, id: null });
    const other = MODULES.find(([x]) => x !== m && Object.values(x.numberPrefixes)[0] !== prefix)!;
    const theirs = await ok(
      w.staff.post(other[1].create.path, { clientId: w.clientId, caseManagerId: w.firmA.caseManagerId }),
    );
    expect(await check(w.staff, theirs.caseNo)).toMatchObject({
      exists: false,
      message: 'This case number does not exist. Please check again',
    });
  });

  test('export is a workbook of the module’s own cases the caller may see', async () => {
    const res = await w.firmA.caseManager.get(api.export.path);
    expect(res.statusCode, res.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['Case No', 'Status', 'Claimant']));
    const numbers: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) numbers.push(String(row.getCell(1).value));
    });
    expect(numbers).toContain(a.caseNo);
    expect(numbers).not.toContain(b.caseNo);
    expect(numbers.every((n) => n.startsWith(`${prefix}-`))).toBe(true);
    expect(sheet.getRow(2).getCell(2).value).toBe(m.statuses[m.initialStatus]!.label);
    expect((await w.outsider.get(api.export.path)).statusCode).toBe(200);
    const outsiderWb = new ExcelJS.Workbook();
    await outsiderWb.xlsx.load((await w.outsider.get(api.export.path)).rawPayload as never);
    expect(outsiderWb.worksheets[0]!.rowCount).toBe(1);
  });

  test('overdue counts count a case that waited longer than its status allows', async () => {
    const days = m.statuses[m.initialStatus]!.overdueDays;
    const before = await ok(w.firmA.caseManager.get(api.countOverdue.path));
    await t.database.withTenant(w.tenantId, (tx) =>
      tx.execute(sql`update cases set status_date = now() - interval '400 days' where id = ${a.id}`),
    );
    const after = await ok(w.firmA.caseManager.get(api.countOverdue.path));
    expect(after.totalCount - before.totalCount).toBe(days === null ? 0 : 1);
    await t.database.withTenant(w.tenantId, (tx) =>
      tx.execute(sql`update cases set status_date = now() where id = ${a.id}`),
    );
  });

  test('rebook makes a new case for the same parties, its log naming the old one', async () => {
    const re = await ok(w.staff.post(at(api.rebook, { id: a.id }), {}));
    expect(re).toMatchObject({
      status: m.initialStatus,
      clientId: a.clientId,
      caseManagerId: a.caseManagerId,
      specialistId: a.specialistId,
      companyId: a.companyId,
    });
    expect(re.caseNo).toMatch(new RegExp(`^${prefix}-`));
    expect(re.caseNo).not.toBe(a.caseNo);
    const log = await ok(w.staff.get(at(api.statusLogs, { id: re.id })));
    expect(log.items[0].note).toBe(`Rebooked from ${a.caseNo}`);
    if (m.nonAttendanceTemplate) {
      const sent = smtp.messages.length;
      const again = await ok(w.staff.post(at(api.rebook, { id: a.id }), { notifyCaseDNA: true }));
      const mail = await delivered(CM_EMAIL, a.caseNo, sent);
      expect(String(mail.html)).toContain(again.caseNo);
    } else {
      expect(members(await w.staff.post(at(api.rebook, { id: a.id }), { notifyCaseDNA: true }))).toEqual([
        'notifyCaseDNA',
      ]);
    }
    for (const who of nobody) await refused(who, who.post(at(api.rebook, { id: a.id }), {}));
  });

  test('sendReportStatus keeps the date and sends the report, where the module sends one', async () => {
    if (!m.reportSent) {
      expect(api.sendReportStatus).toBeUndefined();
      expect((await w.staff.post(`${api.create.path}/${a.id}/sendReportStatus`, {})).statusCode).toBe(404);
      return;
    }
    const path = at(api.sendReportStatus!, { id: a.id });
    const current = await ok(w.staff.get(at(api.get, { id: a.id })));
    const body = { concurrencyStamp: current.concurrencyStamp, reportSentDate: '2026-11-20' };
    for (const who of nobody) await refused(who, who.post(path, body));
    const sent = smtp.messages.length;
    const after = await ok(w.staff.post(path, body));
    expect(after.fields[m.reportSent.field]).toBe('2026-11-20');
    const mail = await delivered(CM_EMAIL, a.caseNo, sent);
    expect(String(mail.html)).toContain('Ann Able');
    expect((await w.staff.post(path, body)).statusCode).toBe(409);
  });

  test('its correspondence notes are kept on the case, under the case’s record rule', async () => {
    const notes = '/api/app/correspondences/notes';
    const note = (objectId: string, content: string) => ({
      fromModule: m.templateModule,
      objectId,
      communicationType: 'PHONE',
      content,
    });
    const listOf = (who: Caller, objectId: string) =>
      who.get(`${notes}?fromModule=${m.templateModule}&objectId=${objectId}`);
    const added = await ok(w.staff.post(notes, note(a.id, `Called about ${a.caseNo}`)));
    expect(added).toMatchObject({ fromModule: m.templateModule, objectId: a.id });
    expect((await ok(listOf(w.staff, a.id))).items.map((n: Json) => n.content)).toEqual([`Called about ${a.caseNo}`]);
    expect(
      (await w.staff.get(`/api/app/correspondences/emails?fromModule=${m.templateModule}&objectId=${a.id}`)).statusCode,
    ).toBe(200);
    // A case of another module is not a record of this one.
    const other = MODULES.find(([x]) => x.templateModule !== m.templateModule)!;
    const theirs = await ok(
      w.staff.post(other[1].create.path, { clientId: w.clientId, caseManagerId: w.firmA.caseManagerId }),
    );
    expect((await w.staff.post(notes, note(theirs.id, 'Wrong module'))).statusCode).toBe(404);
    // Case managers given the correspondence permission see their firm's case, not another firm's.
    const roles = await ok(w.admin.get('/api/app/tenants/roles'));
    const held: string[] = roles.items.find((r: Json) => r.name === 'CASE_MANAGER').permissions;
    await ok(
      w.admin.put('/api/app/roles/CASE_MANAGER/permissions', {
        permissions: [...new Set([...held, Permissions.correspondence.read, Permissions.correspondence.create])],
      }),
    );
    expect((await ok(listOf(w.firmA.caseManager, a.id))).totalCount).toBe(1);
    for (const who of [w.firmB.caseManager, w.outsider]) {
      expect((await listOf(who, a.id)).statusCode).toBe(404);
      expect((await who.post(notes, note(a.id, 'Not mine'))).statusCode).toBe(404);
    }
    expect((await ok(listOf(w.staff, a.id))).totalCount).toBe(1);
  });

  test('its action items are kept on the case, under the case’s record rule', async () => {
    if (!m.tabs.some((tab) => tab.key === 'ActionRequired')) {
      expect(api.actionItems ?? api.createActionItem).toBeUndefined();
      return;
    }
    const items = at(api.actionItems!, { id: a.id });
    const item = await ok(w.staff.post(items, { subject: `Chase ${a.caseNo}`, dueDate: '2026-12-01' }));
    expect(item).toMatchObject({ objectId: a.id, subject: `Chase ${a.caseNo}`, completed: false });
    expect((await ok(w.firmA.caseManager.get(items))).items.map((i: Json) => i.id)).toEqual([item.id]);
    for (const who of [w.firmB.caseManager, w.outsider]) {
      expect((await who.get(items)).statusCode).toBe(404);
    }
    const one = at(api.updateActionItem!, { id: a.id, itemId: item.id });
    const change = { concurrencyStamp: item.concurrencyStamp, subject: 'Chased', completed: true };
    // The item is reached through its own case only.
    expect((await w.staff.put(at(api.updateActionItem!, { id: b.id, itemId: item.id }), change)).statusCode).toBe(404);
    expect(await ok(w.staff.put(one, change))).toMatchObject({ subject: 'Chased', completed: true });
    expect((await w.staff.del(at(api.deleteActionItem!, { id: b.id, itemId: item.id }))).statusCode).toBe(404);
    expect((await w.staff.del(one)).statusCode).toBe(204);
    expect((await ok(w.staff.get(items))).totalCount).toBe(0);
  });

  test('its e-mails are previewed filled with the case, sent, and resent', async () => {
    if (m.emailTemplates.length === 0) {
      expect(api.emailPreview ?? api.emailSend ?? api.emailResend).toBeUndefined();
      return;
    }
    const templateKey = m.emailTemplates[0]!;
    const preview = at(api.emailPreview!, { id: a.id });
    const send = at(api.emailSend!, { id: a.id });
    for (const who of nobody) {
      await refused(who, who.post(preview, { templateKey }));
      await refused(who, who.post(send, { templateKey, email: 'x@y.test' }));
    }
    expect(members(await w.staff.post(preview, { templateKey: 'IME_APPOINTMENT_REQUEST' }))).toEqual(['templateKey']);
    const shown = await ok(w.staff.post(preview, { templateKey }));
    expect(shown.subject).toContain(a.caseNo);
    expect(shown.destination).toBe(/SPECIALIST|PAPERWORK/.test(templateKey) ? SPECIALIST_EMAIL : CM_EMAIL);
    expect(shown.metaData).toEqual({ fromModule: m.templateModule });

    const to = `${m.key}@recipient.test`;
    const tracked = await ok(w.staff.post(send, { templateKey, email: to }));
    expect(tracked).toMatchObject({ templateKey, objectId: a.id, recipient: to });
    const mail = await delivered(to, a.caseNo);
    expect(mail.subject).toBe(shown.subject);

    // Resend: only an e-mail of this case, and only by those who may see it.
    const resend = at(api.emailResend!, { id: a.id, emailId: tracked.id });
    for (const who of nobody) await refused(who, who.post(resend, {}));
    expect((await w.staff.post(at(api.emailResend!, { id: b.id, emailId: tracked.id }), {})).statusCode).toBe(404);
    const count = smtp.messages.filter((x) => x.subject === shown.subject).length;
    const again = await ok(w.staff.post(resend, {}));
    expect(again.id).not.toBe(tracked.id);
    await waitFor('the resent e-mail', () =>
      smtp.messages.filter((x) => x.subject === shown.subject).length > count ? true : undefined,
    );
  });
});
