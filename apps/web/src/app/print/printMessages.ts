/** The print frame's error page (spec shell §2 "Print and view pages"), word for word. */
export const PRINT_ERROR_TITLE = 'Something Error';
export const NOT_FOUND_MESSAGE = 'Cannot found';
export const missingParameter = (name?: string) => (name ? `Missing parameter ${name}` : 'Missing parameter');

/** Print routes whose query needs an `id` (the spec's table). */
export const PRINT_ROUTES_WITH_ID: ReadonlySet<string> = new Set([
  '/view/clinical-notes/print-letter-of-confirmation',
  '/view/clinical-notes/print-loa-template',
  '/view/clinical-notes/print-medical-request',
  '/view/invoices/print-invoice',
  '/view/disbursement-print',
  '/view/repaymentinvoice-print',
  '/view/ime-assessment/template',
  '/view/supplementary/print',
  '/view/agreement-advance/print',
  '/view/mva/template',
  '/view/ndis/template',
  '/view/specialist/template',
]);
