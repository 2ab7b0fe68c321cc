import { z } from 'zod';
import { parseIsoDate } from '../../calendar';
import { ConcurrencyStamp, IsoDate, optionalIsoDate, optionalText, optionalTextArea } from '../../fields';
import { MoneyInput } from '../../money';
import { AustralianStates } from '../../people';
import { defineCaseModule, type StatusDeclaration } from './define';

/**
 * Motor vehicle accident claims (case-modules.md §2, §7; decision 0045): a claim with its accident (date and
 * state) and insurer, offers (one of them current), settlements, termination, and the letters of
 * `/view/mva/template`.
 */

type AustralianState = (typeof AustralianStates)[number];

/** One state's or territory's limitation period for a personal-injury claim, and the law that sets it. */
export interface LimitationPeriod {
  readonly stateId: AustralianState;
  readonly name: string;
  /** Whole years from the accident. */
  readonly years: number;
  /** The Act and section. */
  readonly source: string;
}

/**
 * The limitation period for personal-injury damages in each Australian state and territory: three years
 * everywhere, counted here from the accident (the day the cause of action accrues; the Acts that count
 * from discoverability give the same date when the injury is known on the day). Public law, named by Act.
 */
export const MvaLimitationPeriods: Readonly<Record<AustralianState, LimitationPeriod>> = {
  NSW: {
    stateId: 'NSW',
    name: 'New South Wales',
    years: 3,
    source: 'Limitation Act 1969 (NSW) s 50C(1)(a)',
  },
  VIC: {
    stateId: 'VIC',
    name: 'Victoria',
    years: 3,
    source: 'Limitation of Actions Act 1958 (Vic) s 27D(1)(a)',
  },
  QLD: { stateId: 'QLD', name: 'Queensland', years: 3, source: 'Limitation of Actions Act 1974 (Qld) s 11(1)' },
  WA: { stateId: 'WA', name: 'Western Australia', years: 3, source: 'Limitation Act 2005 (WA) s 14(1)' },
  SA: { stateId: 'SA', name: 'South Australia', years: 3, source: 'Limitation of Actions Act 1936 (SA) s 36(1)' },
  TAS: { stateId: 'TAS', name: 'Tasmania', years: 3, source: 'Limitation Act 1974 (Tas) s 5A(3)(a)' },
  ACT: {
    stateId: 'ACT',
    name: 'Australian Capital Territory',
    years: 3,
    source: 'Limitation Act 1985 (ACT) s 16B(2)',
  },
  NT: { stateId: 'NT', name: 'Northern Territory', years: 3, source: 'Limitation Act 1981 (NT) s 12(1)(b)' },
};

/**
 * The last day proceedings may be started: the anniversary of the accident `years` on, in the state's period.
 * An accident on 29 February runs out on 28 February of a common year (the earlier day, decision 0045).
 */
export function calculateLimitationDate(stateId: AustralianState, accidentDate: string): string {
  const d = parseIsoDate(accidentDate);
  if (!d) throw new RangeError(`not a date: ${accidentDate}`);
  const year = d.year + MvaLimitationPeriods[stateId].years;
  const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const day = d.month === 2 && d.day === 29 && !leap(year) ? 28 : d.day;
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(year, 4)}-${pad(d.month)}-${pad(day)}`;
}

export const MvaStatuses = [
  'CASE_CREATED',
  'CLAIM_LODGED',
  'NEGOTIATING',
  'SETTLED',
  'TERMINATED',
  'CLIENT_INVOICED',
  'CLIENT_FULLY_PAID',
] as const;
export type MvaStatus = (typeof MvaStatuses)[number];

const statuses: Record<MvaStatus, StatusDeclaration> = {
  CASE_CREATED: { label: 'Claim created', kind: 'open', next: 'REQUEST_RECEIVED', overdueDays: 7 },
  CLAIM_LODGED: { label: 'Claim lodged', kind: 'open', next: null, overdueDays: 90 },
  NEGOTIATING: { label: 'Negotiating', kind: 'open', next: null, overdueDays: 60 },
  SETTLED: { label: 'Settled', kind: 'finished', next: null, overdueDays: null },
  TERMINATED: { label: 'Terminated', kind: 'cancelled', next: null, overdueDays: null, notify: ['caseCancelled'] },
  CLIENT_INVOICED: { label: 'Client invoiced', kind: 'invoiced', next: null, overdueDays: null },
  CLIENT_FULLY_PAID: { label: 'Client fully paid', kind: 'paid', next: null, overdueDays: null },
};

/** Lodged, then negotiated, then settled and billed; a claim may be terminated until it settles. */
const transitions: Record<MvaStatus, readonly MvaStatus[]> = {
  CASE_CREATED: ['CLAIM_LODGED', 'TERMINATED'],
  CLAIM_LODGED: ['NEGOTIATING', 'SETTLED', 'TERMINATED'],
  NEGOTIATING: ['SETTLED', 'TERMINATED'],
  SETTLED: ['CLIENT_INVOICED'],
  TERMINATED: [],
  CLIENT_INVOICED: ['CLIENT_FULLY_PAID'],
  CLIENT_FULLY_PAID: [],
};

const Stamped = { concurrencyStamp: ConcurrencyStamp };

export const UpdateMvaClaimInput = z.strictObject({
  ...Stamped,
  accidentDate: optionalIsoDate,
  stateId: z.enum(AustralianStates).nullable().default(null),
  insurerName: optionalText(128),
  insurerClaimNo: optionalText(64),
  /** The day the claim went to the insurer: moves a new claim to Claim lodged. */
  claimLodgedDate: optionalIsoDate,
});
export const UpdateMvaNegotiationInput = z.strictObject({
  ...Stamped,
  negotiationStartedDate: optionalIsoDate,
  negotiationNotes: optionalTextArea,
});
export const UpdateMvaSettlementStepInput = z.strictObject({ ...Stamped, settledDate: optionalIsoDate });
export const UpdateMvaTerminationInput = z.strictObject({
  ...Stamped,
  terminationDate: IsoDate,
  terminationReason: optionalTextArea,
});

/** Who made an offer. */
export const MvaOfferParties = ['INSURER', 'CLAIMANT'] as const;

export const CreateMvaOfferInput = z.strictObject({
  offerDate: IsoDate,
  amount: MoneyInput,
  offeredBy: z.enum(MvaOfferParties),
  notes: optionalTextArea,
});
export type CreateMvaOfferInput = z.infer<typeof CreateMvaOfferInput>;

export const CreateMvaSettlementInput = z.strictObject({
  settlementDate: IsoDate,
  amount: MoneyInput,
  notes: optionalTextArea,
});
export type CreateMvaSettlementInput = z.infer<typeof CreateMvaSettlementInput>;

export const MvaModule = defineCaseModule({
  key: 'mva-claim',
  title: 'MVA Claims',
  route: '/view/mva-claim',
  serviceTypes: ['MVA'],
  numberPrefixes: { MVA: 'MVA' },
  statusPrefix: 'MVA',
  templateModule: 'MVA',
  initialStatus: 'CASE_CREATED',
  statuses,
  transitions,
  steps: {
    claim: {
      label: 'Claim',
      input: UpdateMvaClaimInput,
      targets: ['CLAIM_LODGED'],
      moves: (v: { claimLodgedDate: string | null }) => (v.claimLodgedDate ? 'CLAIM_LODGED' : null),
      template: 'MVA_CLAIM_LODGED',
      dateRules: [
        {
          field: 'claimLodgedDate',
          rule: 'notBefore',
          other: 'accidentDate',
          outcome: 'refuse',
          message: 'The claim cannot be lodged before the accident.',
        },
      ],
    },
    negotiation: {
      label: 'Negotiation',
      input: UpdateMvaNegotiationInput,
      targets: ['NEGOTIATING'],
      moves: (v: { negotiationStartedDate: string | null }) => (v.negotiationStartedDate ? 'NEGOTIATING' : null),
    },
    settlement: {
      label: 'Settlement',
      input: UpdateMvaSettlementStepInput,
      targets: ['SETTLED'],
      moves: (v: { settledDate: string | null }) => (v.settledDate ? 'SETTLED' : null),
      template: 'MVA_SETTLEMENT',
    },
    termination: {
      label: 'Termination',
      input: UpdateMvaTerminationInput,
      targets: ['TERMINATED'],
      moves: (): MvaStatus => 'TERMINATED',
      template: 'MVA_TERMINATION',
    },
  },
  stepper: [
    { key: 'created', label: 'Claim created', statuses: ['CASE_CREATED'] },
    { key: 'lodged', label: 'Claim lodged', statuses: ['CLAIM_LODGED'] },
    { key: 'negotiating', label: 'Negotiating', statuses: ['NEGOTIATING'] },
    { key: 'settled', label: 'Settled', statuses: ['SETTLED'] },
    { key: 'billed', label: 'Invoiced and paid', statuses: ['CLIENT_INVOICED', 'CLIENT_FULLY_PAID'] },
  ],
  emailTemplates: ['MVA_CLAIM_LODGED', 'MVA_DEMAND_LETTER', 'MVA_SETTLEMENT', 'MVA_TERMINATION'],
  checklist: [
    { key: 'booking', label: 'Claim received', date: null },
    { key: 'lodged', label: 'Claim lodged', date: 'claimLodgedDate' },
    { key: 'negotiation', label: 'Negotiation started', date: 'negotiationStartedDate' },
    { key: 'settled', label: 'Settled', date: 'settledDate' },
  ],
  tabs: [
    { key: 'Claim', label: 'Claim', step: 'claim' },
    { key: 'Negotiation', label: 'Negotiation', step: 'negotiation' },
    { key: 'Settlement', label: 'Settlement', step: 'settlement' },
    { key: 'Termination', label: 'Termination', step: 'termination' },
    { key: 'CaseCorrespondence', label: 'Correspondence' },
    { key: 'Attachments', label: 'Attachments' },
  ],
  permissionGroup: 'MVA',
  features: ['MVA'],
  editions: [],
  addRoles: ['ADMIN_STAFF', 'STAFF', 'CASE_MANAGER', 'CONTRACTOR'],
});

/** The letters of `/view/mva/template`, by type, with their titles (case-modules.md §2). */
export const MvaTemplateTypes = {
  finalDisbursement: 'Final Disbursement',
  demandLetter: 'Demand Letter',
  terminationLetter: 'Termination Letter',
  logTemplate: 'Letter of Guarantee',
  loaTemplate: 'Letter of Authorization',
} as const;
export type MvaTemplateType = keyof typeof MvaTemplateTypes;

/** What a letter is written from: the claim, its current offer and its settlements. */
export interface MvaLetterFacts {
  readonly caseNo: string;
  readonly claimantName: string;
  readonly companyName: string;
  readonly insurerName: string | null;
  readonly insurerClaimNo: string | null;
  readonly accidentDate: string | null;
  readonly stateId: AustralianState | null;
  /** The current offer's amount as text, if there is one. */
  readonly currentOffer: string | null;
  /** The settlements' total as text, if any. */
  readonly settled: string | null;
  readonly terminationDate: string | null;
}

/** A letter's title and paragraphs; the template page lays them out. */
export function mvaLetter(type: MvaTemplateType, f: MvaLetterFacts): { title: string; paragraphs: string[] } {
  const insurer = f.insurerName ?? 'the insurer';
  const claim = `${f.claimantName}, claim ${f.insurerClaimNo ?? f.caseNo}`;
  const accident = f.accidentDate
    ? `the motor vehicle accident of ${f.accidentDate}${f.stateId ? ` in ${MvaLimitationPeriods[f.stateId].name}` : ''}`
    : 'the motor vehicle accident';
  const limitation =
    f.accidentDate && f.stateId
      ? `Proceedings must be commenced by ${calculateLimitationDate(f.stateId, f.accidentDate)} (${MvaLimitationPeriods[f.stateId].source}).`
      : null;
  const body: Record<MvaTemplateType, (string | null)[]> = {
    demandLetter: [
      `To ${insurer}: re ${claim}.`,
      `We act for ${f.claimantName} in respect of injuries suffered in ${accident}.`,
      f.currentOffer
        ? `The offer currently before our client is ${f.currentOffer}. Our client demands a settlement reflecting the full extent of the injuries and losses, and invites your improved offer within 28 days.`
        : 'Our client demands compensation for the injuries and losses suffered, and invites your offer within 28 days.',
      limitation,
    ],
    finalDisbursement: [
      `Re ${claim}: final disbursement.`,
      f.settled ? `The claim settled for ${f.settled}.` : 'The claim has not settled.',
      'The disbursements incurred on the claim are paid from the settlement before the balance is paid to the claimant.',
    ],
    terminationLetter: [
      `To ${f.claimantName}: re ${claim}.`,
      `Our retainer in respect of ${accident} ended${f.terminationDate ? ` on ${f.terminationDate}` : ''}.`,
      limitation,
    ],
    logTemplate: [
      `To ${insurer}: re ${claim}.`,
      `${f.companyName} guarantees payment of the accounts for treatment of ${f.claimantName} arising from ${accident} from the proceeds of the claim.`,
    ],
    loaTemplate: [
      `I, ${f.claimantName}, authorise ${f.companyName} to act for me in respect of ${accident}, and to obtain my medical, employment and insurance records for that purpose.`,
      'Signed: ____________________   Date: ____________',
    ],
  };
  return { title: MvaTemplateTypes[type], paragraphs: body[type].filter((p): p is string => p !== null) };
}
