import { MedNegModule } from '@casebook/domain';
import type { DemoPlan } from '../tenancy/demo-modules';
import { medNegCaseDetails } from './medneg.schema';

/** Demo medical negligence matters: new, opened, on hold, closed without bookings. */
export const MedNegDemo: DemoPlan = {
  module: MedNegModule,
  details: medNegCaseDetails,
  cases: (on) => {
    const opened = (allegation: string, days: number) =>
      ['booking-detail', { allegation, specialty: 'General surgery', openedDate: on(days) }] as const;
    return [
      [],
      [opened('Delayed diagnosis of appendicitis', -10)],
      [
        opened('Post-operative infection', -30),
        ['OnHoldRequest', { onHoldAction: 'HOLD', onHoldDate: on(-5), onHoldReason: 'Awaiting hospital records' }],
      ],
      [
        opened('Medication error', -60),
        ['closure', { closeOutcome: 'WITHOUT_BOOKINGS', closedDate: on(-20), closeReason: 'No breach found' }],
      ],
    ];
  },
};
