/** The editions of the spec. */
export const Editions = ['MLP', 'LAW CONNECT', 'FUNDING PROVIDER', 'LMQ PROVIDER', 'MARKETING'] as const;
export type Edition = (typeof Editions)[number];

/** Id of the host tenant (the system operator); host users belong to it. */
export const HOST_TENANT_ID = '00000000-0000-7000-8000-000000000001';

/** Header a host user sends to act inside a tenant, as ABP does. */
export const TENANT_HEADER = '__tenant';

/** A feature is on when its value is the text True. */
export function isFeatureOn(features: Record<string, string>, key: string): boolean {
  return (features[key] ?? '').toLowerCase() === 'true';
}

/** The feature flags of the spec (per tenant; on when the value is the text True). */
export const FeatureFlags = [
  'Assessment',
  'Supplementary',
  'FileReview',
  'MedicalRecord',
  'MedNeg',
  'COTELE',
  'MarketingCampaign',
  'TreatmentProvider',
  'MassTorts',
  'OT',
  'Disbursement',
  'DisbursementFunding',
  'InsuranceClaim',
  'FundingTransaction',
  'NDIS',
  'TimeTracking',
  'InquiryCentre',
  'LegalPracticeAPI',
  'MVA',
  'LMQ',
  'ICareClaim',
  'MagExtraResources',
  'AdHocTemplate',
  'CompanyPMSConfig',
  'QaStatus',
  'ServiceBudget',
  'RealtimeNotification',
  'TPD',
  'ImpairmentChecker',
  'BookingAgent',
  'DictationRecording',
  'MatterTypeFiltering',
  'EMLIntegration',
  'PayingSpecialist',
  'SpecialistAgreementTemplate',
] as const;
export type FeatureFlag = (typeof FeatureFlags)[number];

/** The flags of the case modules. */
export const CaseFeatures: readonly FeatureFlag[] = [
  'Assessment',
  'Supplementary',
  'FileReview',
  'MedicalRecord',
  'MedNeg',
  'COTELE',
  'MassTorts',
  'OT',
  'NDIS',
  'TPD',
  'MVA',
  'TreatmentProvider',
];

/** Features the product derives instead of storing: CaseManagement is on when MassTorts, NDIS or MVA is. */
export const DerivedFeatures = ['CaseManagement'] as const;
/** A derived feature. */
export type DerivedFeature = (typeof DerivedFeatures)[number];
/** A stored feature flag or a derived one: what routes may require. */
export type FeatureName = FeatureFlag | DerivedFeature;
/** Every feature name a route may require. */
export const AllFeatureNames: readonly FeatureName[] = [...FeatureFlags, ...DerivedFeatures];

/** True when the value names a stored or derived feature. */
export function isFeatureName(value: string): value is FeatureName {
  return (AllFeatureNames as readonly string[]).includes(value);
}

/** The edition an edition name denotes (case and surrounding spaces ignored), if it is one of the spec's. */
export function editionOf(editionName: string | null | undefined): Edition | undefined {
  const normalised = (editionName ?? '').trim().replace(/\s+/g, ' ').toUpperCase();
  return Editions.find((edition) => edition === normalised);
}
