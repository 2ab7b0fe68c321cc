import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addDays, AllPermissionNames, formatIsoDate, todayIn } from '@casebook/domain';
import { callerFor, createTestApp, newTenant, type Caller, type TestApp } from '../../../test/harness';
import { multipartBody, multipartHeaders } from '../../modules/files/multipart.test-support';
import { silentWav } from '../../modules/typing/wav.test-support';
import { RecordKinds, unregisteredRecordKinds, type RecordKind } from './records';

type Json = Record<string, unknown> & { id: string; concurrencyStamp: string };
type Call = { method: 'PUT' | 'POST' | 'DELETE'; url: string; body?: unknown };

/**
 * How to reach one record of a kind through the API: read it, change it, remove it, and the lists and
 * selection lists it would appear in. A kind without a remove call says so (null) and why.
 */
type Probe = {
  get: string;
  update: Call;
  remove: Call | null;
  lists: string[];
  /**
   * The kind is the tenant's panel, read by everyone holding its permission (specialists: case managers
   * book with any of them); outsiders holding the permission see it, and without it see nothing of it.
   */
  panel?: true;
  /**
   * Who is on the record and who is not, when not the case's people (a loan is its borrower firm's case
   * managers' to see; specialists have no part in it).
   */
  insiders?: Caller[];
  outsiders?: Caller[];
};

let t: TestApp;
let admin: Caller;
let insiders: Caller[];
let outsiders: Caller[];
let probes: Record<RecordKind, Probe>;
let before: Record<RecordKind, string>;

const ok = async (res: Promise<{ statusCode: number; body: string; json(): unknown }>): Promise<Json> => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as Json;
};

beforeAll(async () => {
  t = await createTestApp();
  const tenantId = await newTenant(t.database, {
    timezone: 'Australia/Sydney',
    features: {
      MarketingCampaign: 'True',
      TimeTracking: 'True',
      InquiryCentre: 'True',
      EMLIntegration: 'True',
      QaStatus: 'True',
    },
  });
  admin = await callerFor(t, tenantId);
  const staff = await callerFor(t, tenantId, ['STAFF']);
  // Case managers and specialists hold every permission here: what keeps them out is their reach alone.
  for (const role of ['CASE_MANAGER', 'SPECIALIST']) {
    await ok(admin.put(`/api/app/roles/${role}/permissions`, { permissions: AllPermissionNames }));
  }
  const firmA = await ok(admin.post('/api/app/companies', { name: 'Firm A', businessType: 'LAW_FIRM' }));
  const firmB = await ok(admin.post('/api/app/companies', { name: 'Firm B', businessType: 'LAW_FIRM' }));
  const cmA = await callerFor(t, tenantId, ['CASE_MANAGER']);
  const cmB = await callerFor(t, tenantId, ['CASE_MANAGER']);
  const cmRecord = await ok(
    admin.post('/api/app/case-managers', {
      firstName: 'Ann',
      lastName: 'Able',
      companyId: firmA.id,
      userId: cmA.userId,
    }),
  );
  await ok(
    admin.post('/api/app/case-managers', {
      firstName: 'Ben',
      lastName: 'Baker',
      companyId: firmB.id,
      userId: cmB.userId,
    }),
  );
  const onCase = await callerFor(t, tenantId, ['SPECIALIST']);
  const offCase = await callerFor(t, tenantId, ['SPECIALIST']);
  const specialist = await ok(
    admin.post('/api/app/specialists', {
      firstName: 'Dora',
      lastName: 'Doctor',
      onboardedDate: '2020-01-01',
      userId: onCase.userId,
    }),
  );
  await ok(
    admin.post('/api/app/specialists', {
      firstName: 'Eve',
      lastName: 'Elsewhere',
      onboardedDate: '2020-01-01',
      userId: offCase.userId,
    }),
  );
  insiders = [cmA, onCase];
  outsiders = [cmB, offCase];
  const centre = await ok(admin.post('/api/app/centres', { name: 'Sydney CBD', state: 'NSW', postcode: '2000' }));
  const date = formatIsoDate(addDays(todayIn('Australia/Sydney'), 9));
  const session = await ok(
    admin.post('/api/app/appointment-sessions', {
      specialistId: specialist.id,
      centreId: centre.id,
      date,
      startTime: '09:00',
      endTime: '10:00',
    }),
  );
  const claimant = await ok(admin.post('/api/app/clients', { firstName: 'Cleo', lastName: 'Private' }));
  const theCase = await ok(
    staff.post('/api/app/assessments', {
      clientId: claimant.id,
      caseManagerId: cmRecord.id,
      specialistId: specialist.id,
      sessionId: session.id,
    }),
  );
  const file = await ok(
    admin.request({
      method: 'POST',
      url: '/api/app/files',
      headers: multipartHeaders,
      payload: multipartBody({}, { name: 'report.txt', bytes: new TextEncoder().encode('Cleo private report') }),
    }),
  );
  const attachment = await ok(
    admin.post('/api/app/attachments', { fileId: file.id, attachmentFrom: 'Client', objectId: claimant.id }),
  );

  await ok(
    admin.post('/api/app/payment-blueprints', {
      name: 'All services',
      items: [{ description: 'IME', quantity: 1, unitPrice: 900_00 }],
    }),
  );
  const invoice = await ok(admin.post('/api/app/payments/invoiceFromModule', { caseId: theCase.id }));
  // The invoice sent and its month remitted: the statement is Dora's (the case's specialist).
  const sent = await ok(
    admin.post(`/api/app/payments/${invoice.id}/send`, { concurrencyStamp: invoice.concurrencyStamp }),
  );
  const [year, month] = String(sent.invoiceDate).split('-').map(Number);
  await ok(admin.post('/api/app/specialist-remittances/run', { yearPeriod: year, monthPeriod: month }));
  const statements = await ok(admin.get(`/api/app/specialist-remittances?yearPeriod=${year}&monthPeriod=${month}`));
  const statement = (statements.items as Json[])[0]!;
  // Funding: an agreement whose borrower is firm A, and a loan under it with one advance.
  const provider = await ok(admin.post('/api/app/funding-providers', { name: 'Harbour Capital' }));
  const agreement = await ok(
    admin.post('/api/app/funding-agreements', {
      providerId: provider.id,
      borrowerCompanyId: firmA.id,
      borrowerName: 'Firm A',
      fundingType: 2,
      interestMethod: 'Simple',
      repaymentType: 'Settlement',
      facilityLimit: 10_000_000,
      financingStartDate: '2024-01-01',
      interestRate: 950,
    }),
  );
  await ok(admin.put(`/api/app/funding-agreements/${agreement.id}/status`, { status: 'Effective' }));
  const loan = await ok(admin.post('/api/app/disbursement-funding', { agreementId: agreement.id }));
  await ok(
    admin.post(`/api/app/disbursement-funding/${loan.id}/advances`, {
      amount: 100_000,
      description: 'Medical report',
      paymentDate: '2024-02-01',
    }),
  );
  const repaymentInvoice = await ok(
    admin.post('/api/app/disbursements/repayment-invoice', {
      loanId: loan.id,
      invoiceDate: '2024-06-01',
      dueDate: '2024-06-15',
    }),
  );
  const fundingInvoice = await ok(
    admin.post('/api/app/disbursement-funding/funding-invoices', {
      loanId: loan.id,
      invoiceDate: '2024-06-01',
      dueDate: '2024-06-15',
    }),
  );
  const firmAOnly = { insiders: [cmA], outsiders: [cmB, onCase, offCase] };
  // A funding request sent to a lender (another tenant): the firm's office sees its copy, no one else.
  const lenderTenant = await newTenant(t.database, { editionName: 'FUNDING PROVIDER' });
  const approved = await ok(admin.post('/api/app/tenants/approvedlenders', { lenderTenantId: lenderTenant }));
  const request = await ok(
    admin.post('/api/app/funding-requests', {
      approvedLenderId: approved.id,
      caseReference: 'C-1',
      description: 'Medical report',
      amount: 100_000,
      send: false,
    }),
  );

  const campaign = await ok(
    admin.post('/api/app/marketing-campaigns', { name: 'News', subject: 'News', htmlContent: '<p>News</p>' }),
  );
  // A dictation of the case given to one typist; another typist is not on it.
  const typist = await callerFor(t, tenantId, ['CONTRACTOR']);
  const otherTypist = await callerFor(t, tenantId, ['CONTRACTOR']);
  const upload = (caller: Caller, name: string, bytes: Uint8Array) =>
    ok(
      caller.request({
        method: 'POST',
        url: '/api/app/files',
        headers: multipartHeaders,
        payload: multipartBody({}, { name, bytes }),
      }),
    );
  const audio = await upload(admin, 'dictation.wav', silentWav());
  const dictation = await ok(
    admin.post('/api/app/attachments', { fileId: audio.id, attachmentFrom: 'IME', objectId: theCase.id }),
  );
  const typistJob = await ok(
    admin.post('/api/app/typist-jobs', { dictationAttachmentId: dictation.id, contractorId: typist.userId }),
  );
  const typedReport = await upload(otherTypist, 'typed.txt', new TextEncoder().encode('Typed report'));
  // Staff's own time on the case.
  const timeEntry = await ok(
    staff.post('/api/app/time-tracking', {
      caseId: theCase.id,
      startTime: '2024-03-01T09:00:00Z',
      endTime: '2024-03-01T10:00:00Z',
      description: 'Reading the brief',
    }),
  );
  // An inquiry and an appointment request e-mail: the office's, from any firm.
  const inquiry = await ok(
    admin.post('/api/app/inquiries', { enquirerName: 'Priya Patel', email: 'priya@example.test' }),
  );
  const requestEml = ['From: cm@firm-a.test', 'Subject: IME request', '', 'Claimant: Ann Claimant', ''].join('\r\n');
  const proposal = await ok(
    admin.post('/api/app/eml/upload', { fileName: 'request.eml', content: Buffer.from(requestEml).toString('base64') }),
  );
  // A correction of the case's report, recorded by staff.
  const correction = await ok(
    staff.post('/api/app/report-corrections', { caseId: theCase.id, note: 'Page 3 names the wrong claimant' }),
  );
  const stamp = { concurrencyStamp: '' };
  probes = {
    case: {
      get: `/api/app/assessments/${theCase.id}`,
      update: { method: 'PUT', url: `/api/app/assessments/${theCase.id}/paperwork`, body: stamp },
      // Cases are cancelled, never deleted.
      remove: { method: 'POST', url: `/api/app/assessments/${theCase.id}/cancelAppointment`, body: stamp },
      lists: ['/api/app/assessments?maxResultCount=1000'],
    },
    session: {
      get: `/api/app/appointment-sessions/${session.id}`,
      update: {
        method: 'PUT',
        url: `/api/app/appointment-sessions/${session.id}`,
        body: {
          specialistId: specialist.id,
          centreId: centre.id,
          date,
          startTime: '09:00',
          endTime: '10:30',
          ...stamp,
        },
      },
      remove: { method: 'DELETE', url: `/api/app/appointment-sessions/${session.id}` },
      lists: [`/api/app/appointment-sessions?fromDate=${date}&toDate=${date}`],
    },
    attachment: {
      get: `/api/app/attachments/${attachment.id}`,
      update: { method: 'POST', url: `/api/app/attachments/${attachment.id}/cleanup` },
      remove: { method: 'DELETE', url: `/api/app/attachments/${attachment.id}` },
      lists: [`/api/app/attachments?attachmentFrom=Client&objectId=${claimant.id}`],
    },
    file: {
      get: `/api/app/files/${file.id}`,
      update: { method: 'POST', url: `/api/app/files/GenerateDownloadToken?fileId=${file.id}` },
      // A file goes with its attachment (the attachment's remove call).
      remove: null,
      lists: [`/api/app/attachments?attachmentFrom=Client&objectId=${claimant.id}`],
    },
    claimant: {
      get: `/api/app/clients/${claimant.id}`,
      update: {
        method: 'PUT',
        url: `/api/app/clients/${claimant.id}`,
        body: { firstName: 'X', lastName: 'Y', ...stamp },
      },
      remove: { method: 'DELETE', url: `/api/app/clients/${claimant.id}` },
      lists: ['/api/app/clients?maxResultCount=1000', '/api/app/clients?isSelectionList=true&maxResultCount=1000'],
    },
    caseManager: {
      get: `/api/app/case-managers/${cmRecord.id}`,
      update: {
        method: 'PUT',
        url: `/api/app/case-managers/${cmRecord.id}`,
        body: { firstName: 'X', lastName: 'Y', companyId: firmA.id, ...stamp },
      },
      remove: { method: 'DELETE', url: `/api/app/case-managers/${cmRecord.id}` },
      lists: [
        '/api/app/case-managers?maxResultCount=1000',
        '/api/app/case-managers?isSelectionList=true&maxResultCount=1000',
      ],
    },
    company: {
      get: `/api/app/companies/${firmA.id}`,
      update: {
        method: 'PUT',
        url: `/api/app/companies/${firmA.id}`,
        body: { name: 'Renamed', businessType: 'LAW_FIRM', ...stamp },
      },
      remove: { method: 'DELETE', url: `/api/app/companies/${firmA.id}` },
      lists: ['/api/app/companies?maxResultCount=1000', '/api/app/companies?isSelectionList=true&maxResultCount=1000'],
    },
    specialist: {
      get: `/api/app/specialists/${specialist.id}`,
      update: {
        method: 'PUT',
        url: `/api/app/specialists/${specialist.id}`,
        body: { firstName: 'X', lastName: 'Y', ...stamp },
      },
      remove: { method: 'DELETE', url: `/api/app/specialists/${specialist.id}` },
      lists: [
        '/api/app/specialists?maxResultCount=1000',
        '/api/app/specialists?isSelectionList=true&maxResultCount=1000',
      ],
      panel: true,
    },
    invoice: {
      get: `/api/app/payments/${invoice.id}`,
      update: {
        method: 'PUT',
        url: `/api/app/payments/${invoice.id}`,
        body: {
          invoiceDate: invoice.invoiceDate,
          dueDate: invoice.dueDate,
          lines: [{ description: 'Changed', quantity: 1, unitPrice: 1 }],
          ...stamp,
        },
      },
      // Invoices are cancelled, never deleted.
      remove: { method: 'POST', url: `/api/app/payments/${invoice.id}/cancel`, body: { comment: 'x', ...stamp } },
      lists: ['/api/app/payments?maxResultCount=1000'],
      // Only the firm's case manager is inside: specialists see no client invoice, even on their own case.
      ...firmAOnly,
    },
    remittanceStatement: {
      get: `/api/app/specialist-remittances/${statement.id}`,
      // E-mailing it to its specialist is what is done with a statement.
      update: { method: 'POST', url: '/api/app/specialist-remittances/send', body: { ids: [statement.id] } },
      // Statements are never deleted.
      remove: null,
      lists: ['/api/app/specialist-remittances?maxResultCount=1000', '/api/app/my-remittances?maxResultCount=1000'],
      // Only the specialist paid by it is inside: no case manager, and no other specialist.
      insiders: [onCase],
      outsiders: [cmA, cmB, offCase],
    },
    fundingAgreement: {
      get: `/api/app/funding-agreements/${agreement.id}`,
      update: {
        method: 'POST',
        url: `/api/app/funding-agreements/${agreement.id}/interest-rates`,
        body: { effectiveFrom: '2030-01-01', basisPoints: 100 },
      },
      // Agreements are cancelled, never deleted.
      remove: {
        method: 'PUT',
        url: `/api/app/funding-agreements/${agreement.id}/status`,
        body: { status: 'Cancelled' },
      },
      lists: ['/api/app/funding-agreements?maxResultCount=1000'],
      ...firmAOnly,
    },
    loan: {
      get: `/api/app/disbursement-funding/${loan.id}`,
      update: {
        method: 'POST',
        url: `/api/app/disbursement-funding/${loan.id}/advances`,
        body: { amount: 100, description: 'Records', paymentDate: '2024-03-01' },
      },
      // A loan is cancelled, never deleted; its ledger is append-only.
      remove: { method: 'POST', url: `/api/app/disbursement-funding/${loan.id}/cancel`, body: { reason: 'x' } },
      lists: ['/api/app/disbursement-funding?maxResultCount=1000', '/api/app/funding-transactions?maxResultCount=1000'],
      ...firmAOnly,
    },
    repaymentInvoice: {
      get: `/api/app/disbursements/repayment-invoice/${repaymentInvoice.id}`,
      update: {
        method: 'POST',
        url: `/api/app/disbursements/repayment-invoice/${repaymentInvoice.id}/send`,
        body: stamp,
      },
      // Repayment invoices are cancelled, never deleted.
      remove: {
        method: 'POST',
        url: `/api/app/disbursements/repayment-invoice/${repaymentInvoice.id}/cancel`,
        body: { reason: 'x', ...stamp },
      },
      lists: ['/api/app/disbursements/repayment-invoice?maxResultCount=1000'],
      ...firmAOnly,
    },
    fundingInvoice: {
      get: `/api/app/disbursement-funding/funding-invoices/${fundingInvoice.id}`,
      update: {
        method: 'POST',
        url: `/api/app/disbursement-funding/funding-invoices/${fundingInvoice.id}/payments`,
        body: { amount: 100, date: '2024-06-01' },
      },
      // Funding invoices are cancelled, never deleted.
      remove: {
        method: 'POST',
        url: `/api/app/disbursement-funding/funding-invoices/${fundingInvoice.id}/cancel`,
        body: { reason: 'x', ...stamp },
      },
      lists: ['/api/app/disbursement-funding/funding-invoices?maxResultCount=1000'],
      ...firmAOnly,
    },
    fundingRequest: {
      get: `/api/app/funding-requests/${request.id}`,
      update: { method: 'POST', url: `/api/app/funding-requests/${request.id}/send` },
      remove: { method: 'POST', url: `/api/app/funding-requests/${request.id}/cancel`, body: { reason: 'x' } },
      lists: ['/api/app/funding-requests?maxResultCount=1000'],
      insiders: [admin, staff],
      outsiders: [cmA, cmB, onCase, offCase],
    },
    marketingCampaign: {
      get: `/api/app/marketing-campaigns/${campaign.id}`,
      update: {
        method: 'PUT',
        url: `/api/app/marketing-campaigns/${campaign.id}`,
        body: { name: 'X', subject: 'X', htmlContent: '<p>X</p>', ...stamp },
      },
      remove: { method: 'DELETE', url: `/api/app/marketing-campaigns/${campaign.id}` },
      lists: ['/api/app/marketing-campaigns?maxResultCount=1000'],
      insiders: [admin, staff],
      outsiders: [cmA, cmB, onCase, offCase],
    },
    inquiry: {
      get: `/api/app/inquiries/${inquiry.id}`,
      update: {
        method: 'PUT',
        url: `/api/app/inquiries/${inquiry.id}`,
        body: {
          enquirerName: 'X',
          companyName: null,
          email: null,
          phone: null,
          serviceType: 'IME',
          details: null,
          ...stamp,
        },
      },
      // Inquiries are closed, never deleted.
      remove: { method: 'POST', url: `/api/app/inquiries/${inquiry.id}/close`, body: stamp },
      lists: ['/api/app/inquiries?maxResultCount=1000'],
      insiders: [admin, staff],
      outsiders: [cmA, cmB, onCase, offCase],
    },
    emailProposal: {
      get: `/api/app/eml/${proposal.id}`,
      update: { method: 'POST', url: `/api/app/eml/${proposal.id}/accept`, body: stamp },
      // Proposals are rejected, never deleted.
      remove: { method: 'POST', url: `/api/app/eml/${proposal.id}/reject`, body: stamp },
      lists: ['/api/app/eml?maxResultCount=1000'],
      insiders: [admin, staff],
      outsiders: [cmA, cmB, onCase, offCase],
    },
    typistJob: {
      get: `/api/app/typist-jobs/${typistJob.id}`,
      update: {
        method: 'PUT',
        url: `/api/app/typist-jobs/${typistJob.id}/typed-report`,
        body: { fileId: typedReport.id, ...stamp },
      },
      // A job is completed, never deleted.
      remove: null,
      lists: ['/api/app/typist-jobs?maxResultCount=1000', '/api/app/typist-jobs?typedReportStatus=0'],
      insiders: [admin, staff, typist],
      outsiders: [cmA, cmB, onCase, offCase, otherTypist],
    },
    timeEntry: {
      get: `/api/app/time-tracking/${timeEntry.id}`,
      update: {
        method: 'PUT',
        url: `/api/app/time-tracking/${timeEntry.id}`,
        body: { startTime: '2024-03-01T09:00:00Z', endTime: '2024-03-01T11:00:00Z', ...stamp },
      },
      remove: { method: 'DELETE', url: `/api/app/time-tracking/${timeEntry.id}` },
      lists: ['/api/app/time-tracking?maxResultCount=1000'],
      insiders: [admin, staff],
      outsiders: [cmA, cmB, onCase, offCase],
    },
    reportCorrection: {
      get: `/api/app/report-corrections/${correction.id}`,
      update: { method: 'PUT', url: `/api/app/report-corrections/${correction.id}/note`, body: { note: 'Changed' } },
      // Corrections are closed by their status, never deleted.
      remove: {
        method: 'PUT',
        url: `/api/app/report-corrections/${correction.id}/status`,
        body: { status: 'CORRECTED' },
      },
      lists: ['/api/app/report-corrections?maxResultCount=1000', `/api/app/assessments/${theCase.id}/report-qa`],
    },
  };
  // Each write carries the record's current stamp, so nothing but access can refuse it.
  before = {} as Record<RecordKind, string>;
  for (const kind of RecordKinds) {
    const current = await ok(admin.get(probes[kind].get));
    before[kind] = JSON.stringify(current);
    for (const call of [probes[kind].update, probes[kind].remove]) {
      if (call?.body) call.body = { ...(call.body as object), concurrencyStamp: current.concurrencyStamp };
    }
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const insidersOf = (probe: Probe) => probe.insiders ?? insiders;
const outsidersOf = (probe: Probe) => probe.outsiders ?? outsiders;
const idIn = (url: string) => url.split('/').pop()!.split('?')[0]!;
const send = (caller: Caller, call: Call) =>
  caller.request({ method: call.method, url: call.url, ...(call.body ? { payload: call.body as never } : {}) });

test('every record kind has an access rule and a probe', () => {
  expect(unregisteredRecordKinds()).toEqual([]);
  expect(Object.keys(probes).sort()).toEqual([...RecordKinds].sort());
});

describe.each(RecordKinds)('%s', (kind) => {
  test('those on the case read it and find it in its lists (the probe reaches the record)', async () => {
    const probe = probes[kind];
    const id = idIn(probe.get);
    for (const caller of insidersOf(probe)) {
      const res = await caller.get(probe.get);
      expect({ caller: caller.userId, status: res.statusCode }).toEqual({ caller: caller.userId, status: 200 });
      for (const list of probe.lists) expect((await caller.get(list)).body, list).toContain(id);
    }
  });

  test("another firm's case manager and a specialist not on the case get 404 on get, update and delete, and do not find it in lists", async () => {
    const probe = probes[kind];
    const id = idIn(probe.get);
    for (const caller of outsidersOf(probe)) {
      if (probe.panel) {
        // The panel is open to whoever holds its permission; its documents follow the same rule.
        expect((await caller.get(probe.get)).statusCode).toBe(200);
        continue;
      }
      const calls: [string, () => Promise<{ statusCode: number; body: string }>][] = [
        ['get', () => caller.get(probe.get)],
        ['update', () => send(caller, probe.update)],
      ];
      if (probe.remove) calls.push(['remove', () => send(caller, probe.remove!)]);
      for (const [what, call] of calls) {
        const res = await call();
        expect({ what, status: res.statusCode }, res.body).toEqual({ what, status: 404 });
      }
      for (const list of probe.lists) {
        const res = await caller.get(list);
        expect([200, 404], res.body).toContain(res.statusCode);
        expect(res.body, list).not.toContain(id);
      }
    }
    // Nothing was changed by the refused calls.
    expect(JSON.stringify(await ok(admin.get(probe.get)))).toBe(before[kind]);
  });
});
