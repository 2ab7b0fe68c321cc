import { z } from 'zod';
import { parseIsoDate } from '../calendar';
import { formatDisplayDate } from '../scheduling/zones';
import { Uuid } from '../ids';

/**
 * Whether a specialist may examine a claimant independently. Before a booking is confirmed the check
 * collects what speaks against it: the specialist's earlier cases with the same claimant (any module,
 * any company), a treating relationship recorded on the claimant, and the specialist acting for the
 * other party of the claim. Each finding warns; a tenant rule may make kinds of finding block.
 */
export const IndependenceFindingKinds = [
  'EARLIER_CASE',
  'EARLIER_CASE_OTHER_COMPANY',
  'TREATING',
  'OTHER_PARTY',
] as const;
export type IndependenceFindingKind = (typeof IndependenceFindingKinds)[number];

export const IndependenceFindingKindLabels: Record<IndependenceFindingKind, string> = {
  EARLIER_CASE: 'Earlier case for the same company',
  EARLIER_CASE_OTHER_COMPANY: 'Earlier case for another company',
  TREATING: 'Treating relationship',
  OTHER_PARTY: 'Acted for the other party',
};

/** The relationships a claimant's record can state about a specialist. */
export const ClaimantRelationshipKinds = ['TREATING', 'OTHER_PARTY'] as const;
export type ClaimantRelationshipKind = (typeof ClaimantRelationshipKinds)[number];

export const IndependenceOutcomes = ['CLEAR', 'WARNING', 'BLOCKED'] as const;
export type IndependenceOutcome = (typeof IndependenceOutcomes)[number];

export const IndependenceOutcomeLabels: Record<IndependenceOutcome, string> = {
  CLEAR: 'Clear',
  WARNING: 'Warning',
  BLOCKED: 'Blocked',
};

/** The tenant setting naming the kinds of finding that block a booking (comma-separated). */
export const INDEPENDENCE_BLOCK_SETTING = 'Casebook.Independence.BlockOn';
/** Without the setting, a treating relationship blocks and everything else warns. */
export const DEFAULT_INDEPENDENCE_BLOCK: readonly IndependenceFindingKind[] = ['TREATING'];

/** The kinds a tenant's setting makes block; unknown words are ignored, an empty value blocks nothing. */
export function independenceBlockKinds(setting: string | null | undefined): IndependenceFindingKind[] {
  if (setting === null || setting === undefined) return [...DEFAULT_INDEPENDENCE_BLOCK];
  const words = setting
    .split(',')
    .map((w) => w.trim().toUpperCase())
    .filter(Boolean);
  return IndependenceFindingKinds.filter((k) => words.includes(k));
}

/** What the check found, before the rule decides. */
export type IndependenceEvidence =
  | {
      kind: 'EARLIER_CASE';
      /** Null when the caller may not see the case (another firm's, for a case manager). */
      caseNo: string | null;
      companyName: string | null;
      sameCompany: boolean;
      appointmentDate: string | null;
    }
  | { kind: 'TREATING' | 'OTHER_PARTY'; note: string | null };

export const IndependenceReason = z.object({
  kind: z.enum(IndependenceFindingKinds),
  /** Said in words a case manager can pass on. */
  message: z.string(),
  /** The earlier case's number, for an earlier case. */
  caseNo: z.string().nullable(),
  blocks: z.boolean(),
});
export type IndependenceReason = z.infer<typeof IndependenceReason>;

export const IndependenceCheckResult = z.object({
  outcome: z.enum(IndependenceOutcomes),
  specialistId: z.string(),
  specialistName: z.string(),
  reasons: z.array(IndependenceReason),
  /** One sentence for the case manager. */
  summary: z.string(),
});
export type IndependenceCheckResult = z.infer<typeof IndependenceCheckResult>;

/** Decides the outcome of the check from what it found and the tenant's rule. */
export function decideIndependence(
  specialist: { id: string; name: string },
  evidence: readonly IndependenceEvidence[],
  blockKinds: readonly IndependenceFindingKind[],
): IndependenceCheckResult {
  const reasons = evidence.map((e): IndependenceReason => {
    if (e.kind === 'EARLIER_CASE') {
      const kind = e.sameCompany ? 'EARLIER_CASE' : 'EARLIER_CASE_OTHER_COMPANY';
      const date = e.appointmentDate ? parseIsoDate(e.appointmentDate) : null;
      const when = date ? ` (appointment ${formatDisplayDate(date)})` : '';
      const forWhom = e.sameCompany
        ? `for ${e.companyName ?? 'the same company'}`
        : e.companyName
          ? `for another company, ${e.companyName}`
          : 'for another company';
      const which = e.caseNo ? `: case ${e.caseNo}${when}` : when;
      return {
        kind,
        message: `${specialist.name} has seen this claimant before ${forWhom}${which}.`,
        caseNo: e.caseNo,
        blocks: blockKinds.includes(kind),
      };
    }
    const note = e.note ? ` (${e.note})` : '';
    const message =
      e.kind === 'TREATING'
        ? `${specialist.name} is recorded on the claimant as a treating practitioner${note}.`
        : `${specialist.name} is recorded on the claimant as having acted for the other party of the claim${note}.`;
    return { kind: e.kind, message, caseNo: null, blocks: blockKinds.includes(e.kind) };
  });
  const outcome: IndependenceOutcome = reasons.some((r) => r.blocks)
    ? 'BLOCKED'
    : reasons.length > 0
      ? 'WARNING'
      : 'CLEAR';
  const summary =
    outcome === 'CLEAR'
      ? `${specialist.name} has no earlier case or recorded relationship with this claimant.`
      : outcome === 'BLOCKED'
        ? `${specialist.name} cannot examine this claimant under this provider's independence rule: ${reasons
            .filter((r) => r.blocks)
            .map((r) => r.message)
            .join(' ')}`
        : `${specialist.name} may not be independent of this claimant: ${reasons.map((r) => r.message).join(' ')}`;
  return { outcome, specialistId: specialist.id, specialistName: specialist.name, reasons, summary };
}

export const IndependenceCheckQuery = z.object({
  /** The specialist to check; without it, the case's own specialist. */
  specialistId: Uuid.optional(),
});

export const INDEPENDENCE_OVERRIDE_REASON_MAX = 1000;

/** Why a booking goes ahead despite a warning, recorded on the case with who gave it. */
export const IndependenceOverrideReason = z
  .string()
  .trim()
  .min(1, 'Give the reason for going ahead')
  .max(INDEPENDENCE_OVERRIDE_REASON_MAX);

/** Going ahead despite a warning: the reason is recorded on the case with who gave it. */
export const IndependenceOverrideInput = z.strictObject({
  specialistId: Uuid,
  reason: IndependenceOverrideReason,
});
export type IndependenceOverrideInput = z.infer<typeof IndependenceOverrideInput>;

export const IndependenceRecordDto = z.object({
  outcome: z.enum(IndependenceOutcomes),
  specialistId: z.string(),
  summary: z.string(),
  reasons: z.array(IndependenceReason),
  overriddenBy: z.string().nullable(),
  overrideReason: z.string().nullable(),
  recordedAt: z.string(),
});
export type IndependenceRecordDto = z.infer<typeof IndependenceRecordDto>;

/** The case's check as last recorded (null before any), and the current check of its specialist. */
export const CaseIndependenceDto = z.object({
  current: IndependenceCheckResult.nullable(),
  recorded: IndependenceRecordDto.nullable(),
});
export type CaseIndependenceDto = z.infer<typeof CaseIndependenceDto>;

export const ClaimantRelationshipInput = z.strictObject({
  specialistId: Uuid,
  kind: z.enum(ClaimantRelationshipKinds),
  note: z.string().trim().max(500).nullable().default(null),
});
export type ClaimantRelationshipInput = z.infer<typeof ClaimantRelationshipInput>;

export const ClaimantRelationshipDto = z.object({
  id: z.string(),
  clientId: z.string(),
  specialistId: z.string(),
  specialistName: z.string(),
  kind: z.enum(ClaimantRelationshipKinds),
  note: z.string().nullable(),
});
export type ClaimantRelationshipDto = z.infer<typeof ClaimantRelationshipDto>;

/**
 * Whether a warned booking may be saved only with a reason for going ahead: any finding but an earlier case
 * for the same company (the same instructing party asking the same specialist again, as for a further
 * examination or a supplementary report, is shown but asks for nothing).
 */
export function independenceNeedsOverride(result: Pick<IndependenceCheckResult, 'outcome' | 'reasons'>): boolean {
  return result.outcome === 'WARNING' && result.reasons.some((r) => r.kind !== 'EARLIER_CASE');
}

/** The details of the 422 a warned booking's Save gets until it carries `independenceOverrideReason`. */
export const INDEPENDENCE_OVERRIDE_REQUIRED = 'confirm:independenceOverrideReason';

/** A block cannot be overridden: the specialist is changed instead. */
export const INDEPENDENCE_BLOCKED_MESSAGE =
  "The specialist cannot examine this claimant under this provider's independence rule; choose another specialist.";
