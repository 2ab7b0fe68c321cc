import type { TemplateModule } from '@casebook/domain';

/** A built-in e-mail template: every tenant has it until it saves its own version. */
export type BuiltInTemplate = {
  templateKey: string;
  module: TemplateModule;
  name: string;
  description: string;
  subject: string;
  templateContent: string;
};

const p = (text: string) => `<p>${text}</p>`;
const signature = p('Kind regards,<br/>{{tenantName}}');

/** Placeholders an IME case offers to its templates (values come from the case and its people). */
export const IME_PLACEHOLDERS = [
  'tenantName',
  'caseNo',
  'claimantName',
  'claimantDob',
  'caseManagerName',
  'companyName',
  'specialistName',
  'specialty',
  'appointmentDate',
  'appointmentTime',
  'timeZone',
  'centreName',
  'centreAddress',
  'paperworkDueDate',
  'reportDueDate',
  'previousAppointmentDate',
  'cancellationReason',
  'rebookedCaseNo',
  'amount',
  'paymentDate',
] as const;

const ime = (
  templateKey: string,
  name: string,
  description: string,
  subject: string,
  body: string[],
): BuiltInTemplate => ({
  templateKey,
  module: 'IME',
  name,
  description,
  subject,
  templateContent: [p('Dear {{recipientName}},'), ...body.map(p), signature].join('\n'),
});

/** The IME family in full: request, confirmation, reschedule, reminder, cancellation, paperwork, dictation, report, payment. */
const imeTemplates: BuiltInTemplate[] = [
  ime(
    'IME_APPOINTMENT_REQUEST',
    'IME Appointment Request',
    'Asks the specialist to hold an appointment for a new case.',
    'Appointment request - {{caseNo}} - {{claimantName}}',
    [
      'We would like to request an independent medical examination appointment for {{claimantName}} (case {{caseNo}}) on behalf of {{companyName}}.',
      'Requested specialist: {{specialistName}} ({{specialty}}). Preferred date: {{appointmentDate}} at {{appointmentTime}} {{timeZone}}, {{centreName}}.',
      'Please confirm whether this time is available.',
    ],
  ),
  ime(
    'IME_APPOINTMENT_CONFIRMATION_CM',
    'IME Appointment Confirmation (Case Manager)',
    'Confirms the booked appointment to the case manager.',
    'Appointment confirmation - {{caseNo}} - {{claimantName}}',
    [
      'We confirm the independent medical examination of {{claimantName}} (case {{caseNo}}) with {{specialistName}} ({{specialty}}).',
      'Date and time: {{appointmentDate}} at {{appointmentTime}} {{timeZone}}.',
      'Location: {{centreName}}, {{centreAddress}}.',
      'Please send the paperwork by {{paperworkDueDate}}. The report is expected by {{reportDueDate}}.',
    ],
  ),
  ime(
    'IME_APPOINTMENT_CONFIRMATION_CLIENT',
    'IME Appointment Confirmation (Claimant)',
    'Tells the claimant where and when to attend.',
    'Your medical appointment on {{appointmentDate}}',
    [
      'Your appointment with {{specialistName}} ({{specialty}}) is booked for {{appointmentDate}} at {{appointmentTime}} {{timeZone}}.',
      'Please attend {{centreName}}, {{centreAddress}}, 15 minutes early and bring photo identification.',
    ],
  ),
  ime(
    'IME_APPOINTMENT_CONFIRMATION_SPECIALIST',
    'IME Appointment Confirmation (Specialist)',
    'Confirms the booking to the specialist.',
    'Booking confirmed - {{caseNo}} - {{appointmentDate}} {{appointmentTime}}',
    [
      'A booking is confirmed for {{claimantName}} (case {{caseNo}}, referred by {{companyName}}).',
      'Date and time: {{appointmentDate}} at {{appointmentTime}} {{timeZone}} at {{centreName}}.',
      'Paperwork will follow by {{paperworkDueDate}}.',
    ],
  ),
  ime(
    'IME_APPOINTMENT_RESCHEDULE',
    'IME Appointment Reschedule',
    'Tells the case manager the appointment moved.',
    'Appointment rescheduled - {{caseNo}} - {{claimantName}}',
    [
      'The appointment of {{claimantName}} (case {{caseNo}}) previously on {{previousAppointmentDate}} has been rescheduled.',
      'New date and time: {{appointmentDate}} at {{appointmentTime}} {{timeZone}} with {{specialistName}} at {{centreName}}.',
    ],
  ),
  ime(
    'IME_APPOINTMENT_REMINDER',
    'IME Appointment Reminder',
    'Reminds the claimant of the coming appointment.',
    'Reminder: medical appointment on {{appointmentDate}}',
    [
      'This is a reminder of your appointment with {{specialistName}} on {{appointmentDate}} at {{appointmentTime}} {{timeZone}}.',
      'Location: {{centreName}}, {{centreAddress}}.',
    ],
  ),
  ime(
    'IME_APPOINTMENT_CANCELLATION',
    'IME Appointment Cancellation',
    'Tells the parties the appointment is cancelled.',
    'Appointment cancelled - {{caseNo}} - {{claimantName}}',
    [
      'The appointment of {{claimantName}} (case {{caseNo}}) on {{appointmentDate}} at {{appointmentTime}} with {{specialistName}} has been cancelled.',
      'Reason: {{cancellationReason}}.',
    ],
  ),
  ime(
    'IME_APPOINTMENT_NON_ATTENDANCE',
    'IME Non-Attendance (DNA)',
    'Tells the case manager the claimant did not attend and the assessment is rebooked.',
    'Did not attend - {{caseNo}} - {{claimantName}}',
    [
      '{{claimantName}} did not attend the appointment of case {{caseNo}} on {{appointmentDate}} at {{appointmentTime}} with {{specialistName}}.',
      'The assessment has been rebooked as case {{rebookedCaseNo}}; we will confirm the new appointment.',
    ],
  ),
  ime(
    'IME_PAPERWORK_TO_SPECIALIST',
    'IME Paperwork Sent to Specialist',
    'Sends the case paperwork to the specialist.',
    'Paperwork - {{caseNo}} - {{claimantName}} - {{appointmentDate}}',
    [
      'Please find the paperwork for {{claimantName}} (case {{caseNo}}) for the appointment on {{appointmentDate}} at {{appointmentTime}}.',
    ],
  ),
  ime(
    'IME_PAPERWORK_REMINDER',
    'IME Paperwork Reminder',
    'Reminds the case manager the paperwork is due.',
    'Paperwork due - {{caseNo}} - {{claimantName}}',
    [
      'The paperwork for {{claimantName}} (case {{caseNo}}) is due by {{paperworkDueDate}}. Please send it at your earliest convenience.',
    ],
  ),
  ime(
    'IME_DICTATION_RECEIVED',
    'IME Dictation Received',
    'Tells the office the dictation has arrived.',
    'Dictation received - {{caseNo}} - {{claimantName}}',
    [
      'The dictation of {{specialistName}} for {{claimantName}} (case {{caseNo}}) has been received and sent for typing.',
    ],
  ),
  ime(
    'IME_REPORT_DRAFT_TO_SPECIALIST',
    'IME Report Draft Sent to Specialist',
    'Sends the draft report to the specialist for review.',
    'Draft report for review - {{caseNo}} - {{claimantName}}',
    ['Please review the draft report for {{claimantName}} (case {{caseNo}}) and return your corrections.'],
  ),
  ime(
    'IME_REPORT_COMPLETED',
    'IME Report Completed',
    'Sends the completed report to the case manager.',
    'Report completed - {{caseNo}} - {{claimantName}}',
    ['The report of {{specialistName}} for {{claimantName}} (case {{caseNo}}) is complete and attached.'],
  ),
  ime(
    'IME_PAYMENT_RECEIPT',
    'IME Payment Receipt',
    'Acknowledges a payment for the case.',
    'Payment received - {{caseNo}}',
    [
      'We have received your payment of {{amount}} on {{paymentDate}} for case {{caseNo}} ({{claimantName}}). Thank you.',
    ],
  ),
];

const generic = (
  module: TemplateModule,
  key: string,
  name: string,
  subject: string,
  body: string,
): BuiltInTemplate => ({
  templateKey: `${module}_${key}`,
  module,
  name,
  description: name,
  subject,
  templateContent: [p('Dear {{recipientName}},'), p(body), signature].join('\n'),
});

/** The other modules' key list; their wording is a starting point that tenants edit. */
const otherTemplates: BuiltInTemplate[] = [
  generic(
    'MN',
    'REQUEST_TO_SPECIALIST',
    'Med Neg Request to Specialist',
    'Medical negligence request - {{caseNo}}',
    'We would like to request your opinion on case {{caseNo}}.',
  ),
  generic(
    'MN',
    'TC_REQUEST',
    'Med Neg Teleconference Request',
    'Teleconference request - {{caseNo}}',
    'We would like to arrange a teleconference for case {{caseNo}}.',
  ),
  generic(
    'MN',
    'FREE_PO_REQUEST',
    'Med Neg Free Preliminary Opinion Request',
    'Preliminary opinion request - {{caseNo}}',
    'Please provide a preliminary opinion for case {{caseNo}}.',
  ),
  generic(
    'SUPP',
    'REPORT_REQUEST',
    'Supplementary Report Request',
    'Supplementary report request - {{caseNo}}',
    'A supplementary report is requested for case {{caseNo}}.',
  ),
  generic(
    'SUPP',
    'REPORT_COMPLETED',
    'Supplementary Report Completed',
    'Supplementary report completed - {{caseNo}}',
    'The supplementary report for case {{caseNo}} is complete.',
  ),
  generic(
    'SUPP',
    'PAPERWORK_TO_SPECIALIST',
    'Supplementary Paperwork To Specialist',
    'Paperwork for your report - {{caseNo}}',
    'Please find the paperwork for the report on case {{caseNo}} ({{claimantName}}).',
  ),
  generic(
    'SUPP',
    'DICTATION_RECEIVED',
    'Supplementary Dictation Received',
    'Dictation received - {{caseNo}}',
    'We have received the dictation for case {{caseNo}}; the report is being typed.',
  ),
  generic(
    'SUPP',
    'CANCELLATION',
    'Supplementary Report Cancelled',
    'Report cancelled - {{caseNo}}',
    'The report for case {{caseNo}} ({{claimantName}}) has been cancelled.',
  ),
  generic(
    'SUPP',
    'PAYMENT_RECEIPT',
    'Supplementary Payment Receipt',
    'Payment received - {{caseNo}}',
    'Thank you: we have received your payment for case {{caseNo}}.',
  ),
  generic(
    'MR',
    'PAYMENT_RECEIPT',
    'Medical Records Payment Receipt',
    'Payment received - {{caseNo}}',
    'Thank you: we have received your payment for the medical records of case {{caseNo}}.',
  ),
  generic(
    'TPD',
    'REPORT_SENT',
    'TPD Report Sent',
    'Report sent - {{caseNo}}',
    'The report for the TPD claim of case {{caseNo}} ({{claimantName}}) has been sent.',
  ),
  generic(
    'TPD',
    'NON_ATTENDANCE',
    'TPD Non-attendance',
    'Non-attendance - {{caseNo}}',
    'The claimant did not attend for case {{caseNo}}; the claim continues as case {{rebookedCaseNo}}.',
  ),
  generic(
    'MVA',
    'CLAIM_LODGED',
    'MVA Claim Lodged',
    'Claim lodged - {{caseNo}}',
    'The claim for case {{caseNo}} has been lodged with the insurer.',
  ),
  generic(
    'MVA',
    'SETTLEMENT',
    'MVA Settlement',
    'Settlement - {{caseNo}}',
    'The claim for case {{caseNo}} has settled.',
  ),
  generic(
    'MVA',
    'TERMINATION',
    'MVA Termination',
    'Termination - {{caseNo}}',
    'Our retainer for case {{caseNo}} has ended.',
  ),
  generic(
    'MR',
    'RECORDS_REQUEST',
    'Medical Records Request',
    'Medical records request - {{caseNo}}',
    'Please provide the medical records for case {{caseNo}}.',
  ),
  generic(
    'MR',
    'FILES_SENT',
    'Medical Records Files Sent',
    'Medical records sent - {{caseNo}}',
    'The medical records for case {{caseNo}} have been sent.',
  ),
  generic(
    'MR',
    'ON_HOLD',
    'Medical Records Request On Hold',
    'Medical records request on hold - {{caseNo}}',
    'The medical records request for case {{caseNo}} is on hold until we hear from you.',
  ),
  generic(
    'MR',
    'CANCELLATION',
    'Medical Records Request Cancelled',
    'Medical records request cancelled - {{caseNo}}',
    'The medical records request for case {{caseNo}} has been cancelled.',
  ),
  generic(
    'TPD',
    'REQUEST_RECEIVED',
    'TPD Request Received',
    'TPD claim request received - {{caseNo}}',
    'We have received the request for a TPD claim, case {{caseNo}}.',
  ),
  generic(
    'TPD',
    'PRECEDENT_AUTHORITY',
    'TPD Precedent Authority',
    'Authority to sign - {{caseNo}}',
    'Please sign and return the enclosed authority for case {{caseNo}}.',
  ),
  generic(
    'TPD',
    'COST_AGREEMENT',
    'TPD Cost Agreement',
    'Cost agreement - {{caseNo}}',
    'Please sign and return the enclosed cost agreement for case {{caseNo}}.',
  ),
  generic(
    'TPD',
    'CLAIM_FORMS',
    'TPD Claim Forms',
    'Claim forms - {{caseNo}}',
    'Please complete and return the enclosed claim forms for case {{caseNo}}.',
  ),
  generic(
    'TPD',
    'LEGAL_SUBMISSION',
    'TPD Legal Submission',
    'Legal submission lodged - {{caseNo}}',
    'The legal submission for case {{caseNo}} has been lodged with the insurer.',
  ),
  generic(
    'TPD',
    'CANCELLATION',
    'TPD Claim Cancelled',
    'TPD claim cancelled - {{caseNo}}',
    'The TPD claim for case {{caseNo}} has been cancelled.',
  ),
  generic(
    'MVA',
    'LOR',
    'MVA Letter of Request',
    'Letter of request - {{caseNo}}',
    'Please find our letter of request for case {{caseNo}}.',
  ),
  generic(
    'MVA',
    'DEMAND_LETTER',
    'MVA Demand Letter',
    'Demand letter - {{caseNo}}',
    'Please find our demand letter for case {{caseNo}}.',
  ),
  generic(
    'MVA',
    'TERMINATION_LETTER',
    'MVA Termination Letter',
    'Termination letter - {{caseNo}}',
    'Please find our termination letter for case {{caseNo}}.',
  ),
  generic(
    'INVOICE',
    'CLIENT_INVOICE',
    'Client Invoice',
    'Invoice {{invoiceNo}}',
    'Please find invoice {{invoiceNo}} for {{amount}}.',
  ),
  generic(
    'INVOICE',
    'OVERDUE_REMINDER',
    'Invoice Overdue Reminder',
    'Overdue invoice {{invoiceNo}}',
    'Invoice {{invoiceNo}} for {{amount}} is overdue.',
  ),
  generic(
    'INVOICE',
    'OUTSTANDING_STATEMENT',
    'Outstanding Statement',
    'Outstanding statement {{asOfDate}}',
    'Please find attached your statement of outstanding invoices as of {{asOfDate}}: {{amount}} is unpaid.',
  ),
  generic(
    'INVOICE',
    'PAYMENT_RECEIPT',
    'Invoice Payment Receipt',
    'Payment received - invoice {{invoiceNo}}',
    'We have received {{amount}} for invoice {{invoiceNo}}.',
  ),
  generic(
    'OT_QUOTATION',
    'SEND',
    'OT Quotation',
    'OT quotation - {{caseNo}}',
    'Please find the occupational therapy quotation for case {{caseNo}}.',
  ),
  generic(
    'OT_QUOTATION',
    'ACCEPTED',
    'OT Quotation Accepted',
    'OT quotation accepted - {{caseNo}}',
    'The quotation for case {{caseNo}} has been accepted.',
  ),
  generic(
    'DISBURSEMENT_FUNDING',
    'UPDATE',
    'Disbursement Funding Update',
    'Funding update - {{caseNo}}',
    'There is an update on the disbursement funding of case {{caseNo}}.',
  ),
  generic(
    'DISBURSEMENT_FUNDING',
    'APPROVED',
    'Disbursement Funding Approved',
    'Funding approved - {{caseNo}}',
    'The disbursement funding of case {{caseNo}} has been approved.',
  ),
  generic(
    'REPAYMENT_INVOICE',
    'SEND',
    'Repayment Invoice',
    'Repayment invoice {{invoiceNo}}',
    'Please find repayment invoice {{invoiceNo}} for {{amount}}.',
  ),
  {
    templateKey: 'SPECIALIST_DAYSHEET',
    module: 'SPECIALIST',
    name: 'Specialist Booking Daysheet',
    description:
      'Sends a specialist the day sheet of the chosen dates (Email Daysheets); {{daySheet}} is the list of bookings by day and centre, added at the end when left out.',
    subject: 'Booking daysheet {{appointmentDate}}',
    templateContent: [
      p('Dear {{recipientName}},'),
      p('Please find your bookings for {{appointmentDate}}.'),
      '{{daySheet}}',
      signature,
    ].join('\n'),
  },
  generic(
    'SPECIALIST',
    'REMITTANCE',
    'Specialist Remittance Advice',
    'Remittance advice {{remittanceMonth}}',
    'Please find your remittance advice for {{remittanceMonth}}.',
  ),
];

export const BUILT_IN_TEMPLATES: readonly BuiltInTemplate[] = [...imeTemplates, ...otherTemplates];

const byKey = new Map(BUILT_IN_TEMPLATES.map((t) => [t.templateKey, t]));

export function builtInTemplate(templateKey: string): BuiltInTemplate | undefined {
  return byKey.get(templateKey);
}
