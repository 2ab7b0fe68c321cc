import { formatDisplayDate, parseIsoDate } from '@casebook/domain';
import { writer } from '../invoices/invoice-pdf';

export type ConsentFormFacts = {
  tenantName: string;
  caseNo: string;
  claimantName: string;
  claimantDateOfBirth: string | null;
  specialistName: string | null;
  appointmentDate: string | null;
};

const day = (iso: string | null) => {
  const d = iso ? parseIsoDate(iso) : null;
  return d ? formatDisplayDate(d) : 'To be confirmed';
};

/**
 * The claimant's consent to the independent medical examination, as a PDF made from the case. The
 * signature and date lines carry DocuSign anchors (/sn1/, /ds1/) in white, where the signer's tabs go.
 */
export async function consentFormPdf(f: ConsentFormFacts): Promise<Uint8Array> {
  const w = await writer(`Consent form ${f.caseNo}`);
  w.text(f.tenantName, { size: 16, bold: true, gap: 26 });
  w.text('Consent to independent medical examination', { size: 14, bold: true, gap: 24 });
  w.text(`Case number: ${f.caseNo}`);
  w.text(`Claimant: ${f.claimantName}`);
  w.text(`Date of birth: ${day(f.claimantDateOfBirth)}`);
  w.text(`Examining specialist: ${f.specialistName ?? 'To be confirmed'}`);
  w.text(`Appointment date: ${day(f.appointmentDate)}`, { gap: 26 });
  for (const line of [
    'I consent to attend an independent medical examination with the specialist named above and to the',
    'specialist examining me, reviewing the records provided and preparing a report.',
    'I understand the report will be given to the party who requested the examination and that it is not',
    'for the purpose of my treatment.',
    'I consent to the collection, use and disclosure of my personal and health information for this purpose.',
  ])
    w.text(line);
  w.y -= 30;
  w.text('Signature:', { bold: true, gap: 4 });
  const { rgb } = await import('pdf-lib');
  w.page.drawText('/sn1/', { x: 120, y: w.y + 4, size: 10, font: w.font, color: rgb(1, 1, 1) });
  w.y -= 30;
  w.text('Date:', { bold: true, gap: 4 });
  w.page.drawText('/ds1/', { x: 120, y: w.y + 4, size: 10, font: w.font, color: rgb(1, 1, 1) });
  return w.doc.save();
}
