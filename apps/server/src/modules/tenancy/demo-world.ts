import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import {
  addDays,
  formatIsoDate,
  todayIn,
  uuidv7,
  type AssessmentType,
  type BusinessType,
  type Gender,
  type LookupType,
} from '@casebook/domain';
import type { Database, Tx } from '../../platform/db/database';
import { tenants } from '../../platform/db/platform.schema';
import { cities } from '../geography/geography.schema';
import { users } from '../identity/identity.schema';
import {
  caseManagers,
  clients,
  companies,
  companyGroups,
  contractors,
  imsApprovals,
  serviceProviders,
  specialists,
  treatmentProviders,
} from '../people/people.schema';
import {
  accountCodes,
  amaServiceFees,
  centres,
  holidays,
  languages,
  lookupConfigs,
  matterTypes,
  ndisServiceItems,
  saleTargets,
  serviceItems,
  talkingPointCategories,
  talkingPoints,
} from '../reference/reference.schema';
import { caseDefaultPics } from '../cases/cases.schema';
import { seedDemoFunding } from '../funding/demo-funding';
import { seedDemoCases } from './demo-cases';
import { seedDemoModuleCases } from './demo-modules';
import { MedicalRecordDemo } from '../medical-records/medical-records.demo';
import { TpdDemo } from '../tpd/tpd.demo';
import { MedNegDemo } from '../medneg/medneg.demo';
import {
  exampleEmail,
  fictionalLandline,
  fictionalMobile,
  FIRST_NAMES,
  LAST_NAMES,
  OCCUPATIONS,
  pickOne,
  seededRandom,
  seedOf,
  STREETS,
  SUBURBS,
} from './demo-data';

/** The tenants that get a demo world. */
export const DEMO_TENANT_NAMES = ['demo', 'fundco'] as const;

const COMPANIES: readonly {
  name: string;
  type: BusinessType;
  state: string;
  group?: number;
  risk?: 'current' | 'ended';
}[] = [
  { name: 'Harbour & Vale Lawyers', type: 'LAW_FIRM', state: 'NSW', group: 1 },
  { name: 'Meridian Legal', type: 'LAW_FIRM', state: 'NSW', group: 1 },
  { name: 'Carrington Partners', type: 'LAW_FIRM', state: 'NSW' },
  { name: 'Blackwood Injury Lawyers', type: 'LAW_FIRM', state: 'VIC' },
  { name: 'Southbank Legal', type: 'LAW_FIRM', state: 'VIC' },
  { name: 'Kestrel Law', type: 'LAW_FIRM', state: 'QLD' },
  { name: 'Whitfield & Co Lawyers', type: 'LAW_FIRM', state: 'WA' },
  { name: 'Ironbark Legal', type: 'LAW_FIRM', state: 'SA', risk: 'ended' },
  { name: 'Southern Cross Mutual Insurance', type: 'INSURER', state: 'NSW', group: 0 },
  { name: 'Pacific Shield Insurance', type: 'INSURER', state: 'QLD', group: 0, risk: 'current' },
  { name: 'Coastal Workers Insurance', type: 'INSURER', state: 'VIC', group: 0 },
  { name: 'Blue Gum Insurance', type: 'INSURER', state: 'TAS' },
  { name: 'Summit Risk Brokers', type: 'BROKER', state: 'NSW' },
  { name: 'Metro Transit Authority', type: 'SELF_INSURER', state: 'VIC', group: 2 },
  { name: 'Riverside Health Services', type: 'EMPLOYER', state: 'QLD', group: 2 },
  { name: 'State Workers Compensation Agency', type: 'GOVERNMENT', state: 'ACT' },
];

const GROUPS = ['National insurers panel', 'NSW plaintiff firms', 'Self-insured employers'];

const CENTRES: readonly {
  name: string;
  city: string;
  state: string;
  postcode: string;
  address: string;
  video?: true;
}[] = [
  {
    name: 'Sydney CBD Medical Suites',
    city: 'Sydney',
    state: 'NSW',
    postcode: '2000',
    address: 'Level 9, 60 Margaret Street',
  },
  { name: 'Parramatta Rooms', city: 'Parramatta', state: 'NSW', postcode: '2150', address: '3 Horwood Place' },
  {
    name: 'Newcastle Consulting Rooms',
    city: 'Newcastle',
    state: 'NSW',
    postcode: '2300',
    address: '45 Hunter Street',
  },
  {
    name: 'Wollongong Specialist Centre',
    city: 'Wollongong',
    state: 'NSW',
    postcode: '2500',
    address: '12 Crown Street',
  },
  {
    name: 'Melbourne Collins Street',
    city: 'Melbourne',
    state: 'VIC',
    postcode: '3000',
    address: 'Suite 4, 130 Collins Street',
  },
  { name: 'Geelong Rooms', city: 'Geelong', state: 'VIC', postcode: '3220', address: '88 Malop Street' },
  { name: 'Ballarat Clinic', city: 'Ballarat', state: 'VIC', postcode: '3350', address: '21 Lydiard Street' },
  {
    name: 'Brisbane Adelaide Street',
    city: 'Brisbane',
    state: 'QLD',
    postcode: '4000',
    address: 'Level 3, 160 Adelaide Street',
  },
  {
    name: 'Gold Coast Southport Rooms',
    city: 'Gold Coast',
    state: 'QLD',
    postcode: '4217',
    address: '9 Nerang Street',
  },
  { name: 'Townsville Medical Centre', city: 'Townsville', state: 'QLD', postcode: '4810', address: '55 Sturt Street' },
  { name: 'Cairns Rooms', city: 'Cairns', state: 'QLD', postcode: '4870', address: '14 Grafton Street' },
  { name: 'Adelaide North Terrace', city: 'Adelaide', state: 'SA', postcode: '5000', address: '175 North Terrace' },
  {
    name: 'Perth St Georges Terrace',
    city: 'Perth',
    state: 'WA',
    postcode: '6000',
    address: 'Level 2, 231 St Georges Terrace',
  },
  { name: 'Fremantle Rooms', city: 'Fremantle', state: 'WA', postcode: '6160', address: '7 Market Street' },
  { name: 'Hobart Macquarie Street', city: 'Hobart', state: 'TAS', postcode: '7000', address: '99 Macquarie Street' },
  { name: 'Launceston Rooms', city: 'Launceston', state: 'TAS', postcode: '7250', address: '36 Cameron Street' },
  { name: 'Darwin Smith Street', city: 'Darwin', state: 'NT', postcode: '0800', address: '20 Smith Street' },
  { name: 'Canberra City Rooms', city: 'Canberra', state: 'ACT', postcode: '2600', address: '1 Moore Street' },
  { name: 'Sydney Video Suite', city: 'Sydney', state: 'NSW', postcode: '2000', address: 'Telehealth', video: true },
  {
    name: 'Melbourne Video Suite',
    city: 'Melbourne',
    state: 'VIC',
    postcode: '3000',
    address: 'Telehealth',
    video: true,
  },
];

/** Specialties and how many of the ~50 specialists practise each. */
const SPECIALTY_MIX: readonly [string, number][] = [
  ['Orthopaedic Surgery', 10],
  ['Psychiatry', 7],
  ['Psychology', 4],
  ['Neurology', 3],
  ['Neurosurgery', 2],
  ['Occupational Medicine', 4],
  ['Rehabilitation Medicine', 3],
  ['Pain Medicine', 2],
  ['General Surgery', 2],
  ['Plastic and Reconstructive Surgery', 2],
  ['Ophthalmology', 1],
  ['Otolaryngology (ENT)', 2],
  ['General Practice', 3],
  ['Rheumatology', 1],
  ['Respiratory Medicine', 1],
  ['Occupational Therapy', 3],
];

const SPECIALIST_STATES = ['NSW', 'NSW', 'NSW', 'VIC', 'VIC', 'VIC', 'QLD', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'];

const HOLIDAYS: readonly [string, string, string | null][] = [
  ["New Year's Day", '01-01', null],
  ['Australia Day', '01-26', null],
  ['Anzac Day', '04-25', null],
  ['Christmas Day', '12-25', null],
  ['Boxing Day', '12-26', null],
];
const DATED_HOLIDAYS: readonly [string, string, string | null][] = [
  ['Good Friday', '2026-04-03', null],
  ['Easter Monday', '2026-04-06', null],
  ["King's Birthday", '2026-06-08', 'NSW'],
  ["King's Birthday", '2026-06-08', 'VIC'],
  ['Labour Day', '2026-03-09', 'VIC'],
  ['Labour Day', '2026-10-05', 'NSW'],
  ['Melbourne Cup', '2026-11-03', 'VIC'],
  ['Royal Queensland Show', '2026-08-12', 'QLD'],
  ['Good Friday', '2027-03-26', null],
  ['Easter Monday', '2027-03-29', null],
];

const SERVICE_ITEMS: readonly [string, string, number][] = [
  ['IME-STD', 'Independent medical examination', 165000],
  ['IME-CPLX', 'Independent medical examination, complex', 220000],
  ['FR-STD', 'File review', 88000],
  ['SUPP', 'Supplementary report', 66000],
  ['PIA', 'Permanent impairment assessment', 198000],
  ['CANC-LATE', 'Late cancellation fee', 55000],
  ['NON-ATT', 'Non-attendance fee', 66000],
  ['CONCLAVE', 'Conclave / court teleconference (per hour)', 99000],
];

type Ids = Map<string, string>;

const row = (tenantId: string) => ({ tenantId, id: uuidv7(), concurrencyStamp: uuidv7() });

async function lookupIds(tx: Tx, types: LookupType[]): Promise<Ids> {
  const rows = await tx
    .select({ id: lookupConfigs.id, type: lookupConfigs.type, label: lookupConfigs.label })
    .from(lookupConfigs)
    .where(and(inArray(lookupConfigs.type, types), eq(lookupConfigs.isDeleted, false)));
  return new Map(rows.map((r) => [`${r.type}:${r.label}`, r.id]));
}

/**
 * Fills one tenant with a believable world: law firms and insurers with their case managers, about 50
 * specialists across specialties and states, 20 centres, 200 claimants and the smaller lists. The same
 * tenant name always gives the same world. Does nothing when the tenant already has companies.
 */
export async function seedDemoWorld(database: Database, tenantId: string, tenantName: string): Promise<boolean> {
  const [tenant] = await database.withSystem((tx) =>
    tx.select({ timezone: tenants.timezone }).from(tenants).where(eq(tenants.id, tenantId)),
  );
  if (!tenant) return false;
  const rand = seededRandom(seedOf(tenantName));
  const today = todayIn(tenant.timezone);
  const iso = (days: number) => formatIsoDate(addDays(today, days));
  return database.withTenant(tenantId, async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(companies);
    if ((existing?.n ?? 0) > 0) return false;
    const lookups = await lookupIds(tx, [
      'SPECIALTY',
      'QUALIFICATION',
      'ACCREDITATION',
      'TYPE_OF_CLAIM',
      'TYPE_OF_REPORT',
    ]);
    const look = (type: LookupType, label: string) => lookups.get(`${type}:${label}`) ?? null;

    // Companies and their groups.
    const groupRows = GROUPS.map((name) => ({ ...row(tenantId), name }));
    await tx.insert(companyGroups).values(groupRows);
    const companyRows = COMPANIES.map((c) => {
      const slug = c.name.toLowerCase().replace(/[^a-z]+/g, '');
      return {
        ...row(tenantId),
        name: c.name,
        businessType: c.type,
        companyGroupId: c.group === undefined ? null : groupRows[c.group]!.id,
        email: `bookings@${slug.slice(0, 20)}.example`,
        phone: fictionalLandline(c.state, rand),
        state: c.state,
        website: `https://www.${slug.slice(0, 20)}.example`,
        overdueInvoiceReminder: c.type === 'INSURER',
        highRiskApplied: c.risk !== undefined,
        highRiskAppliedFrom: c.risk === 'current' ? iso(-30) : c.risk === 'ended' ? iso(-400) : null,
        highRiskAppliedTo: c.risk === 'current' ? iso(60) : c.risk === 'ended' ? iso(-200) : null,
        highRiskReasonToBookingCm: c.risk ? 'Please call our office before booking a new case.' : null,
        highRiskReasonToStaff: c.risk ? 'Invoices overdue for more than 90 days; confirm funding first.' : null,
      };
    });
    await tx.insert(companies).values(companyRows);

    // Two to four case managers per company.
    const cmRows = companyRows.flatMap((c) =>
      Array.from({ length: 2 + Math.floor(rand() * 3) }, () => {
        const firstName = pickOne(FIRST_NAMES, rand);
        const lastName = pickOne(LAST_NAMES, rand);
        return {
          ...row(tenantId),
          firstName,
          lastName,
          email: `${firstName.toLowerCase().replace(/[^a-z]/g, '')}.${lastName.toLowerCase().replace(/[^a-z]/g, '')}@${c.email!.split('@')[1]}`,
          phone: fictionalLandline(c.state!, rand),
          mobile: rand() < 0.6 ? fictionalMobile(rand) : null,
          position: pickOne(['Case manager', 'Senior case manager', 'Claims officer', 'Paralegal', 'Solicitor'], rand),
          companyId: c.id,
          state: c.state,
        };
      }),
    );
    await tx.insert(caseManagers).values(cmRows);
    // Insurers accept bookings from the broker's case managers.
    const broker = companyRows.find((c) => c.businessType === 'BROKER')!;
    const brokerAgents = cmRows.filter((cm) => cm.companyId === broker.id).map((cm) => cm.id);
    await tx.update(companies).set({ bookingAgentIds: brokerAgents }).where(eq(companies.businessType, 'INSURER'));

    // Centres in every state, linked to the tenant's cities.
    const cityRows = await tx.select({ id: cities.id, name: cities.name }).from(cities);
    const cityId = new Map(cityRows.map((c) => [c.name, c.id]));
    const centreRows = CENTRES.map((c) => ({
      ...row(tenantId),
      name: c.name,
      address: c.address,
      suburb: c.city,
      cityId: cityId.get(c.city) ?? null,
      state: c.state,
      postcode: c.postcode,
      phone: fictionalLandline(c.state, rand),
      email: `rooms.${c.city.toLowerCase().replace(/[^a-z]/g, '')}@centres.example`,
      rooms: c.video ? ['Video room 1', 'Video room 2'] : ['Room 1', 'Room 2', ...(rand() < 0.5 ? ['Room 3'] : [])],
      isVideoCentre: c.video === true,
      directions: c.video ? null : 'Reception on the ground floor; parking nearby.',
    }));
    await tx.insert(centres).values(centreRows);

    // Reference lists the specialists and invoices use.
    const accountRows = [
      ['200', 'Medico-legal services revenue', 'REVENUE'],
      ['210', 'Cancellation fee revenue', 'REVENUE'],
      ['400', 'Specialist fees', 'EXPENSE'],
      ['410', 'Interpreter costs', 'EXPENSE'],
      ['420', 'Travel and accommodation', 'EXPENSE'],
      ['610', 'Accounts receivable', 'ASSET'],
    ].map(([code, name, accountType]) => ({
      ...row(tenantId),
      code: code!,
      name: name!,
      accountType: accountType!,
      taxType: 'GST',
    }));
    await tx.insert(accountCodes).values(accountRows);
    const itemRows = SERVICE_ITEMS.map(([code, name, price]) => ({
      ...row(tenantId),
      code,
      name,
      price,
      accountCodeId: accountRows[code.startsWith('CANC') || code.startsWith('NON') ? 1 : 0]!.id,
    }));
    await tx.insert(serviceItems).values(itemRows);
    await tx.insert(amaServiceFees).values(
      [
        ['AA005', 'Independent medical examination and report, brief', 52500],
        ['AA020', 'Independent medical examination and report, standard', 99000],
        ['AA025', 'Independent medical examination and report, complex', 148500],
        ['AA030', 'Review of records and report without examination', 66000],
        ['AA035', 'Supplementary report', 44000],
        ['AA045', 'Conference with legal representatives (per 15 minutes)', 19800],
      ].map(([itemNumber, description, fee]) => ({
        ...row(tenantId),
        itemNumber: String(itemNumber),
        description: String(description),
        fee: Number(fee),
        effectiveFrom: `${today.month >= 7 ? today.year : today.year - 1}-07-01`,
      })),
    );

    // About fifty specialists across specialties and states, with contracts current, ended or pending.
    const specialistRows = SPECIALTY_MIX.flatMap(([specialty, n]) =>
      Array.from({ length: n }, () => {
        const state = pickOne(SPECIALIST_STATES, rand);
        const firstName = pickOne(FIRST_NAMES, rand);
        const lastName = pickOne(LAST_NAMES, rand);
        const allied = specialty === 'Psychology' || specialty === 'Occupational Therapy';
        const contract = rand();
        const onboarded = contract < 0.08 ? null : iso(-Math.floor(200 + rand() * 2000));
        const ended = contract >= 0.08 && contract < 0.18 ? iso(-Math.floor(1 + rand() * 120)) : null;
        const pending = contract >= 0.18 && contract < 0.24;
        const centre = centreRows.find((c) => c.state === state && !c.isVideoCentre) ?? centreRows[0]!;
        const types: AssessmentType[] = ['INPERSON', 'FILE_REVIEW', 'SUPPLEMENTARY'];
        if (rand() < 0.6) types.push('VIDEO');
        if (rand() < 0.3) types.push('PHONE');
        if (specialty === 'Psychiatry' || specialty === 'Orthopaedic Surgery')
          types.push('MED_NEG', 'CO_TELECONFERENCE');
        if (specialty === 'Occupational Therapy') types.splice(0, types.length, 'OT', 'INPERSON', 'VIDEO');
        return {
          ...row(tenantId),
          title: allied ? pickOne(['Ms', 'Mr', 'Dr'], rand) : rand() < 0.12 ? pickOne(['Prof', 'A/Prof'], rand) : 'Dr',
          firstName,
          lastName,
          email: exampleEmail(firstName, lastName, rand),
          phone: fictionalLandline(state, rand),
          mobile: fictionalMobile(rand),
          address: `${1 + Math.floor(rand() * 200)} ${pickOne(STREETS, rand)}`,
          suburb: centre.suburb,
          state,
          postcode: centre.postcode,
          specialtyId: look('SPECIALTY', specialty),
          qualificationId: look(
            'QUALIFICATION',
            specialty === 'Psychiatry'
              ? 'FRANZCP'
              : specialty === 'Psychology'
                ? 'Master of Clinical Psychology'
                : specialty === 'Occupational Therapy'
                  ? 'Bachelor of Occupational Therapy'
                  : specialty === 'General Practice'
                    ? 'FRACGP'
                    : specialty.includes('Surgery') || specialty === 'Neurosurgery'
                      ? 'FRACS'
                      : 'FRACP',
          ),
          accreditationId: rand() < 0.7 ? look('ACCREDITATION', 'SIRA permanent impairment assessor') : null,
          recruitmentStatus: pending ? 1 : onboarded ? 2 : pickOne([0, 3, 4], rand),
          onboardedDate: pending ? iso(Math.floor(5 + rand() * 40)) : onboarded,
          onboardedEndDate: ended,
          feeArrangement: 1 + Math.floor(rand() * 4),
          providerNumber: `${Math.floor(2000000 + rand() * 7999999)}${pickOne(['A', 'B', 'F', 'H', 'J', 'K'], rand)}`,
          providerNumberNote: `${centre.suburb} rooms`,
          providerNumber2: rand() < 0.3 ? `${Math.floor(2000000 + rand() * 7999999)}L` : null,
          defaultCentreId: centre.id,
          typeOfAssessmentsAccepted: [...new Set(types)],
          serviceRates: itemRows
            .slice(0, 4)
            .map((i) => ({ serviceItemId: i.id, amount: Math.round((i.price * (0.55 + rand() * 0.2)) / 100) * 100 })),
        };
      }),
    );
    await tx.insert(specialists).values(specialistRows);

    // Two hundred claimants.
    const languageRows = await tx.select({ id: languages.id, name: languages.name }).from(languages);
    const interpreted = languageRows.filter((l) => l.name !== 'English');
    const clientRows = Array.from({ length: 200 }, (_, i) => {
      const firstName = pickOne(FIRST_NAMES, rand);
      const lastName = pickOne(LAST_NAMES, rand);
      const place = pickOne(SUBURBS, rand);
      const needsInterpreter = rand() < 0.08;
      return {
        ...row(tenantId),
        title: null,
        firstName,
        lastName,
        dateOfBirth: iso(-Math.floor(365.25 * (19 + rand() * 48))),
        gender: pickOne<Gender>(['MALE', 'FEMALE', 'MALE', 'FEMALE', 'NON_BINARY', 'PREFER_NOT_TO_SAY'], rand),
        email: rand() < 0.8 ? exampleEmail(firstName, lastName, rand, i % 7 === 0 ? i : undefined) : null,
        phone: rand() < 0.3 ? fictionalLandline(place.state, rand) : null,
        mobile: fictionalMobile(rand),
        address: `${1 + Math.floor(rand() * 300)} ${pickOne(STREETS, rand)}`,
        suburb: place.suburb,
        state: place.state,
        postcode: place.postcode,
        occupation: pickOne(OCCUPATIONS, rand),
        employer: rand() < 0.5 ? pickOne(companyRows, rand).name : null,
        languageId: needsInterpreter && interpreted.length > 0 ? pickOne(interpreted, rand).id : null,
        interpreterRequired: needsInterpreter,
      };
    });
    await tx.insert(clients).values(clientRows);

    const insurer = companyRows.find((c) => c.businessType === 'INSURER')!;
    await tx.insert(contractors).values([
      {
        ...row(tenantId),
        name: 'Precise Typing Services',
        contractorType: 'TYPIST',
        contactName: 'Dana Ward',
        email: 'jobs@precisetyping.example',
        phone: fictionalLandline('NSW', rand),
      },
      {
        ...row(tenantId),
        name: 'Audio Transcripts Australia',
        contractorType: 'TYPIST',
        contactName: 'Lee Chen',
        email: 'work@audiotranscripts.example',
        phone: fictionalLandline('VIC', rand),
      },
      {
        ...row(tenantId),
        name: 'Summit Risk Brokers (bookings)',
        contractorType: 'BROKER',
        companyId: broker.id,
        email: broker.email,
      },
      {
        ...row(tenantId),
        name: `${insurer.name} (claims)`,
        contractorType: null,
        companyId: insurer.id,
        email: insurer.email,
      },
    ]);
    await tx.insert(serviceProviders).values(
      [
        'Records Retrieval Australia',
        'National Interpreting Network',
        'Secure Courier Services',
        'MedTravel Bookings',
      ].map((name) => ({
        ...row(tenantId),
        name,
        contactName: `${pickOne(FIRST_NAMES, rand)} ${pickOne(LAST_NAMES, rand)}`,
        phone: fictionalLandline('NSW', rand),
      })),
    );
    await tx.insert(treatmentProviders).values(
      [
        ['Northside Physiotherapy', 'Physiotherapy', 'QLD'],
        ['Harbour Psychology Clinic', 'Psychology', 'NSW'],
        ['Eastern Suburbs Imaging', 'Radiology', 'NSW'],
        ['Bayside Hand Therapy', 'Hand therapy', 'VIC'],
        ['Swan Valley Medical Centre', 'General practice', 'WA'],
        ['Adelaide Pain Clinic', 'Pain management', 'SA'],
      ].map(([name, providerType, state]) => ({
        ...row(tenantId),
        name: name!,
        providerType: providerType!,
        state: state!,
        phone: fictionalLandline(state!, rand),
      })),
    );

    const years = [today.year, today.year + 1];
    await tx.insert(holidays).values([
      ...years.flatMap((y) =>
        HOLIDAYS.map(([name, md, state]) => ({ ...row(tenantId), name, date: `${y}-${md}`, state })),
      ),
      ...DATED_HOLIDAYS.filter(([, date]) => years.includes(Number(date.slice(0, 4)))).map(([name, date, state]) => ({
        ...row(tenantId),
        name,
        date,
        state,
      })),
    ]);

    const categoryRows = ['Turnaround times', 'Specialist network', 'Pricing'].map((name) => ({
      ...row(tenantId),
      name,
    }));
    await tx.insert(talkingPointCategories).values(categoryRows);
    await tx.insert(talkingPoints).values(
      [
        [
          0,
          'Reports in 10 business days',
          'Most reports reach the instructing party within 10 business days of the appointment.',
        ],
        [0, 'Urgent bookings', 'Urgent appointments are usually available within two weeks in capital cities.'],
        [
          1,
          'Specialists in every state',
          'Our panel covers every state and territory, with video appointments for regional clients.',
        ],
        [1, 'Accredited assessors', 'Most of our specialists are accredited permanent impairment assessors.'],
        [2, 'Fixed fees', 'Examination and report fees are fixed and quoted before booking.'],
        [2, 'No charge for rebooking', 'A rebooking made more than 7 days ahead costs nothing.'],
      ].map(([category, title, content]) => ({
        ...row(tenantId),
        categoryId: categoryRows[Number(category)]!.id,
        title: String(title),
        content: String(content),
      })),
    );

    const claimIds = [
      'Workers compensation',
      'Motor vehicle accident (CTP)',
      'Public liability',
      'Medical negligence',
    ].map((l) => look('TYPE_OF_CLAIM', l));
    const reportIds = [
      'Independent medical examination',
      'Permanent impairment assessment',
      'File review',
      'Liability and causation report',
    ].map((l) => look('TYPE_OF_REPORT', l));
    const claim = (c: number, reports: number[]) => ({
      typeOfClaimId: claimIds[c]!,
      typeOfReportIds: reports.map((r) => reportIds[r]!).filter(Boolean),
    });
    await tx.insert(matterTypes).values([
      { ...row(tenantId), name: 'Personal injury', claims: [claim(0, [0, 1]), claim(1, [0, 1, 2]), claim(2, [0, 3])] },
      { ...row(tenantId), name: 'Medical negligence', claims: [claim(3, [2, 3])] },
      { ...row(tenantId), name: 'Workers compensation', claims: [claim(0, [0, 1, 2])] },
      { ...row(tenantId), name: 'Motor vehicle accident', claims: [claim(1, [0, 1])] },
    ]);

    const [staff] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.userName, 'staff'), eq(users.isDeleted, false)));
    // The demo sign-ins of a case manager, a specialist and a typist are people of this world: the case
    // manager books for a law firm and sees its cases; the specialist has a current contract; the typist
    // is the contact of a typing service (their Contractor Detail page).
    const signIns = await tx
      .select({ id: users.id, userName: users.userName })
      .from(users)
      .where(and(inArray(users.userName, ['casemanager', 'specialist', 'contractor']), eq(users.isDeleted, false)));
    const lawFirm = companyRows.find((c) => c.businessType === 'LAW_FIRM');
    const bookingCm = cmRows.find((cm) => cm.companyId === lawFirm?.id);
    const contracted = specialistRows.find(
      (sp) => sp.onboardedDate && !sp.onboardedEndDate && sp.recruitmentStatus === 2,
    );
    for (const signIn of signIns) {
      if (signIn.userName === 'casemanager' && bookingCm) {
        await tx.update(caseManagers).set({ userId: signIn.id }).where(eq(caseManagers.id, bookingCm.id));
      }
      if (signIn.userName === 'specialist' && contracted) {
        await tx.update(specialists).set({ userId: signIn.id }).where(eq(specialists.id, contracted.id));
      }
      if (signIn.userName === 'contractor') {
        await tx.update(contractors).set({ userId: signIn.id }).where(eq(contractors.name, 'Precise Typing Services'));
      }
    }
    if (staff) {
      await tx.insert(saleTargets).values(
        [0, 1, 2].map((k) => {
          const month = ((today.month - 1 + k) % 12) + 1;
          const year = today.year + Math.floor((today.month - 1 + k) / 12);
          return { ...row(tenantId), userId: staff.id, year, month, amount: 4_000_000 + k * 250_000 };
        }),
      );
    }

    // NDIS price-guide items, IMS approvals of a few specialists, the office's default persons in charge
    // and the staff's positions and phones: the master-data screens' demo rows (decisions 0130, 0131).
    await tx.insert(ndisServiceItems).values(
      [
        [
          '15_056_0128_1_3',
          'Assessment Recommendation Therapy Or Training - Other Therapy',
          'H',
          19_399,
          'Therapeutic Supports',
        ],
        [
          '15_054_0128_1_3',
          'Assessment Recommendation Therapy Or Training - Psychology',
          'H',
          22_299,
          'Therapeutic Supports',
        ],
        [
          '15_617_0128_1_3',
          'Assessment Recommendation Therapy Or Training - Occupational Therapy',
          'H',
          19_399,
          'Therapeutic Supports',
        ],
        ['15_037_0117_1_3', 'Individual Social Skills Development', 'H', 19_399, 'Specialised Supported Employment'],
        ['01_799_0106_1_1', 'Provider Travel - Non-Labour Costs', 'E', 100, 'Assistance with Daily Life'],
      ].map(([itemNumber, name, unit, priceLimit, registrationGroup]) => ({
        ...row(tenantId),
        itemNumber: String(itemNumber),
        name: String(name),
        unit: unit as 'H' | 'E',
        priceLimit: Number(priceLimit),
        registrationGroup: String(registrationGroup),
      })),
    );
    const insurers = companyRows.filter((c) => c.businessType === 'INSURER');
    await tx.insert(imsApprovals).values(
      specialistRows.slice(0, 4).map((sp, i) => ({
        ...row(tenantId),
        specialistId: sp.id,
        companyId: insurers[i % insurers.length]!.id,
        approvalNumber: `IMS-${today.year}-${String(101 + i).padStart(4, '0')}`,
        validFrom: iso(-Math.floor(30 + rand() * 300)),
        validTo: i === 3 ? iso(-5) : iso(Math.floor(200 + rand() * 500)),
        status: i === 3 ? ('EXPIRED' as const) : ('APPROVED' as const),
      })),
    );
    const office = await tx
      .select({ id: users.id, userName: users.userName })
      .from(users)
      .where(and(inArray(users.userName, ['admin', 'adminstaff', 'staff', 'accounting']), eq(users.isDeleted, false)));
    const officeId = (userName: string) => office.find((u) => u.userName === userName)?.id;
    const pics = [
      ['REQUEST_RECEIVED', 'staff'],
      ['APPOINTMENT', 'staff'],
      ['QUALITY_ASSURANCE', 'adminstaff'],
      ['PRE_PAYMENT', 'accounting'],
    ] as const;
    const picRows = pics.flatMap(([step, userName]) => {
      const userId = officeId(userName);
      return userId ? [{ ...row(tenantId), step, userId }] : [];
    });
    if (picRows.length > 0) await tx.insert(caseDefaultPics).values(picRows);
    const positions: Record<string, string> = {
      admin: 'Practice manager',
      adminstaff: 'Office manager',
      staff: 'Bookings coordinator',
      accounting: 'Accounts officer',
    };
    for (const u of office) {
      await tx
        .update(users)
        .set({ title: positions[u.userName] ?? null, phoneNumber: fictionalLandline('NSW', rand) })
        .where(and(eq(users.id, u.id), isNull(users.title)));
    }
    return true;
  });
}

/** Seeds every demo tenant that has no world yet. */
export async function seedDemoWorlds(database: Database, log: (line: string) => void = () => undefined): Promise<void> {
  const rows = await database.withSystem((tx) =>
    tx
      .select({ id: tenants.id, name: tenants.name })
      .from(tenants)
      .where(inArray(tenants.name, [...DEMO_TENANT_NAMES])),
  );
  for (const t of rows) {
    const started = Date.now();
    if (!(await seedDemoWorld(database, t.id, t.name))) continue;
    // The cases go through the case and scheduling services, each step its own transaction: a refused
    // step leaves the cases made before it and is reported, and the server starts all the same.
    try {
      const work = await seedDemoCases(database, t.id, t.name);
      const made = work.cases > 0 ? ` (${work.cases} cases, ${work.sessions} sessions)` : '';
      log(`Demo data for tenant "${t.name}" in ${Date.now() - started} ms${made}`);
    } catch (error) {
      log(`Demo data for tenant "${t.name}": the demo cases stopped: ${(error as Error).message}`);
    }
    try {
      const made = await seedDemoModuleCases(database, t.id, [MedicalRecordDemo, TpdDemo, MedNegDemo]);
      if (made > 0) log(`Demo module cases for tenant "${t.name}": ${made}`);
    } catch (error) {
      log(`Demo data for tenant "${t.name}": the demo module cases stopped: ${(error as Error).message}`);
    }
    try {
      const funding = await seedDemoFunding(database, t.id);
      if (funding.loans > 0) log(`Demo funding for tenant "${t.name}": ${funding.loans} loans`);
    } catch (error) {
      log(`Demo data for tenant "${t.name}": the demo funding stopped: ${(error as Error).message}`);
    }
  }
}
