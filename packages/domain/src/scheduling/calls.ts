import { z } from 'zod';
import { IsoDate } from '../fields';
import { FormMessages, isEmail } from '../forms';
import { Uuid } from '../ids';
import { AppointmentTypes } from './slots';

/** The remote appointment types an on-demand search offers, and what each one matches. */
export const OnDemandKinds = ['VIDEO', 'PHONE'] as const;
export type OnDemandKind = (typeof OnDemandKinds)[number];

/** The days an on-demand search looks ahead when no end date is given. */
export const ON_DEMAND_DEFAULT_DAYS = 30;

/**
 * On-demand search: the soonest unbooked video or phone sessions from now, whatever the place, one
 * row per session (not grouped by specialist).
 */
export const OnDemandSearchQuery = z.object({
  /** VIDEO or PHONE; both when left out. */
  kind: z.enum(OnDemandKinds).optional(),
  /** A specialty id, or the start of its name. */
  specialty: z.string().trim().max(200).optional(),
  specialistName: z.string().trim().max(200).optional(),
  fromDate: IsoDate.optional(),
  toDate: IsoDate.optional(),
  maxResultCount: z.coerce.number().int().min(1).max(100).default(20),
});
export type OnDemandSearchQuery = z.infer<typeof OnDemandSearchQuery>;

const ReservedFor = z.array(z.object({ id: Uuid, displayName: z.string() }));

export const OnDemandSlot = z.object({
  id: Uuid,
  specialist: z.object({
    id: Uuid,
    fullName: z.string(),
    title: z.string().nullable(),
    specialty: z.string().nullable(),
  }),
  dateFrom: z.string(),
  dateTo: z.string(),
  timeZone: z.string(),
  displayFrom: z.string(),
  appointmentType: z.enum(AppointmentTypes),
  isVideoAppointment: z.boolean(),
  sessionStatus: z.literal('available'),
  reservedForCompanies: ReservedFor,
});

export const OnDemandSearchResult = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  /** All matching sessions in the period; `items` holds the soonest of them. */
  totalCount: z.number(),
  items: z.array(OnDemandSlot),
});
export type OnDemandSearchResult = z.infer<typeof OnDemandSearchResult>;

/** Centres near a postcode, or in a state, that have unbooked sessions in the period. */
export const ClinicAreaSearchInput = z.strictObject({
  postcode: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'postcode must be 4 digits')
    .nullable()
    .default(null),
  state: z.string().trim().max(40).nullable().default(null),
  specialty: z.string().trim().max(200).nullable().default(null),
  fromDate: IsoDate.nullable().default(null),
  toDate: IsoDate.nullable().default(null),
  maxResultCount: z.number().int().min(1).max(100).default(20),
});
export type ClinicAreaSearchInput = z.infer<typeof ClinicAreaSearchInput>;

export const ClinicAreaItem = z.object({
  centre: z.object({
    id: Uuid,
    name: z.string(),
    address: z.string().nullable(),
    suburb: z.string().nullable(),
    state: z.string().nullable(),
    postcode: z.string().nullable(),
  }),
  availableCount: z.number(),
  specialistCount: z.number(),
  /** The centre's first unbooked session, in its zone. */
  firstAvailable: z.string(),
  /** That session's day on the centre's calendar (where the calendar opens). */
  firstAvailableDate: IsoDate,
});

export const ClinicAreaResult = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  totalCount: z.number(),
  items: z.array(ClinicAreaItem),
});
export type ClinicAreaResult = z.infer<typeof ClinicAreaResult>;

/** The day-sheet page's inputs as a query string (the print page's dId, cId, fDate). */
export const DaySheetExportQuery = z.object({
  specialistId: Uuid,
  centreId: Uuid.optional(),
  fromDate: IsoDate,
  toDate: IsoDate.optional(),
  businessDays: z.coerce.number().int().min(1).max(23).optional(),
});

export const DaySheetValidation = z.object({
  specialist: z.object({ id: Uuid, fullName: z.string() }),
  centre: z.object({ id: Uuid, name: z.string() }).nullable(),
  fromDate: z.string(),
  toDate: z.string(),
  bookingCount: z.number(),
  /** Whether Email Daysheets can be used: the specialist has an e-mail address. */
  canEmail: z.boolean(),
  /** Things to know before printing that do not stop it. */
  warnings: z.array(z.string()),
});
export type DaySheetValidation = z.infer<typeof DaySheetValidation>;

/** A specialist's or one session's booking history. */
export const SessionHistoryQuery = z
  .object({
    specialistId: Uuid.optional(),
    sessionId: Uuid.optional(),
    fromDate: IsoDate.optional(),
    toDate: IsoDate.optional(),
  })
  .refine((q) => q.specialistId || q.sessionId, {
    message: 'Choose a specialist or a session.',
    path: ['specialistId'],
  });

/** E-mails a centre's unbooked sessions of a period. */
export const SendCentreAvailableInput = z.strictObject({
  centreId: Uuid,
  /** The recipient; by default the centre's own e-mail address. */
  to: z
    .string()
    .trim()
    .max(256)
    .refine((s) => s === '' || isEmail(s), FormMessages.email)
    .nullable()
    .default(null),
  fromDate: IsoDate.nullable().default(null),
  toDate: IsoDate.nullable().default(null),
  note: z.string().trim().max(4000).nullable().default(null),
});
export type SendCentreAvailableInput = z.infer<typeof SendCentreAvailableInput>;

/** The days a centre's availability e-mail covers when no end date is given. */
export const CENTRE_AVAILABLE_DEFAULT_DAYS = 14;

export const CvOrSampleKinds = ['CV', 'SAMPLE_REPORT', 'BOTH'] as const;
export type CvOrSampleKind = (typeof CvOrSampleKinds)[number];
export const CvOrSampleLabels: Record<CvOrSampleKind, string> = {
  CV: 'CV',
  SAMPLE_REPORT: 'sample report',
  BOTH: 'CV and sample report',
};

/** A case manager asks the booking staff for a specialist's CV or a sample report. */
export const RequestCvOrSampleInput = z.strictObject({
  specialistId: Uuid,
  kind: z.enum(CvOrSampleKinds).default('CV'),
  note: z.string().trim().max(4000).nullable().default(null),
});
export type RequestCvOrSampleInput = z.infer<typeof RequestCvOrSampleInput>;

export const MailQueuedResult = z.object({
  /** The outbox rows queued, one per recipient. */
  queued: z.number(),
  recipients: z.array(z.string()),
});

/** Which availability search a history row records. */
export const AvailabilitySearchKinds = ['searchAppointment', 'searchOnDemandAppointment', 'searchClinicArea'] as const;
export type AvailabilitySearchKind = (typeof AvailabilitySearchKinds)[number];

/** The search history's export filters; case managers see only their own searches. */
export const SearchHistoryExportInput = z.strictObject({
  fromDate: IsoDate.nullable().default(null),
  toDate: IsoDate.nullable().default(null),
  userId: Uuid.nullable().default(null),
});
export type SearchHistoryExportInput = z.infer<typeof SearchHistoryExportInput>;
