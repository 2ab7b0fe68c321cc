import { editionOf, FeatureFlags, type Edition, type FeatureFlag, type FeatureName } from '../tenancy';
import { isAdminOrStaff, type AccessTenant, type AccessUser } from './users';

/**
 * The features each edition switches on by default. A tenant's own flag, when present, wins: 'False'
 * turns an edition default off and 'True' adds a feature the edition lacks.
 */
export const EditionDefaultFeatures: Readonly<Record<Edition, readonly FeatureFlag[]>> = {
  // A medico-legal provider: the case modules, plus borrowing against its disbursements.
  MLP: [
    'Assessment',
    'Supplementary',
    'FileReview',
    'MedicalRecord',
    'MedNeg',
    'COTELE',
    'OT',
    'TreatmentProvider',
    'Disbursement',
    'DisbursementFunding',
    'FundingTransaction',
    'QaStatus',
    'AdHocTemplate',
    'RealtimeNotification',
  ],
  // A law firm: claims-style case management, practice software, and borrowing.
  'LAW CONNECT': [
    'MassTorts',
    'MVA',
    'TPD',
    'MedicalRecord',
    'InsuranceClaim',
    'LegalPracticeAPI',
    'MatterTypeFiltering',
    'TimeTracking',
    'Disbursement',
    'DisbursementFunding',
    'FundingTransaction',
    'RealtimeNotification',
  ],
  // A lender: the funding side only.
  'FUNDING PROVIDER': ['Disbursement', 'DisbursementFunding', 'FundingTransaction', 'RealtimeNotification'],
  // Loan-management questionnaires over mass-torts claims and their funding.
  'LMQ PROVIDER': ['LMQ', 'MassTorts', 'DisbursementFunding', 'FundingTransaction', 'RealtimeNotification'],
  MARKETING: ['MarketingCampaign', 'RealtimeNotification'],
};

/** The code the sidebar header shows next to the tenant name. */
export type EditionCode = 'FP' | 'LC' | 'MLP' | 'LMQ' | 'MKT' | 'MASTER';

const EDITION_CODES: Readonly<Record<Edition, EditionCode>> = {
  MLP: 'MLP',
  'LAW CONNECT': 'LC',
  'FUNDING PROVIDER': 'FP',
  'LMQ PROVIDER': 'LMQ',
  MARKETING: 'MKT',
};

/**
 * The sidebar header's edition code: MASTER for the host, the edition's code otherwise. A tenant without a
 * known edition has the whole product, as the host does, so it shows MASTER too.
 */
export function editionCode(editionName: string | null | undefined, isHost: boolean): EditionCode {
  if (isHost) return 'MASTER';
  const edition = editionOf(editionName);
  return edition ? EDITION_CODES[edition] : 'MASTER';
}

const isTrue = (value: string) => value.toLowerCase() === 'true';

/** Whether a stored feature flag is on for a tenant, and what decided it: the tenant's own flag or its edition. */
export type FeatureFlagState = { on: boolean; decidedBy: 'tenant' | 'edition'; edition: Edition | undefined };

/** One flag of a tenant: its own flag when it has one ('True' or 'False'), else its edition's default. */
export function featureFlagState(
  flag: FeatureFlag,
  tenant: Pick<AccessTenant, 'editionName' | 'features'>,
): FeatureFlagState {
  const edition = editionOf(tenant.editionName);
  const own = tenant.features[flag];
  if (own !== undefined) return { on: isTrue(own), decidedBy: 'tenant', edition };
  const defaults: readonly FeatureFlag[] = edition ? EditionDefaultFeatures[edition] : [];
  return { on: defaults.includes(flag), decidedBy: 'edition', edition };
}

/**
 * The features on for this user in this tenant: the edition's defaults overridden by the tenant's own
 * flags, plus the derived ones. CaseManagement is on when MassTorts, NDIS or MVA is. CompanyPMSConfig is
 * on when the tenant has it or the practice-software integration (LegalPracticeAPI), and the user is
 * admin or staff, or a case manager whose company has a default practice-management company.
 */
export function effectiveFeatures(
  user: AccessUser | undefined,
  tenant: Pick<AccessTenant, 'editionName' | 'features'>,
): ReadonlySet<FeatureName> {
  const on = new Set<FeatureName>();
  for (const flag of FeatureFlags) {
    if (featureFlagState(flag, tenant).on) on.add(flag);
  }
  if (on.has('MassTorts') || on.has('NDIS') || on.has('MVA')) on.add('CaseManagement');

  const tenantHasPms = on.has('CompanyPMSConfig') || on.has('LegalPracticeAPI');
  const userQualifies =
    user !== undefined &&
    (isAdminOrStaff(user) || (user.roles.includes('CASE_MANAGER') && user.companyHasDefaultPms === true));
  if (!(tenantHasPms && userQualifies)) on.delete('CompanyPMSConfig');
  else on.add('CompanyPMSConfig');
  return on;
}
