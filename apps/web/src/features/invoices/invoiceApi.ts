import { InvoiceStatusLabels, type InvoiceStatus } from '@casebook/domain';

/** Colours of the invoice statuses in lists and tags. */
export const InvoiceStatusColours: Record<InvoiceStatus, string> = {
  DRAFT: 'default',
  SENT: 'processing',
  PARTIAL_PAY: 'warning',
  PAID: 'success',
  CANCELLED: 'error',
};

export const invoiceStatusOptions = Object.entries(InvoiceStatusLabels).map(([value, label]) => ({
  value: value as InvoiceStatus,
  label,
}));

/** Opens a PDF answer in a new browser tab (the browser's own viewer). */
export function openPdf(file: { blob: Blob; fileName: string }): void {
  const url = URL.createObjectURL(file.blob);
  const opened = window.open(url, '_blank');
  if (!opened) {
    const a = document.createElement('a');
    a.href = url;
    a.download = file.fileName;
    a.click();
  }
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
