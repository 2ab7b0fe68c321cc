import { TpdModule } from '@casebook/domain';
import type { DemoPlan } from '../tenancy/demo-modules';
import { tpdCaseDetails } from './tpd.schema';

/** Demo TPD claims: new, received, agreement signed, statements in, submitted, cancelled. */
export const TpdDemo: DemoPlan = {
  module: TpdModule,
  details: tpdCaseDetails,
  cases: (on) => {
    const received = ['booking-detail', { fundName: 'AustralianSuper', requestReceivedDate: on(-60) }] as const;
    const agreed = ['costAgreement', { costAgreementSentDate: on(-50), costAgreementSignedDate: on(-45) }] as const;
    return [
      [],
      [received],
      [received, agreed],
      [received, agreed, ['progress', { medicalAttendantStatementDate: on(-20) }]],
      [received, agreed, ['progress', { medicalAttendantStatementDate: on(-20), legalSubmissionDate: on(-5) }]],
      [received, ['cancellation', { cancellationDate: on(-30), cancellationReason: 'Claimant withdrew' }]],
    ];
  },
};
