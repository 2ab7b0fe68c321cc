import {
  addDays,
  effectiveFeatures,
  formatIsoDate,
  gstRateOn,
  MvaModule,
  NdisModule,
  todayIn,
  uuidv7,
  type CalendarDate,
  type CaseDto,
} from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import type { Database } from '../../platform/db/database';
import { CaseModuleService } from '../cases/case-module.service';
import type { CasesService } from '../cases/cases.service';
import { gstRatesOf } from '../invoices/invoices.service';
import { mvaCaseDetails, mvaOffers, mvaSettlements } from '../mva/mva.schema';
import { ndisCaseDetails, ndisEntries } from '../ndis/ndis.schema';
import { otQuotationItems, otQuotations } from '../ot/ot.schema';

type Parties = { clientId: string; caseManagerId: string };

/**
 * A demo tenant's cases of the claims modules, made by staff through the modules' services: an MVA claim
 * lodged with two offers (the later one current) and a settlement, and a new one; an NDIS case with its
 * plan, a key contact, an attendee and a clinical note; an OT case whose quotation has three items. Each
 * module only when the tenant has its feature.
 */
export async function seedDemoModuleCases(
  database: Database,
  staff: RequestContext,
  cases: CasesService,
  parties: readonly Parties[],
): Promise<number> {
  const features = effectiveFeatures({ isAuthenticated: true, roles: ['STAFF'], isHost: false }, staff.tenant);
  const today = todayIn(staff.tenant.timezone);
  const day = (d: number) => formatIsoDate(addDays(today, d) as CalendarDate);
  const who = (i: number) => parties[i % parties.length]!;
  const row = () => ({
    tenantId: staff.tenant.id,
    id: uuidv7(),
    concurrencyStamp: uuidv7(),
    creatorId: staff.principal.userId,
  });
  let made = 0;

  if (features.has('MVA')) {
    const mva = new CaseModuleService(database, MvaModule, mvaCaseDetails);
    const claim = await mva.create(staff, { ...who(0), specialistId: null, bookingNotes: 'Rear-end collision.' });
    const lodged = await mva.step(staff, 'claim', claim.id, {
      concurrencyStamp: claim.concurrencyStamp,
      accidentDate: day(-200),
      stateId: 'NSW',
      insurerName: 'Harbour Mutual Insurance',
      insurerClaimNo: 'HM-48211',
      claimLodgedDate: day(-180),
    });
    await mva.step(staff, 'negotiation', claim.id, {
      concurrencyStamp: lodged.concurrencyStamp,
      negotiationStartedDate: day(-60),
      negotiationNotes: null,
    });
    await database.withTenant(staff.tenant.id, async (tx) => {
      await tx.insert(mvaOffers).values([
        { ...row(), caseId: claim.id, offerDate: day(-50), amountCents: 1_800_000, offeredBy: 'INSURER' },
        {
          ...row(),
          caseId: claim.id,
          offerDate: day(-20),
          amountCents: 2_450_000,
          offeredBy: 'INSURER',
          isCurrent: true,
        },
      ]);
      await tx.insert(mvaSettlements).values({
        ...row(),
        caseId: claim.id,
        settlementDate: day(-5),
        amountCents: 2_450_000,
        notes: 'Accepted the current offer.',
      });
    });
    await mva.create(staff, { ...who(1), specialistId: null, bookingNotes: 'Pedestrian struck at a crossing.' });
    made += 2;
  }

  if (features.has('NDIS')) {
    const ndis = new CaseModuleService(database, NdisModule, ndisCaseDetails);
    const c = await ndis.create(staff, {
      ...who(2),
      specialistId: null,
      bookingNotes: 'Functional capacity assessment.',
    });
    await ndis.step(staff, 'participant', c.id, {
      concurrencyStamp: c.concurrencyStamp,
      ndisNumber: '430912345',
      planManagement: 'PLAN_MANAGED',
      planStartDate: day(-90),
      planEndDate: day(275),
      reportRequestedDate: day(-7),
      agreementSignedDate: null,
    });
    await database.withTenant(staff.tenant.id, (tx) =>
      tx.insert(ndisEntries).values([
        {
          ...row(),
          caseId: c.id,
          kind: 'KEY_CONTACT',
          name: 'Dana Nominee',
          relationship: 'Mother',
          phone: '0298765432',
        },
        { ...row(), caseId: c.id, kind: 'ATTENDEE', name: 'Lee Support', role: 'Support worker' },
        {
          ...row(),
          caseId: c.id,
          kind: 'CLINICAL_NOTE',
          noteDate: day(-3),
          note: 'Phone intake with the nominee; home visit to be arranged.',
          userName: staff.actor.userName,
        },
      ]),
    );
    made += 1;
  }

  if (features.has('OT')) {
    const ot: CaseDto = await cases.create(staff, {
      ...who(3),
      serviceType: 'OT',
      specialistId: null,
      bookingNotes: 'Home modifications assessment.',
      privateNotes: null,
      visibility: 'EVERYONE',
      visibilityGroupId: null,
      confirmNoContract: false,
      sessionId: null,
      appointmentType: null,
    });
    await database.withTenant(staff.tenant.id, async (tx) => {
      const quotation = {
        ...row(),
        caseId: ot.id,
        quotationDate: day(0),
        gstBasisPoints: gstRateOn(gstRatesOf(staff), day(0)),
      };
      await tx.insert(otQuotations).values(quotation);
      await tx.insert(otQuotationItems).values([
        {
          ...row(),
          quotationId: quotation.id,
          position: 1,
          description: 'Home visit and assessment',
          quantity: 2,
          unitPriceCents: 19_350,
          taxable: true,
        },
        {
          ...row(),
          quotationId: quotation.id,
          position: 2,
          description: 'Report',
          quantity: 1,
          unitPriceCents: 38_500,
          taxable: true,
        },
        {
          ...row(),
          quotationId: quotation.id,
          position: 3,
          description: 'Travel (per 10 km)',
          quantity: 3,
          unitPriceCents: 1_450,
          taxable: false,
        },
      ]);
    });
    made += 1;
  }
  return made;
}
