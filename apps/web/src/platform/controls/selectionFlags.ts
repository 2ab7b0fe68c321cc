import { hasSpecialistContract, isHighRiskOn, type CalendarDate } from '@casebook/domain';

/** A mark shown beside an item of a selection list. */
export type SelectionFlag = { label: string; color: string };

const has = (item: Record<string, unknown>, key: string) => key in item;
const dateOrNull = (value: unknown) => (typeof value === 'string' && value ? value : null);
const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * The marks of a selection-list item, read from the fields its list sends: a company whose high-risk flag
 * applies on `today` (the tenant's date) is 'High risk'; a specialist without a contract then is 'No contract'.
 */
export function selectionFlags(item: Record<string, unknown>, today: CalendarDate): SelectionFlag[] {
  const flags: SelectionFlag[] = [];
  if (has(item, 'highRiskApplied') && has(item, 'highRiskAppliedFrom')) {
    const highRisk = isHighRiskOn(
      {
        highRiskApplied: item.highRiskApplied === true,
        highRiskAppliedFrom: dateOrNull(item.highRiskAppliedFrom),
        highRiskAppliedTo: dateOrNull(item.highRiskAppliedTo),
        highRiskReasonToBookingCm: textOrNull(item.highRiskReasonToBookingCm),
        highRiskReasonToStaff: textOrNull(item.highRiskReasonToStaff),
      },
      today,
    );
    if (highRisk) flags.push({ label: 'High risk', color: 'red' });
  }
  if (has(item, 'onboardedDate') && has(item, 'onboardedEndDate')) {
    const contract = hasSpecialistContract(
      { onboardedDate: dateOrNull(item.onboardedDate), onboardedEndDate: dateOrNull(item.onboardedEndDate) },
      today,
    );
    if (!contract) flags.push({ label: 'No contract', color: 'orange' });
  }
  return flags;
}
