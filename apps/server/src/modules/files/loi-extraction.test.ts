import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AttachmentEndpoints, endpointPath, type LoiData } from '@casebook/domain';
import { callerFor, createTestApp, newTenant, type Caller, type TestApp } from '../../../test/harness';
import { createLocalFileStore } from '../../platform/files/file-store';
import { multipartBody, multipartHeaders } from './multipart.test-support';

let t: TestApp;
let root: string;
let staff: Caller;
let otherTenant: Caller;
let caseId: string;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
async function ok(res: Promise<{ statusCode: number; body: string; json(): unknown }>): Promise<Json> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as Json;
}

/** Lines of text at positions: [x, y, text, size?]; each page one list. */
type Placed = [x: number, y: number, text: string, size?: number];
async function pdfOf(pages: Placed[][], fontName: StandardFonts): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font: PDFFont = await doc.embedFont(fontName);
  for (const lines of pages) {
    const page: PDFPage = doc.addPage([595, 842]);
    for (const [x, y, text, size] of lines) page.drawText(text, { x, y, size: size ?? 11, font });
  }
  return doc.save();
}
/** Lines one under another from the top, a blank line where the text is ''. */
function flow(lines: string[], x = 56, top = 790, step = 15): Placed[] {
  let y = top;
  const out: Placed[] = [];
  for (const line of lines) {
    if (line) out.push([x, y, line]);
    y -= line ? step : step * 1.2;
  }
  return out;
}

async function attachPdf(name: string, bytes: Uint8Array): Promise<string> {
  const file = await ok(
    staff.request({
      method: 'POST',
      url: '/api/app/files',
      headers: multipartHeaders,
      payload: multipartBody({}, { name, bytes }),
    }),
  );
  return (await ok(staff.post('/api/app/attachments', { fileId: file.id, attachmentFrom: 'IME', objectId: caseId })))
    .id;
}
const extract = (caller: Caller, id: string, body: Json = {}) =>
  caller.post(endpointPath(AttachmentEndpoints.extractLoiData, { id }), body);

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-loi-test-'));
  t = await createTestApp(undefined, { fileStore: createLocalFileStore(root) });
  const tenantId = await newTenant(t.database);
  const admin = await callerFor(t, tenantId);
  staff = await callerFor(t, tenantId, ['STAFF']);
  otherTenant = await callerFor(t, await newTenant(t.database), ['STAFF']);
  const idOf = async (res: Promise<{ statusCode: number; body: string; json(): unknown }>) => (await ok(res)).id;
  const companyId = await idOf(
    admin.post('/api/app/companies', { name: 'Smith & Partners', businessType: 'LAW_FIRM' }),
  );
  const caseManagerId = await idOf(
    admin.post('/api/app/case-managers', { firstName: 'Cara', lastName: 'Manager', companyId }),
  );
  const clientId = await idOf(admin.post('/api/app/clients', { firstName: 'Pending', lastName: 'Claimant' }));
  caseId = await idOf(staff.post('/api/app/assessments', { clientId, caseManagerId }));
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('letters of instruction are read on this server', () => {
  test('a labelled letter: claimant, dates and numbered questions', async () => {
    const bytes = await pdfOf(
      [
        flow([
          'Smith & Partners Lawyers',
          'Level 4, 120 Queen Street, Brisbane QLD 4000',
          '',
          '15 January 2027',
          '',
          'Dr Olive Bones',
          'Re: Independent Medical Examination',
          '',
          'Claimant: Mr John Smith',
          'Date of Birth: 12/03/1980',
          'Date of Injury: 05/06/2024',
          'Claim number: CL-99812',
          '',
          'We act for the claimant in a workers compensation claim. Please provide your report by 15 February 2027.',
          '',
          'Questions',
          "1. What is the diagnosis of the claimant's injuries?",
          '2. Are the injuries causally related to the incident of 5 June 2024?',
          '3. What treatment is reasonable and necessary?',
          '',
          'Yours sincerely,',
          'Sarah Partner',
        ]),
      ],
      StandardFonts.Helvetica,
    );
    const id = await attachPdf('LOI Smith.pdf', bytes);
    expect(await ok(extract(staff, id))).toEqual({
      claimantName: 'John Smith',
      dateOfBirth: '1980-03-12',
      injuryDate: '2024-06-05',
      reportDueDate: '2027-02-15',
      questions: [
        "What is the diagnosis of the claimant's injuries?",
        'Are the injuries causally related to the incident of 5 June 2024?',
        'What treatment is reasonable and necessary?',
      ],
    } satisfies LoiData);
  });

  test('an insurer\'s letter: "RE:" in capitals, dates in words, lettered questions over several lines', async () => {
    const bytes = await pdfOf(
      [
        flow([
          'ACME INSURANCE LIMITED',
          'GPO Box 1, Sydney NSW 2001',
          '',
          'RE: MS JANE CITIZEN v ACME INSURANCE',
          'DOB 3 April 1975',
          '',
          'Ms Citizen was injured on 14 March 2024 in a motor vehicle accident on the M4.',
          '',
          'We would be grateful if you could address the following questions:',
          '',
          '(a) Please describe the nature and extent of any',
          'psychiatric condition you diagnose.',
          '(b) Is Ms Citizen fit to return to her pre-injury',
          'duties, and if not, when?',
          '(c) Please comment on her prognosis.',
          '',
          'Your report is required no later than 1 March 2027.',
          '',
          'Kind regards',
        ]),
      ],
      StandardFonts.TimesRoman,
    );
    const id = await attachPdf('Instruction letter.pdf', bytes);
    expect(await ok(extract(staff, id))).toEqual({
      claimantName: 'Jane Citizen',
      dateOfBirth: '1975-04-03',
      injuryDate: '2024-03-14',
      reportDueDate: '2027-03-01',
      questions: [
        'Please describe the nature and extent of any psychiatric condition you diagnose.',
        'Is Ms Citizen fit to return to her pre-injury duties, and if not, when?',
        'Please comment on her prognosis.',
      ],
    } satisfies LoiData);
  });

  test('a form in two columns over two pages: labels beside values, questions on the second page', async () => {
    const row = (y: number, label: string, value: string): Placed[] => [
      [56, y, label],
      [230, y, value],
    ];
    const bytes = await pdfOf(
      [
        [
          [56, 790, 'INSTRUCTIONS FOR MEDICO-LEGAL ASSESSMENT', 14],
          ...row(750, 'Examinee', 'AHMED KHAN'),
          ...row(730, 'D.O.B.', '21.11.1968'),
          ...row(710, 'Date of accident', '2023-09-30'),
          ...row(690, 'Report due date', '28/02/2027'),
          ...row(670, 'Assessment type', 'Video IME'),
        ],
        [
          [56, 790, 'QUESTIONS FOR THE SPECIALIST', 13],
          [56, 760, 'Q1. What is your diagnosis?'],
          [56, 740, 'Q2. What is the whole person impairment under AMA5?'],
          [56, 720, 'Q3. Is further treatment required, and if so what?'],
          [56, 680, 'Please contact our office on 07 3000 0000 with any queries.'],
        ],
      ],
      StandardFonts.Courier,
    );
    const id = await attachPdf('Assessment form.pdf', bytes);
    const data = await ok(extract(staff, id));
    expect(data).toEqual({
      claimantName: 'Ahmed Khan',
      dateOfBirth: '1968-11-21',
      injuryDate: '2023-09-30',
      reportDueDate: '2027-02-28',
      questions: [
        'What is your diagnosis?',
        'What is the whole person impairment under AMA5?',
        'Is further treatment required, and if so what?',
      ],
    } satisfies LoiData);

    // Kept on the attachment: the same answer again; another tenant cannot read it at all.
    expect(await ok(extract(staff, id))).toEqual(data);
    expect(await ok(extract(staff, id, { disableCache: true }))).toEqual(data);
    expect((await extract(otherTenant, id)).statusCode).toBe(404);
    expect((await extract(staff, id, { disableCache: 'yes' })).statusCode).toBe(400);
  });
});
