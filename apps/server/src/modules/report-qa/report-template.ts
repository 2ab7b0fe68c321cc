import type { CaseDto } from '@casebook/domain';
import type { ExportFile } from '../../platform/resources/resource.export';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const escape = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const paragraph = (text: string, style?: string) =>
  `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}<w:r><w:t xml:space="preserve">${escape(text)}</w:t></w:r></w:p>`;

/** The headings a specialist's report is written under, each followed by an empty paragraph to type in. */
export const REPORT_SECTIONS = [
  'Introduction',
  'History',
  'Current complaints',
  'Examination',
  'Diagnosis',
  'Opinion',
  'Declaration',
] as const;

/**
 * The report template of an IME case as a Word document (.docx): the case's number, claimant, company,
 * case manager, specialist and dates at the top, then the report's headings to type under.
 */
export async function reportTemplate(c: CaseDto): Promise<ExportFile> {
  const facts: [string, string | null][] = [
    ['Case No.', c.caseNo],
    ['Claimant', c.clientName],
    ['Company', c.companyName],
    ['Case manager', c.caseManagerName],
    ['Specialist', c.specialistName],
    ['Appointment date', c.appointmentDate],
    ['Attendance date', c.attendanceDate],
    ['Dictation received', c.dictationReceivedDate],
  ];
  const body = [
    paragraph(`Independent Medical Assessment Report – ${c.caseNo}`, 'Title'),
    ...facts.map(([label, value]) => paragraph(`${label}: ${value ?? ''}`)),
    ...REPORT_SECTIONS.flatMap((heading) => [paragraph(heading, 'Heading1'), paragraph('')]),
  ].join('');
  // JSZip is loaded with the first template asked for, not at start.
  const { default: JSZip } = await import('jszip');
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  );
  return {
    fileName: `report-template-${c.caseNo}.docx`,
    contentType: DOCX,
    body: await zip.generateAsync({ type: 'nodebuffer' }),
  };
}
