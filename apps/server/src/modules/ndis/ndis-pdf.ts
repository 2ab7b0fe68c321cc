import { fieldWords, type ModuleCaseDto } from '@casebook/domain';
import { day, writer, type Column } from '../invoices/invoice-pdf';

export const SERVICE_AGREEMENT_TITLE = 'NDIS Service Agreement';

/** The participant's service agreement: the provider, the participant and plan, key contacts, signatures. */
export async function serviceAgreementPdf(
  c: ModuleCaseDto,
  provider: string,
  keyContacts: readonly { name: string | null; relationship: string | null; phone: string | null }[],
): Promise<Uint8Array> {
  const w = await writer(`${SERVICE_AGREEMENT_TITLE} ${c.caseNo}`);
  const f = c.fields;
  const dateOf = (iso: string | null | undefined) => (iso ? day(iso) : '');
  w.text(provider, { size: 12, bold: true });
  w.text(SERVICE_AGREEMENT_TITLE, { size: 18, bold: true, gap: 28 });
  w.text(`Case: ${c.caseNo}`);
  w.text(`Participant: ${c.clientName}`);
  w.text(`NDIS number: ${f.ndisNumber ?? ''}`);
  w.text(`Plan management: ${f.planManagement ? fieldWords(f.planManagement) : ''}`);
  w.text(`Plan: ${f.planStartDate ? `${dateOf(f.planStartDate)} to ${dateOf(f.planEndDate)}` : ''}`);
  w.text(`Referred by: ${c.caseManagerName}, ${c.companyName}`, { gap: 26 });
  w.text(
    `${provider} agrees to provide the assessment and report the participant's referrer asked for, under the NDIS`,
  );
  w.text("Code of Conduct and the participant's plan; the participant agrees to the supports being provided.", {
    gap: 26,
  });
  if (keyContacts.length > 0) {
    const cols: Column[] = [
      { header: 'Key contact', width: 200 },
      { header: 'Relationship', width: 150 },
      { header: 'Phone', width: 145 },
    ];
    w.headings(cols);
    for (const k of keyContacts) w.row(cols, [k.name ?? '', k.relationship ?? '', k.phone ?? '']);
    w.y -= 20;
  }
  w.text('Signed for the participant: ______________________   Date: ____________', { gap: 30 });
  w.text(`Signed for ${provider}: ______________________   Date: ____________`);
  if (f.agreementSignedDate) w.text(`Signed on ${day(f.agreementSignedDate)}.`, { bold: true });
  return w.doc.save();
}
