import { uuidv7, type AttachmentCategory, type LookupType } from '@casebook/domain';
import type { Tx } from '../../platform/db/database';
import { attachmentTypes, documentTypes, languages, lookupConfigs } from './reference.schema';

/** Value-list entries a new tenant starts with; children are listed under their parent. */
type SeedLookup = { label: string; value?: string; isDefault?: boolean; children?: readonly string[] };

export const SeedLookups: Readonly<Partial<Record<LookupType, readonly SeedLookup[]>>> = {
  SPECIALTY: [
    {
      label: 'Orthopaedic Surgery',
      children: ['Spine', 'Shoulder and elbow', 'Hand and wrist', 'Hip and knee', 'Foot and ankle'],
    },
    { label: 'Psychiatry', children: ['Forensic psychiatry', 'Adult psychiatry', 'Child and adolescent psychiatry'] },
    { label: 'Psychology', children: ['Clinical psychology', 'Neuropsychology'] },
    { label: 'Neurology' },
    { label: 'Neurosurgery' },
    { label: 'General Surgery' },
    { label: 'Occupational Medicine' },
    { label: 'Rehabilitation Medicine' },
    { label: 'Pain Medicine' },
    { label: 'Plastic and Reconstructive Surgery' },
    { label: 'Ophthalmology' },
    { label: 'Otolaryngology (ENT)' },
    { label: 'General Practice' },
    { label: 'Cardiology' },
    { label: 'Respiratory Medicine' },
    { label: 'Dermatology' },
    { label: 'Gastroenterology' },
    { label: 'Rheumatology' },
    { label: 'Urology' },
    { label: 'Vascular Surgery' },
    { label: 'Occupational Therapy' },
    { label: 'Oral and Maxillofacial Surgery' },
  ],
  QUALIFICATION: [
    { label: 'FRACS' },
    { label: 'FRANZCP' },
    { label: 'FRACP' },
    { label: 'FAFRM (RACP)' },
    { label: 'FAFOEM (RACP)' },
    { label: 'FFPMANZCA' },
    { label: 'FRACGP' },
    { label: 'FRANZCO' },
    { label: 'MBBS' },
    { label: 'PhD' },
    { label: 'Master of Clinical Psychology' },
    { label: 'Bachelor of Occupational Therapy' },
  ],
  ACCREDITATION: [
    { label: 'SIRA permanent impairment assessor' },
    { label: 'WorkSafe Victoria independent medical examiner' },
    { label: 'TAC approved examiner' },
    { label: 'WorkCover Queensland assessor' },
    { label: 'ReturnToWorkSA accredited assessor' },
    { label: 'WorkCover WA approved medical specialist' },
    { label: 'Comcare approved assessor' },
    { label: 'AMA Guides 4th edition trained' },
    { label: 'AMA Guides 5th edition trained' },
  ],
  TYPE_OF_CLAIM: [
    { label: 'Workers compensation', isDefault: true },
    { label: 'Motor vehicle accident (CTP)' },
    { label: 'Public liability' },
    { label: 'Medical negligence' },
    { label: 'Total and permanent disablement' },
    { label: 'Income protection' },
    { label: 'Victims of crime' },
  ],
  TYPE_OF_REPORT: [
    { label: 'Independent medical examination', isDefault: true },
    { label: 'Permanent impairment assessment' },
    { label: 'File review' },
    { label: 'Supplementary report' },
    { label: 'Liability and causation report' },
    { label: 'Treatment review' },
    { label: 'Capacity for work' },
    { label: 'Psychiatric injury assessment' },
    { label: 'Functional capacity evaluation' },
  ],
  BODY_PART: [
    { label: 'Head' },
    { label: 'Cervical spine' },
    { label: 'Thoracic spine' },
    { label: 'Lumbar spine' },
    { label: 'Shoulder' },
    { label: 'Elbow' },
    { label: 'Wrist and hand' },
    { label: 'Hip' },
    { label: 'Knee' },
    { label: 'Ankle and foot' },
    { label: 'Psychological' },
    { label: 'Hearing' },
    { label: 'Vision' },
  ],
  SERVICE_TYPE: [
    { label: 'IME assessment', value: 'IME', isDefault: true },
    { label: 'File review', value: 'FILE_REVIEW' },
    { label: 'Supplementary report', value: 'SUPPLEMENTARY' },
    { label: 'Medical records retrieval', value: 'MEDICAL_RECORD' },
    { label: 'Medical negligence triage', value: 'MED_NEG' },
    { label: 'Conclave / court teleconference', value: 'COTELE' },
    { label: 'Occupational therapy', value: 'OT' },
    { label: 'NDIS assessment', value: 'NDIS' },
  ],
  SCHEME_TYPE: [
    { label: 'NSW workers compensation (SIRA)' },
    { label: 'NSW CTP' },
    { label: 'WorkSafe Victoria' },
    { label: 'TAC Victoria' },
    { label: 'WorkCover Queensland' },
    { label: 'ReturnToWorkSA' },
    { label: 'WorkCover WA' },
    { label: 'Comcare' },
    { label: 'Common law' },
  ],
  SALE_TYPE: [
    { label: 'New business', isDefault: true },
    { label: 'Repeat business' },
    { label: 'Panel appointment' },
    { label: 'Referral' },
  ],
  ICARE_REPORT_FIELD: [
    { label: 'Claim number' },
    { label: 'Worker name' },
    { label: 'Date of injury' },
    { label: 'Employer' },
    { label: 'Case manager' },
  ],
};

/** Attachment types of the spec (about 60), by category; the named ones first. */
export const SeedAttachmentTypes: readonly { name: string; category: AttachmentCategory }[] = [
  ...(
    [
      'Paperwork',
      'Letter of instruction',
      'Consent form',
      'Appointment confirmation (case manager)',
      'Appointment confirmation (specialist)',
      'Appointment reschedule notice',
      'Cancellation notice',
      'Attendance record',
      'Non-attendance notice',
      'Interpreter booking',
      'Travel booking',
      'Claim form',
      'Medical certificate',
      'Imaging report',
      'Imaging films',
      'Clinical notes',
      'Hospital records',
      'GP records',
      'Specialist records',
      'Surveillance material',
      'Witness statement',
      'Job description',
      'Functional capacity evaluation',
      'Rehabilitation report',
      'Authority to release information',
      'Letter of authority',
      'Medical request',
      'Records confirmation letter',
    ] as const
  ).map((name) => ({ name, category: 'CASE' as const })),
  ...(
    [
      'Dictation report',
      'Draft report',
      'Corrected report',
      'Completed report',
      'Supplementary report',
      'File review report',
      'Report amendment request',
      'Clarification request',
    ] as const
  ).map((name) => ({ name, category: 'REPORT' as const })),
  ...(
    [
      'Client invoice',
      'Specialist invoice',
      'Remittance advice',
      'Receipt',
      'Credit note',
      'Cost agreement',
      'Quotation',
    ] as const
  ).map((name) => ({ name, category: 'BILLING' as const })),
  ...(
    [
      'NDIS service agreement',
      'NDIS participant referral form',
      'NDIS plan',
      'NDIS consent form',
      'NDIS intake form',
      'NDIS progress report',
    ] as const
  ).map((name) => ({ name, category: 'NDIS' as const })),
  ...(['Insurance claim form', 'Insurance policy schedule', 'Insurer correspondence'] as const).map((name) => ({
    name,
    category: 'INSURANCE_CLAIM' as const,
  })),
  ...(['TPD claim form', 'Employer statement', 'Medical attendant statement', 'Precedent authority'] as const).map(
    (name) => ({ name, category: 'TPD' as const }),
  ),
  ...(['Demand letter', 'Letter of guarantee', 'Treatment plan', 'Settlement authority'] as const).map((name) => ({
    name,
    category: 'MVA' as const,
  })),
  ...(['Specialist CV', 'Specialist agreement', 'Sample report'] as const).map((name) => ({
    name,
    category: 'SPECIALIST' as const,
  })),
  ...(['Other'] as const).map((name) => ({ name, category: 'GENERAL' as const })),
];

export const SeedDocumentTypes: readonly string[] = [
  'Letter',
  'Report',
  'Medical records',
  'Imaging',
  'Invoice',
  'Form',
  'Statement',
  'Certificate',
  'E-mail',
  'Audio recording',
  'Photograph',
  'Other',
];

/** Languages commonly interpreted in Australia, with ISO 639 codes (Auslan has none of two letters). */
export const SeedLanguages: readonly { name: string; code: string | null }[] = [
  { name: 'English', code: 'en' },
  { name: 'Arabic', code: 'ar' },
  { name: 'Mandarin', code: 'zh' },
  { name: 'Cantonese', code: 'yue' },
  { name: 'Vietnamese', code: 'vi' },
  { name: 'Italian', code: 'it' },
  { name: 'Greek', code: 'el' },
  { name: 'Hindi', code: 'hi' },
  { name: 'Punjabi', code: 'pa' },
  { name: 'Spanish', code: 'es' },
  { name: 'Korean', code: 'ko' },
  { name: 'Filipino', code: 'fil' },
  { name: 'Turkish', code: 'tr' },
  { name: 'Persian', code: 'fa' },
  { name: 'Dari', code: 'prs' },
  { name: 'Tamil', code: 'ta' },
  { name: 'Nepali', code: 'ne' },
  { name: 'Serbian', code: 'sr' },
  { name: 'Croatian', code: 'hr' },
  { name: 'Macedonian', code: 'mk' },
  { name: 'Portuguese', code: 'pt' },
  { name: 'Indonesian', code: 'id' },
  { name: 'Japanese', code: 'ja' },
  { name: 'Thai', code: 'th' },
  { name: 'Urdu', code: 'ur' },
  { name: 'Bengali', code: 'bn' },
  { name: 'Sinhala', code: 'si' },
  { name: 'Samoan', code: 'sm' },
  { name: 'Polish', code: 'pl' },
  { name: 'Auslan', code: 'asf' },
];

const row = (tenantId: string) => ({ tenantId, id: uuidv7(), concurrencyStamp: uuidv7() });

/** The value lists, attachment and document types and languages of a new tenant, in its creating transaction. */
export async function insertReferenceData(tx: Tx, tenantId: string): Promise<void> {
  const lookups: (typeof lookupConfigs.$inferInsert)[] = [];
  for (const [type, entries] of Object.entries(SeedLookups) as [LookupType, readonly SeedLookup[]][]) {
    entries.forEach((entry, order) => {
      const parent = {
        ...row(tenantId),
        type,
        label: entry.label,
        value: entry.value ?? null,
        isDefault: entry.isDefault ?? false,
        displayOrder: order,
      };
      lookups.push(parent);
      entry.children?.forEach((label, childOrder) =>
        lookups.push({ ...row(tenantId), type: 'SUB_SPECIALTY', label, parentId: parent.id, displayOrder: childOrder }),
      );
    });
  }
  await tx.insert(lookupConfigs).values(lookups);
  await tx
    .insert(attachmentTypes)
    .values(SeedAttachmentTypes.map((a, displayOrder) => ({ ...row(tenantId), ...a, displayOrder })));
  await tx.insert(documentTypes).values(SeedDocumentTypes.map((name) => ({ ...row(tenantId), name })));
  await tx.insert(languages).values(SeedLanguages.map((l) => ({ ...row(tenantId), ...l })));
}
