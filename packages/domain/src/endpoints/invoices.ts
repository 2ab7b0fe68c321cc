import { z } from 'zod';
import {
  BlueprintFromModuleInput,
  CancelInvoiceInput,
  CaseIdQuery,
  CreateCreditNoteInput,
  SelectedInvoicesInput,
  SendSelectedInvoicesDto,
  CreatePartialPaymentInput,
  CreatePaymentBlueprintInput,
  InvoiceDto,
  InvoiceFromModuleInput,
  InvoiceListInput,
  InvoiceListItemDto,
  InvoiceStatusCountsDto,
  PaymentBlueprintDto,
  StampedInput,
  UpdateInvoiceInput,
  UpdatePaymentBlueprintInput,
} from '../invoices/dto';
import {
  RemittanceListInput,
  RemittancePrintInput,
  RemittanceRunDto,
  RemittanceStatementDetailDto,
  RemittanceStatementDto,
  RunRemittanceInput,
} from '../invoices/remittance';
import {
  MailQueuedDto,
  OutstandingBalanceDto,
  OutstandingBalanceInput,
  OutstandingStatementDto,
  OutstandingStatementInput,
  OverdueCheckDto,
  SendOutstandingStatementInput,
  SendRemittanceStatementsInput,
} from '../invoices/outstanding';
import { InvoiceSchemeInput, SchemeExportInput } from '../invoices/schemes';
import { Uuid } from '../ids';
import { PagedListInput, pagedResult } from '../paging';
import { Permissions } from '../permissions';
import { endpoint } from './endpoint';

const IdParams = z.object({ id: Uuid });
const PaymentParams = z.object({ id: Uuid, paymentId: Uuid });
const CreditNoteParams = z.object({ id: Uuid, creditNoteId: Uuid });
const tags = ['Payments'];
const BASE = '/api/app/payments';
const P = Permissions.payments;
const B = Permissions.paymentBlueprints;

/** Payment invoices of cases: list, counts, invoicing a case, editing a draft, sending, cancelling, payments. */
export const InvoiceEndpoints = {
  list: endpoint({
    method: 'GET',
    path: BASE,
    query: InvoiceListInput,
    response: pagedResult(InvoiceListItemDto),
    access: { permission: P.read },
    tags,
  }),
  statusCounts: endpoint({
    method: 'GET',
    path: `${BASE}/status-counts`,
    query: InvoiceListInput,
    response: InvoiceStatusCountsDto,
    access: { permission: P.read },
    summary: 'How many invoices, and their total, in each status (same filters as the list, status aside)',
    tags,
  }),
  get: endpoint({
    method: 'GET',
    path: `${BASE}/:id`,
    params: IdParams,
    response: InvoiceDto,
    access: { permission: P.read },
    tags,
  }),
  invoiceFromModule: endpoint({
    method: 'POST',
    path: `${BASE}/invoiceFromModule`,
    body: InvoiceFromModuleInput,
    response: InvoiceDto,
    access: { permission: P.create },
    summary: 'A draft invoice for a case, its lines from the payment blueprint that fits the case',
    tags,
  }),
  update: endpoint({
    method: 'PUT',
    path: `${BASE}/:id`,
    params: IdParams,
    body: UpdateInvoiceInput,
    response: InvoiceDto,
    access: { permission: P.update },
    summary: 'Edits a draft invoice: dates, notes and lines',
    tags,
  }),
  send: endpoint({
    method: 'POST',
    path: `${BASE}/:id/send`,
    params: IdParams,
    body: StampedInput,
    response: InvoiceDto,
    access: { permission: P.send },
    summary: 'Marks a draft invoice sent; the case becomes client invoiced',
    tags,
  }),
  cancel: endpoint({
    method: 'POST',
    path: `${BASE}/:id/cancel`,
    params: IdParams,
    body: CancelInvoiceInput,
    response: InvoiceDto,
    access: { permission: P.cancel },
    summary: 'Cancels an invoice with a comment',
    tags,
  }),
  addPartialPayment: endpoint({
    method: 'POST',
    path: `${BASE}/:id/partial-payments`,
    params: IdParams,
    body: CreatePartialPaymentInput,
    response: InvoiceDto,
    access: { permission: P.recordPayment },
    summary: 'Records a payment against a sent invoice; the invoice and its case follow',
    tags,
  }),
  deletePartialPayment: endpoint({
    method: 'DELETE',
    path: `${BASE}/:id/partial-payments/:paymentId`,
    params: PaymentParams,
    response: InvoiceDto,
    access: { permission: P.recordPayment },
    summary: 'Deletes a payment; the invoice and its case follow',
    tags,
  }),
  print: endpoint({
    method: 'GET',
    path: `${BASE}/:id/print`,
    params: IdParams,
    access: { permission: P.read },
    summary: 'The invoice as a PDF file',
    tags,
  }),
  caseDetailPayments: endpoint({
    method: 'GET',
    path: '/api/app/caseDetailPayments',
    query: CaseIdQuery,
    response: z.object({ items: z.array(InvoiceDto) }),
    access: { permission: P.read },
    summary: "A case's invoices with their lines and payments (the case's Payment tab)",
    tags,
  }),
  createCreditNote: endpoint({
    method: 'POST',
    path: `${BASE}/:id/credit-notes`,
    params: IdParams,
    body: CreateCreditNoteInput,
    response: InvoiceDto,
    access: { permission: P.credit },
    summary: 'Credits a sent invoice, all that is left of it or some of its lines; the balance and the case follow',
    tags,
  }),
  sendSelected: endpoint({
    method: 'POST',
    path: `${BASE}/SendSelectedInvoices`,
    body: SelectedInvoicesInput,
    response: SendSelectedInvoicesDto,
    access: { permission: P.send },
    summary: 'E-mails each chosen invoice with its PDF to the company (else the case manager); drafts are sent first',
    tags,
  }),
  exportSelected: endpoint({
    method: 'POST',
    path: `${BASE}/ExportSelectedInvoices`,
    body: SelectedInvoicesInput,
    access: { permission: P.read },
    summary: 'The chosen invoices as CSV, 500 to a file (a zip of numbered files beyond 500)',
    tags,
  }),
  icareUpdate: endpoint({
    method: 'PUT',
    path: `${BASE}/:id/icare`,
    params: IdParams,
    body: InvoiceSchemeInput,
    response: InvoiceDto,
    access: { permission: P.update },
    summary: "Sets the invoice's scheme details: the icare claim (number, date of injury, employer) and the IRO grant",
    tags,
  }),
  exportIcareReport: endpoint({
    method: 'GET',
    path: `${BASE}/ExportIcareReport`,
    query: SchemeExportInput,
    access: { permission: P.read },
    summary:
      'Invoices with an icare claim number in the period, as CSV: the claim columns the tenant chose, then the invoice',
    tags,
  }),
  exportIro: endpoint({
    method: 'GET',
    path: `${BASE}/export-iro`,
    query: SchemeExportInput,
    access: { permission: P.read },
    summary: 'Invoices billed under an IRO grant in the period, one row each, as CSV',
    tags,
  }),
  exportIro2: endpoint({
    method: 'GET',
    path: `${BASE}/export-iro2`,
    query: SchemeExportInput,
    access: { permission: P.read },
    summary: 'Invoices billed under an IRO grant in the period, one row per line, as CSV',
    tags,
  }),
  downloadIroReportFiles: endpoint({
    method: 'GET',
    path: `${BASE}/downloadIroReportFiles`,
    query: SchemeExportInput,
    access: { permission: P.read },
    summary: "The period's IRO invoices as a zip: the list, and per invoice its PDF and the case's reports",
    tags,
  }),
  creditNotePrint: endpoint({
    method: 'GET',
    path: `${BASE}/:id/credit-notes/:creditNoteId/print`,
    params: CreditNoteParams,
    access: { permission: P.read },
    summary: 'The credit note as a PDF file',
    tags,
  }),
};

const BLUEPRINTS = '/api/app/payment-blueprints';
const blueprintTags = ['Payment blueprints'];

/** Payment blueprints: the fees charged per service type, company and specialist. */
export const PaymentBlueprintEndpoints = {
  list: endpoint({
    method: 'GET',
    path: BLUEPRINTS,
    query: PagedListInput,
    response: pagedResult(PaymentBlueprintDto),
    access: { permission: B.read },
    tags: blueprintTags,
  }),
  fromModule: endpoint({
    method: 'GET',
    path: `${BLUEPRINTS}/from-module`,
    query: BlueprintFromModuleInput,
    response: PaymentBlueprintDto,
    access: { permission: B.read },
    summary: 'The blueprint that applies to a case: specialist first, then company, then service type',
    tags: blueprintTags,
  }),
  get: endpoint({
    method: 'GET',
    path: `${BLUEPRINTS}/:id`,
    params: IdParams,
    response: PaymentBlueprintDto,
    access: { permission: B.read },
    tags: blueprintTags,
  }),
  create: endpoint({
    method: 'POST',
    path: BLUEPRINTS,
    body: CreatePaymentBlueprintInput,
    response: PaymentBlueprintDto,
    access: { permission: B.create },
    tags: blueprintTags,
  }),
  update: endpoint({
    method: 'PUT',
    path: `${BLUEPRINTS}/:id`,
    params: IdParams,
    body: UpdatePaymentBlueprintInput,
    response: PaymentBlueprintDto,
    access: { permission: B.update },
    tags: blueprintTags,
  }),
};

const REMITTANCES = '/api/app/specialist-remittances';
const remittanceTags = ['Specialist remittance'];
const R = Permissions.specialistRemittance;

/** Doctor remittances: the month's run, the statements, and each statement as a PDF. */
export const RemittanceEndpoints = {
  run: endpoint({
    method: 'POST',
    path: `${REMITTANCES}/run`,
    body: RunRemittanceInput,
    response: RemittanceRunDto,
    access: { permission: R.run },
    summary: "Each specialist's share of the month's invoices (default: the previous month), by their fee arrangement",
    tags: remittanceTags,
  }),
  list: endpoint({
    method: 'GET',
    path: REMITTANCES,
    query: RemittanceListInput,
    response: pagedResult(RemittanceStatementDto),
    access: { permission: R.read },
    tags: remittanceTags,
  }),
  get: endpoint({
    method: 'GET',
    path: `${REMITTANCES}/:id`,
    params: IdParams,
    response: RemittanceStatementDetailDto,
    access: { permission: R.read },
    tags: remittanceTags,
  }),
  print: endpoint({
    method: 'GET',
    path: `${REMITTANCES}/:id/print`,
    params: IdParams,
    query: RemittancePrintInput,
    access: { permission: R.read },
    summary:
      "The statement as a PDF: 'Remittance Payment' when showProviderPayment is true, else 'Remittance Scheduled Payment'",
    tags: remittanceTags,
  }),
};

/** Overdue reminders: the daily job's check and send, on demand for the caller's tenant. */
export const OverdueReminderEndpoints = {
  checkAndSend: endpoint({
    method: 'POST',
    path: `${BASE}/overdue-reminders/check-and-send`,
    response: OverdueCheckDto,
    access: { permission: P.send },
    summary:
      'Reminds the bill-to contact of each sent or part-paid invoice past its due date, with the invoice PDF, unless reminded in the last 7 days',
    tags,
  }),
};

/** The outstanding balance report per company, and each company's outstanding statement. */
export const OutstandingBalanceEndpoints = {
  report: endpoint({
    method: 'GET',
    path: `${BASE}/outstanding-balance`,
    query: OutstandingBalanceInput,
    response: OutstandingBalanceDto,
    access: { permission: P.outstandingBalance },
    summary: 'Unpaid balance per company on a date, aged by days past due',
    tags,
  }),
  statement: endpoint({
    method: 'GET',
    path: `${BASE}/outstanding-statement`,
    query: OutstandingStatementInput,
    response: OutstandingStatementDto,
    // Whoever may read invoices (the print page's roles): a case manager only their companies' invoices.
    access: { permission: P.read },
    summary: "A company's unpaid invoices on a date (its outstanding statement)",
    tags,
  }),
  print: endpoint({
    method: 'GET',
    path: `${BASE}/outstanding-statement-print`,
    query: OutstandingStatementInput,
    access: { permission: P.read },
    summary: "A company's outstanding statement as a PDF",
    tags,
  }),
  send: endpoint({
    method: 'POST',
    path: `${BASE}/outstanding-statement/send`,
    body: SendOutstandingStatementInput,
    response: MailQueuedDto,
    access: { permission: P.outstandingBalance },
    summary: "E-mails a company's outstanding statement with its PDF attached",
    tags,
  }),
};

/** E-mailing remittance statements to specialists, and a specialist's own statements. */
export const RemittanceMailEndpoints = {
  send: endpoint({
    method: 'POST',
    path: `${REMITTANCES}/send`,
    body: SendRemittanceStatementsInput,
    response: MailQueuedDto,
    access: { permission: R.send },
    summary: 'E-mails each chosen statement (or all of a month) to its specialist with the PDF attached',
    tags: remittanceTags,
  }),
  mine: endpoint({
    method: 'GET',
    path: '/api/app/my-remittances',
    query: RemittanceListInput,
    response: pagedResult(RemittanceStatementDto),
    access: { permission: R.own },
    summary: "The signed-in specialist's own remittance statements",
    tags: remittanceTags,
  }),
  myPrint: endpoint({
    method: 'GET',
    path: '/api/app/my-remittances/:id/print',
    params: IdParams,
    access: { permission: R.own },
    summary: "One of the signed-in specialist's own statements as a PDF",
    tags: remittanceTags,
  }),
};
