import { ADMIN_OR_STAFF, ALL_ROLES, OFFICE_ROLES, type Role } from './roles';
import type { FeatureFlag } from './tenancy';

/** The four permissions of a master-data resource: read (the group name), Create, Update, Delete. */
export type CrudPermissions = { read: string; create: string; update: string; delete: string };

/** `Casebook.{Group}` and its `.Create`, `.Update`, `.Delete` children. */
export function crudPermissions(group: string): CrudPermissions {
  const read = `Casebook.${group}`;
  return { read, create: `${read}.Create`, update: `${read}.Update`, delete: `${read}.Delete` };
}

export const Permissions = {
  countries: crudPermissions('Countries'),
  cities: crudPermissions('Cities'),
  entityChanges: { read: 'Casebook.EntityChanges' },
  users: {
    ...crudPermissions('Users'),
    managePasswords: 'Casebook.Users.ManagePasswords',
    lock: 'Casebook.Users.Lock',
    impersonation: 'Casebook.Users.Impersonation',
    loginHistory: 'Casebook.Users.LoginHistory',
  },
  userGroups: crudPermissions('UserGroups'),
  roles: { read: 'Casebook.Roles', update: 'Casebook.Roles.Update' },
  tenants: crudPermissions('Tenants'),
  oneTimeAccess: { create: 'Casebook.OneTimeAccess.Create' },
  systemConfig: { update: 'Casebook.SystemConfig.Update' },
  systemErrors: { read: 'Casebook.SystemErrors', update: 'Casebook.SystemErrors.Update' },
  /** statistic/*: the dashboards' figures (under the caller's record rules) and the administrators' counts. */
  statistics: { read: 'Casebook.Statistics', administration: 'Casebook.Statistics.Administration' },
  /** The host's migration button (app/migration). */
  migration: { run: 'Casebook.Migration' },
  /** The host's system updates (app/system-update): read, write, and send by e-mail to the tenants' admins. */
  systemUpdates: { read: 'Casebook.SystemUpdate', manage: 'Casebook.SystemUpdate.Manage' },
  /** Practice software (Clio, LEAP, Practice Evolve, Actionstep, Smokeball): connections and matter links. */
  legalPractice: { read: 'Casebook.LegalPracticeAPI', update: 'Casebook.LegalPracticeAPI.Update' },
  /** The matter-sync list: office roles, and case managers for the cases they see. */
  pmsMatters: { read: 'Casebook.PmsMatters' },
  companies: crudPermissions('Companies'),
  companyGroups: crudPermissions('CompanyGroups'),
  caseManagers: crudPermissions('CaseManagers'),
  clients: crudPermissions('Clients'),
  specialists: crudPermissions('Specialists'),
  contractors: crudPermissions('Contractors'),
  serviceProviders: crudPermissions('ServiceProviders'),
  treatmentProviders: crudPermissions('TreatmentProviders'),
  centres: crudPermissions('Centres'),
  lookupConfigs: crudPermissions('LookupConfigs'),
  matterTypes: crudPermissions('MatterTypes'),
  documentTypes: crudPermissions('DocumentTypes'),
  attachmentTypes: crudPermissions('AttachmentTypes'),
  holidays: crudPermissions('Holidays'),
  accountCodes: crudPermissions('AccountCodes'),
  talkingPoints: crudPermissions('TalkingPoints'),
  talkingPointCategories: crudPermissions('TalkingPointCategories'),
  ndisTimeBudgets: crudPermissions('NdisTimeBudgets'),
  ndisServiceItems: crudPermissions('NdisServiceItems'),
  imsApprovals: crudPermissions('ImsApprovals'),
  defaultPics: crudPermissions('DefaultPics'),
  /** The staff screen: the office users' contact details, read-only (decision 0130). */
  staffs: crudPermissions('Staffs'),
  saleTargets: crudPermissions('SaleTargets'),
  marketingCampaigns: {
    ...crudPermissions('MarketingCampaign'),
    send: 'Casebook.MarketingCampaign.Send',
    connect: 'Casebook.MarketingCampaign.Connect',
  },
  /** Calls through the telephony provider: the widget, click-to-call and call results; the connection. */
  telephony: { use: 'Casebook.Telephony', connect: 'Casebook.Telephony.Connect' },
  /** Text messages: appointment reminders and video links, and the opt-outs. */
  sms: { send: 'Casebook.Sms.Send' },
  /** The US health insurer's connection of the tenant. */
  uhg: { connect: 'Casebook.Uhg.Connect' },
  /** Appointment requests arriving by e-mail: read and decide (Update), and the tenant's mailbox (Connect). */
  emlAppointments: {
    read: 'Casebook.EMLIntegration',
    update: 'Casebook.EMLIntegration.Update',
    connect: 'Casebook.EMLIntegration.Connect',
  },
  serviceItems: crudPermissions('ServiceItems'),
  amaServiceFees: crudPermissions('AmaServiceFees'),
  languages: crudPermissions('Languages'),
  interpreters: crudPermissions('Interpreters'),
  /** Asking the booking assistant; what it answers is still limited by the asker's own permissions. */
  bookingAssistant: { use: 'Casebook.BookingAssistant' },
  appointmentSessions: {
    ...crudPermissions('AppointmentSessions'),
    book: 'Casebook.AppointmentSessions.Book',
    search: 'Casebook.AppointmentSessions.Search',
  },
  emailTemplates: {
    read: 'Casebook.EmailTemplates',
    update: 'Casebook.EmailTemplates.Update',
    send: 'Casebook.EmailTemplates.Send',
  },
  emailTracking: { read: 'Casebook.EmailTracking', resend: 'Casebook.EmailTracking.Resend' },
  /** A case's correspondence tab: its e-mails and the notes of calls, messages and meetings. */
  correspondence: { read: 'Casebook.Correspondence', create: 'Casebook.Correspondence.Create' },
  backgroundJobs: { read: 'Casebook.BackgroundJobs', manage: 'Casebook.BackgroundJobs.Manage' },
  healthStatus: { read: 'Casebook.HealthStatus' },
  /** Cases of the assessment list (IME, mass torts, OT, conclave); step updates need Update. */
  assessments: {
    ...crudPermissions('Assessment'),
    changeStatus: 'Casebook.Assessment.ChangeStatus',
    privateNotes: 'Casebook.Assessment.PrivateNotes',
  },
  actionItems: crudPermissions('ActionRequired'),
  /** Payment invoices of cases and their payments (the spec's app/payments). */
  payments: {
    ...crudPermissions('Payments'),
    send: 'Casebook.Payments.Send',
    cancel: 'Casebook.Payments.Cancel',
    recordPayment: 'Casebook.Payments.RecordPayment',
    credit: 'Casebook.Payments.Credit',
    outstandingBalance: 'Casebook.Payments.OutstandingBalance',
  },
  paymentBlueprints: crudPermissions('PaymentBlueprints'),
  /** Doctor remittances: the month's run and the statements it makes. */
  specialistRemittance: {
    read: 'Casebook.SpecialistRemittance',
    run: 'Casebook.SpecialistRemittance.Run',
    send: 'Casebook.SpecialistRemittance.Send',
    /** A specialist's own statements. */
    own: 'Casebook.SpecialistRemittance.Own',
  },
  /** Supplementary reports and file reviews: each module's group, as its declaration names it. */
  supplementaries: { ...crudPermissions('Supplementary'), changeStatus: 'Casebook.Supplementary.ChangeStatus' },
  fileReviews: { ...crudPermissions('FileReview'), changeStatus: 'Casebook.FileReview.ChangeStatus' },
  mva: { ...crudPermissions('MVA'), changeStatus: 'Casebook.MVA.ChangeStatus' },
  ot: crudPermissions('OT'),
  ndis: { ...crudPermissions('NDIS'), changeStatus: 'Casebook.NDIS.ChangeStatus' },
  medicalRecords: { ...crudPermissions('MedicalRecord'), changeStatus: 'Casebook.MedicalRecord.ChangeStatus' },
  tpd: { ...crudPermissions('TPD'), changeStatus: 'Casebook.TPD.ChangeStatus' },
  medNeg: { ...crudPermissions('MedNeg'), changeStatus: 'Casebook.MedNeg.ChangeStatus' },
  files: {
    read: 'Casebook.Files',
    upload: 'Casebook.Files.Upload',
    delete: 'Casebook.Files.Delete',
    documentSearch: 'Casebook.Files.DocumentSearch',
    manageStorage: 'Casebook.Files.ManageStorage',
  },
  /** Funding: lenders, agreements, loans (the spec's DisbursementFunding group) and their transactions. */
  fundingProviders: crudPermissions('FundingProviders'),
  fundingAgreements: crudPermissions('FundingAgreements'),
  fundingRequests: crudPermissions('FundingRequests'),
  disbursementFunding: crudPermissions('DisbursementFunding'),
  fundingTransactions: { read: 'Casebook.FundingTransaction' },
  disbursement: { read: 'Casebook.Disbursement' },
  /** The business reports (the spec's PowerBIReport group, the name the report routes check). */
  reports: { read: 'Casebook.PowerBIReport' },
  /** The tenant's subscription: its edition, features and storage (the spec's Subscription group). */
  subscription: { read: 'Casebook.Subscription' },
  /** Inquiries logged, followed up and turned into cases (feature InquiryCentre). */
  inquiries: crudPermissions('InquiryCentre'),
  /** LMQ checklists and the task checklists applied to cases (feature LMQ). */
  lmq: crudPermissions('LMQ'),
  /** Time spent on cases (feature TimeTracking): each user's own entries; administrators see everyone's. */
  timeTracking: crudPermissions('TimeTracking'),
  /** Dictations given to typists: the office assigns, the typist (a contractor) sends the typed report back. */
  /** Report QA of IME cases: review and validation status, corrections, the Reports QA Sheet. */
  reportCorrections: { read: 'Casebook.ReportCorrections', update: 'Casebook.ReportCorrections.Update' },
  typistJobs: {
    read: 'Casebook.TypistJobs',
    assign: 'Casebook.TypistJobs.Assign',
    complete: 'Casebook.TypistJobs.Complete',
  },
} as const;

const USER_ADMINS: readonly Role[] = ['TENANT_ADMIN', 'ADMIN_STAFF'];

type Grant = { permission: string; roles: readonly Role[] };

function crudGrants(
  p: CrudPermissions,
  readers: readonly Role[],
  writers: readonly Role[],
  creators: readonly Role[] = writers,
): Grant[] {
  return [
    { permission: p.read, roles: readers },
    { permission: p.create, roles: creators },
    { permission: p.update, roles: writers },
    { permission: p.delete, roles: writers },
  ];
}

/** Office roles and case managers: case managers pick these records when they book. */
const OFFICE_AND_CASE_MANAGERS: readonly Role[] = [...ADMIN_OR_STAFF, 'CASE_MANAGER'];
/** Clients are also kept by case managers and contractors (shell.md §2). */
const CLIENT_KEEPERS: readonly Role[] = [...OFFICE_ROLES, 'CASE_MANAGER', 'CONTRACTOR'];
/** Master data's screens are "mostly admin staff and staff"; accounting reads what invoices refer to. */
const MASTER_DATA_WRITERS = OFFICE_ROLES;

/** Which roles hold each permission unless a tenant changes its grants. */
export const DefaultGrants: readonly Grant[] = [
  ...crudGrants(Permissions.countries, ALL_ROLES, OFFICE_ROLES),
  ...crudGrants(Permissions.cities, ALL_ROLES, OFFICE_ROLES),
  { permission: Permissions.entityChanges.read, roles: OFFICE_ROLES },
  ...crudGrants(Permissions.users, ADMIN_OR_STAFF, USER_ADMINS),
  { permission: Permissions.users.managePasswords, roles: USER_ADMINS },
  // Staff is a view of the users: its writes are the users' own routes, with their role rules.
  { permission: Permissions.staffs.read, roles: USER_ADMINS },
  { permission: Permissions.users.lock, roles: USER_ADMINS },
  { permission: Permissions.users.loginHistory, roles: USER_ADMINS },
  { permission: Permissions.users.impersonation, roles: ['TENANT_ADMIN'] },
  ...crudGrants(Permissions.userGroups, OFFICE_ROLES, USER_ADMINS),
  { permission: Permissions.roles.read, roles: ['TENANT_ADMIN'] },
  { permission: Permissions.roles.update, roles: ['TENANT_ADMIN'] },
  // Tenant routes are also host-only: these grants matter for the host's own users.
  ...crudGrants(Permissions.tenants, ['TENANT_ADMIN'], ['TENANT_ADMIN']),
  { permission: Permissions.oneTimeAccess.create, roles: OFFICE_ROLES },
  // The system errors screen is host-only (its route: administrators): the grant matters for the host's own.
  { permission: Permissions.systemErrors.read, roles: USER_ADMINS },
  { permission: Permissions.systemErrors.update, roles: USER_ADMINS },
  // The dashboards' figures: everyone, each counting only the records their rules show them.
  { permission: Permissions.statistics.read, roles: ALL_ROLES },
  { permission: Permissions.statistics.administration, roles: USER_ADMINS },
  // The migration button is host-only (its route): the grant matters for the host's own admins.
  { permission: Permissions.migration.run, roles: ['TENANT_ADMIN'] },
  // System updates are host-only (their routes): read by the host's administrators, written and sent by its admin.
  { permission: Permissions.systemUpdates.read, roles: USER_ADMINS },
  { permission: Permissions.systemUpdates.manage, roles: ['TENANT_ADMIN'] },
  // Practice software: the routes' roles (admin staff, staff) and the tenant's admins.
  { permission: Permissions.legalPractice.read, roles: ['TENANT_ADMIN', 'ADMIN_STAFF', 'STAFF'] },
  { permission: Permissions.legalPractice.update, roles: ['TENANT_ADMIN', 'ADMIN_STAFF', 'STAFF'] },
  { permission: Permissions.pmsMatters.read, roles: ['TENANT_ADMIN', 'ADMIN_STAFF', 'STAFF', 'CASE_MANAGER'] },
  // Master data: office roles keep it; case managers read what they book with.
  ...crudGrants(Permissions.companies, [...OFFICE_AND_CASE_MANAGERS, 'CONTRACTOR'], MASTER_DATA_WRITERS),
  ...crudGrants(Permissions.companyGroups, ADMIN_OR_STAFF, MASTER_DATA_WRITERS),
  ...crudGrants(Permissions.caseManagers, OFFICE_AND_CASE_MANAGERS, MASTER_DATA_WRITERS),
  ...crudGrants(Permissions.clients, [...CLIENT_KEEPERS, 'ACCOUNTING'], CLIENT_KEEPERS),
  ...crudGrants(Permissions.specialists, [...OFFICE_AND_CASE_MANAGERS, 'SPECIALIST'], MASTER_DATA_WRITERS),
  ...crudGrants(Permissions.contractors, ADMIN_OR_STAFF, MASTER_DATA_WRITERS),
  ...crudGrants(Permissions.serviceProviders, ADMIN_OR_STAFF, MASTER_DATA_WRITERS),
  ...crudGrants(Permissions.treatmentProviders, OFFICE_AND_CASE_MANAGERS, MASTER_DATA_WRITERS),
  // Centres: case managers may view and add (shell.md §2); specialists see where they examine.
  ...crudGrants(Permissions.centres, [...OFFICE_AND_CASE_MANAGERS, 'SPECIALIST'], MASTER_DATA_WRITERS, [
    ...MASTER_DATA_WRITERS,
    'CASE_MANAGER',
  ]),
  // Value lists feed every drop-down: everyone reads them.
  ...crudGrants(Permissions.lookupConfigs, ALL_ROLES, MASTER_DATA_WRITERS),
  ...crudGrants(Permissions.matterTypes, ALL_ROLES, MASTER_DATA_WRITERS),
  ...crudGrants(Permissions.documentTypes, ALL_ROLES, MASTER_DATA_WRITERS),
  ...crudGrants(Permissions.attachmentTypes, ALL_ROLES, MASTER_DATA_WRITERS),
  ...crudGrants(Permissions.holidays, ALL_ROLES, MASTER_DATA_WRITERS),
  ...crudGrants(Permissions.languages, ALL_ROLES, MASTER_DATA_WRITERS),
  // Interpreters are booked with sessions: those who book read them.
  ...crudGrants(Permissions.interpreters, OFFICE_AND_CASE_MANAGERS, MASTER_DATA_WRITERS),
  ...crudGrants(Permissions.accountCodes, ADMIN_OR_STAFF, ADMIN_OR_STAFF),
  ...crudGrants(Permissions.serviceItems, OFFICE_AND_CASE_MANAGERS, [...MASTER_DATA_WRITERS, 'ACCOUNTING']),
  ...crudGrants(Permissions.amaServiceFees, ADMIN_OR_STAFF, [...MASTER_DATA_WRITERS, 'ACCOUNTING']),
  ...crudGrants(Permissions.talkingPoints, OFFICE_ROLES, MASTER_DATA_WRITERS),
  ...crudGrants(Permissions.talkingPointCategories, OFFICE_ROLES, MASTER_DATA_WRITERS),
  ...crudGrants(Permissions.ndisTimeBudgets, OFFICE_ROLES, MASTER_DATA_WRITERS),
  ...crudGrants(Permissions.ndisServiceItems, OFFICE_ROLES, MASTER_DATA_WRITERS),
  ...crudGrants(Permissions.imsApprovals, OFFICE_ROLES, MASTER_DATA_WRITERS),
  ...crudGrants(Permissions.defaultPics, OFFICE_ROLES, MASTER_DATA_WRITERS),
  ...crudGrants(Permissions.saleTargets, OFFICE_ROLES, MASTER_DATA_WRITERS),
  // Marketing campaigns: the office roles of the marketing screen; the provider's key is the admins'.
  ...crudGrants(Permissions.marketingCampaigns, OFFICE_ROLES, OFFICE_ROLES),
  { permission: Permissions.marketingCampaigns.send, roles: OFFICE_ROLES },
  { permission: Permissions.marketingCampaigns.connect, roles: ['TENANT_ADMIN', 'ADMIN_STAFF'] },
  // The telephony widget is for admin and staff (money-integrations-admin.md §6); the connection the admins'.
  { permission: Permissions.telephony.use, roles: OFFICE_ROLES },
  { permission: Permissions.telephony.connect, roles: ['TENANT_ADMIN', 'ADMIN_STAFF'] },
  { permission: Permissions.sms.send, roles: OFFICE_ROLES },
  { permission: Permissions.uhg.connect, roles: ['TENANT_ADMIN', 'ADMIN_STAFF'] },
  // E-mailed appointment requests: the office roles of the screen decide them; the mailbox is the admins'.
  { permission: Permissions.emlAppointments.read, roles: OFFICE_ROLES },
  { permission: Permissions.emlAppointments.update, roles: OFFICE_ROLES },
  { permission: Permissions.emlAppointments.connect, roles: ['TENANT_ADMIN', 'ADMIN_STAFF'] },
  { permission: Permissions.systemConfig.update, roles: USER_ADMINS },
  // Sessions: the clinic calendar is for office roles, case managers and specialists; specialists keep
  // their own sessions (the service limits them); case managers book; the availability search is for
  // admin staff, staff and case managers (shell.md §2).
  ...crudGrants(
    Permissions.appointmentSessions,
    [...ADMIN_OR_STAFF, 'CASE_MANAGER', 'SPECIALIST'],
    [...OFFICE_ROLES, 'SPECIALIST'],
  ),
  { permission: Permissions.appointmentSessions.book, roles: [...OFFICE_ROLES, 'CASE_MANAGER'] },
  { permission: Permissions.appointmentSessions.search, roles: [...OFFICE_ROLES, 'CASE_MANAGER'] },
  // The booking assistant answers from the asker's own calls: availability, their cases and sessions.
  { permission: Permissions.bookingAssistant.use, roles: [...OFFICE_ROLES, 'CASE_MANAGER', 'SPECIALIST'] },
  // Mail templates: admin staff and staff preview, edit and send test e-mails (shell.md §6); tenant
  // admins too. Case screens read templates to offer them.
  { permission: Permissions.emailTemplates.read, roles: [...OFFICE_ROLES, 'ACCOUNTING'] },
  { permission: Permissions.emailTemplates.update, roles: OFFICE_ROLES },
  { permission: Permissions.emailTemplates.send, roles: OFFICE_ROLES },
  { permission: Permissions.emailTracking.read, roles: OFFICE_ROLES },
  { permission: Permissions.emailTracking.resend, roles: OFFICE_ROLES },
  { permission: Permissions.correspondence.read, roles: OFFICE_ROLES },
  { permission: Permissions.correspondence.create, roles: OFFICE_ROLES },
  // The jobs dashboard replaces the spec's /hangfire link, which is for tenant admins.
  { permission: Permissions.backgroundJobs.read, roles: ['TENANT_ADMIN'] },
  { permission: Permissions.backgroundJobs.manage, roles: ['TENANT_ADMIN'] },
  { permission: Permissions.healthStatus.read, roles: ['TENANT_ADMIN'] },
  // Cases: readers see only the cases visible to them (the service narrows case managers and specialists).
  ...crudGrants(Permissions.assessments, [...ADMIN_OR_STAFF, 'CASE_MANAGER', 'SPECIALIST'], OFFICE_ROLES, [
    ...OFFICE_ROLES,
    'CASE_MANAGER',
  ]),
  { permission: Permissions.assessments.changeStatus, roles: OFFICE_ROLES },
  { permission: Permissions.assessments.privateNotes, roles: ADMIN_OR_STAFF },
  ...crudGrants(Permissions.actionItems, [...ADMIN_OR_STAFF, 'CASE_MANAGER', 'SPECIALIST'], OFFICE_ROLES),
  // Invoices: the list is for admin staff, staff and case managers (case managers see their companies'
  // invoices); the detail, add and every change for the office roles and accounting.
  { permission: Permissions.payments.read, roles: [...ADMIN_OR_STAFF, 'CASE_MANAGER'] },
  { permission: Permissions.payments.create, roles: ADMIN_OR_STAFF },
  { permission: Permissions.payments.update, roles: ADMIN_OR_STAFF },
  { permission: Permissions.payments.delete, roles: ADMIN_OR_STAFF },
  { permission: Permissions.payments.send, roles: ADMIN_OR_STAFF },
  { permission: Permissions.payments.cancel, roles: ADMIN_OR_STAFF },
  { permission: Permissions.payments.recordPayment, roles: ADMIN_OR_STAFF },
  { permission: Permissions.payments.credit, roles: ADMIN_OR_STAFF },
  ...crudGrants(Permissions.paymentBlueprints, ADMIN_OR_STAFF, ADMIN_OR_STAFF),
  { permission: Permissions.specialistRemittance.read, roles: ADMIN_OR_STAFF },
  { permission: Permissions.specialistRemittance.run, roles: ADMIN_OR_STAFF },
  { permission: Permissions.specialistRemittance.send, roles: ADMIN_OR_STAFF },
  { permission: Permissions.specialistRemittance.own, roles: ['SPECIALIST'] },
  // The outstanding balance report is an admin staff screen (money §2); tenant admins see it too.
  { permission: Permissions.payments.outstandingBalance, roles: ['TENANT_ADMIN', 'ADMIN_STAFF', 'ACCOUNTING'] },
  // Supplementary reports and file reviews as assessments: the add screen for office roles and case managers.
  ...[Permissions.supplementaries, Permissions.fileReviews].flatMap((group) => [
    ...crudGrants(group, [...ADMIN_OR_STAFF, 'CASE_MANAGER', 'SPECIALIST'], OFFICE_ROLES, [
      ...OFFICE_ROLES,
      'CASE_MANAGER',
    ]),
    { permission: group.changeStatus, roles: OFFICE_ROLES },
  ]),
  // MVA claims: read by case readers and contractors, added by bookers and contractors (the mva-claim routes).
  ...crudGrants(Permissions.mva, [...ADMIN_OR_STAFF, 'CASE_MANAGER', 'SPECIALIST', 'CONTRACTOR'], OFFICE_ROLES, [
    ...OFFICE_ROLES,
    'CASE_MANAGER',
    'CONTRACTOR',
  ]),
  { permission: Permissions.mva.changeStatus, roles: OFFICE_ROLES },
  // OT's own parts: case readers read quotations, office roles write them.
  ...crudGrants(Permissions.ot, [...ADMIN_OR_STAFF, 'CASE_MANAGER', 'SPECIALIST'], OFFICE_ROLES),
  // NDIS cases: as supplementary reports (the ndis routes: case readers read, bookers add).
  ...crudGrants(Permissions.ndis, [...ADMIN_OR_STAFF, 'CASE_MANAGER', 'SPECIALIST'], OFFICE_ROLES, [
    ...OFFICE_ROLES,
    'CASE_MANAGER',
  ]),
  { permission: Permissions.ndis.changeStatus, roles: OFFICE_ROLES },
  // Medical records: no specialist takes part; office roles and case managers read and request them.
  ...crudGrants(Permissions.medicalRecords, [...ADMIN_OR_STAFF, 'CASE_MANAGER'], OFFICE_ROLES, [
    ...OFFICE_ROLES,
    'CASE_MANAGER',
  ]),
  { permission: Permissions.medicalRecords.changeStatus, roles: OFFICE_ROLES },
  // TPD claims: prepared by the office for a law firm's client; the firm's case managers follow and open them.
  ...crudGrants(Permissions.tpd, [...ADMIN_OR_STAFF, 'CASE_MANAGER'], OFFICE_ROLES, [...OFFICE_ROLES, 'CASE_MANAGER']),
  { permission: Permissions.tpd.changeStatus, roles: OFFICE_ROLES },
  // Medical negligence: specialists are asked through the office and answer to it; they hold no case here.
  ...crudGrants(Permissions.medNeg, [...ADMIN_OR_STAFF, 'CASE_MANAGER'], OFFICE_ROLES, [
    ...OFFICE_ROLES,
    'CASE_MANAGER',
  ]),
  { permission: Permissions.medNeg.changeStatus, roles: OFFICE_ROLES },
  // Files: everyone reads and uploads what their cases hold; contractors cannot delete (shell.md §5).
  { permission: Permissions.files.read, roles: ALL_ROLES },
  { permission: Permissions.files.upload, roles: ALL_ROLES },
  { permission: Permissions.files.delete, roles: ALL_ROLES.filter((r) => r !== 'CONTRACTOR' && r !== 'INSURER') },
  // Both document search screens together: admin staff and staff, tenant admin and admin staff.
  { permission: Permissions.files.documentSearch, roles: OFFICE_ROLES },
  // The storage screen is host-only as well.
  { permission: Permissions.files.manageStorage, roles: ['TENANT_ADMIN'] },
  // Funding (decision 0026): office roles keep providers and agreements; accounting joins them on loans and
  // the money moving on them. Case managers read their firms' agreements and loans, insurer contractors
  // their company's loans (the record rules narrow both).
  ...crudGrants(Permissions.fundingProviders, ADMIN_OR_STAFF, OFFICE_ROLES),
  ...crudGrants(Permissions.fundingAgreements, [...ADMIN_OR_STAFF, 'CASE_MANAGER'], OFFICE_ROLES),
  ...crudGrants(Permissions.fundingRequests, ADMIN_OR_STAFF, OFFICE_ROLES),
  ...crudGrants(Permissions.disbursementFunding, [...ADMIN_OR_STAFF, 'CASE_MANAGER', 'INSURER'], ADMIN_OR_STAFF),
  { permission: Permissions.fundingTransactions.read, roles: [...ADMIN_OR_STAFF, 'CASE_MANAGER', 'INSURER'] },
  { permission: Permissions.disbursement.read, roles: [...ADMIN_OR_STAFF, 'CASE_MANAGER'] },
  // The business reports: admin staff and staff, as their routes (shell.md "Embedded reports"); the tenant
  // admin holds every permission.
  { permission: Permissions.reports.read, roles: OFFICE_ROLES },
  // The subscription page: admin staff, as its route (shell.md "Account"), and the tenant admin.
  { permission: Permissions.subscription.read, roles: ['TENANT_ADMIN', 'ADMIN_STAFF'] },
  ...crudGrants(Permissions.timeTracking, OFFICE_ROLES, OFFICE_ROLES),
  ...crudGrants(Permissions.lmq, OFFICE_ROLES, OFFICE_ROLES),
  ...crudGrants(Permissions.inquiries, OFFICE_ROLES, OFFICE_ROLES),
  // Typist jobs: the office gives dictations out and may finish them; a contractor sees and types their own.
  { permission: Permissions.typistJobs.read, roles: [...OFFICE_ROLES, 'CONTRACTOR'] },
  { permission: Permissions.typistJobs.assign, roles: OFFICE_ROLES },
  { permission: Permissions.typistJobs.complete, roles: [...OFFICE_ROLES, 'CONTRACTOR'] },
  // Report QA (decision 0096): the office keeps it; a case manager reads it on their firms' cases.
  { permission: Permissions.reportCorrections.read, roles: [...OFFICE_ROLES, 'CASE_MANAGER'] },
  { permission: Permissions.reportCorrections.update, roles: OFFICE_ROLES },
];

/** Every permission name the product knows. */
export const AllPermissionNames: readonly string[] = [...new Set(DefaultGrants.map((g) => g.permission))];

let holders: Map<string, Set<string>> | undefined;
/** Each permission's default roles, built once on first use. */
function defaultHolders(): Map<string, Set<string>> {
  if (holders) return holders;
  holders = new Map();
  for (const g of DefaultGrants) {
    const set = holders.get(g.permission) ?? new Set<string>();
    for (const role of g.roles) set.add(role);
    holders.set(g.permission, set);
  }
  return holders;
}

/** How one role stands on one permission in a tenant: by the product's default, or by the tenant's own change. */
export type RoleGrant = { granted: boolean; byDefault: boolean; changedByTenant: boolean };

/**
 * Whether a role holds a permission in a tenant: the tenant's own change (granted or revoked) when it has
 * one, else the product's default. The server's permission directory decides every request by this.
 */
export function roleGrant(role: string, permission: string, tenantChange: boolean | undefined): RoleGrant {
  const byDefault = defaultHolders().get(permission)?.has(role) ?? false;
  return { granted: tenantChange ?? byDefault, byDefault, changedByTenant: tenantChange !== undefined };
}

/** The permissions a set of roles holds by default. */
export function defaultPermissionsFor(roles: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const grant of DefaultGrants) {
    if (grant.roles.some((r) => roles.includes(r))) out.add(grant.permission);
  }
  return out;
}

/** The case modules the assessment list's calls serve: one of them must be on for the tenant. */
export const AssessmentFeatures = ['Assessment', 'MassTorts', 'OT', 'COTELE'] as const satisfies readonly FeatureFlag[];

/**
 * Permissions whose every call needs one of these features on for the tenant (the routes declare the
 * same features). Without one of them the permission grants nothing, so the caller does not hold it.
 */
export const PermissionFeatures: Readonly<Record<string, readonly FeatureFlag[]>> = Object.fromEntries([
  ...Object.values(Permissions.assessments).map((p) => [p, AssessmentFeatures]),
  // Action items are kept on assessment-list cases and on those of the modules with the Action Required tab.
  ...Object.values(Permissions.actionItems).map((p) => [
    p,
    [...AssessmentFeatures, 'Supplementary', 'FileReview', 'MedicalRecord'],
  ]),
  ...Object.values(Permissions.treatmentProviders).map((p) => [p, ['TreatmentProvider']]),
  ...Object.values(Permissions.supplementaries).map((p) => [p, ['Supplementary']]),
  ...Object.values(Permissions.fileReviews).map((p) => [p, ['FileReview']]),
  ...Object.values(Permissions.mva).map((p) => [p, ['MVA']]),
  ...Object.values(Permissions.ot).map((p) => [p, ['OT']]),
  ...Object.values(Permissions.ndis).map((p) => [p, ['NDIS']]),
  ...Object.values(Permissions.ndisServiceItems).map((p) => [p, ['NDIS']]),
  ...[
    ...Object.values(Permissions.fundingProviders),
    ...Object.values(Permissions.fundingAgreements),
    ...Object.values(Permissions.fundingRequests),
  ].map((p) => [p, ['DisbursementFunding', 'FundingTransaction']]),
  ...Object.values(Permissions.medicalRecords).map((p) => [p, ['MedicalRecord']]),
  ...Object.values(Permissions.tpd).map((p) => [p, ['TPD']]),
  ...Object.values(Permissions.medNeg).map((p) => [p, ['MedNeg']]),
  ...Object.values(Permissions.disbursementFunding).map((p) => [p, ['DisbursementFunding']]),
  ...Object.values(Permissions.fundingTransactions).map((p) => [p, ['FundingTransaction']]),
  ...Object.values(Permissions.marketingCampaigns).map((p) => [p, ['MarketingCampaign']]),
  [Permissions.bookingAssistant.use, ['BookingAgent']],
  ...Object.values(Permissions.legalPractice).map((p) => [p, ['LegalPracticeAPI']]),
  ...Object.values(Permissions.pmsMatters).map((p) => [p, ['LegalPracticeAPI', 'CompanyPMSConfig']]),
  ...Object.values(Permissions.timeTracking).map((p) => [p, ['TimeTracking']]),
  ...Object.values(Permissions.reportCorrections).map((p) => [p, ['QaStatus']]),
  ...Object.values(Permissions.lmq).map((p) => [p, ['LMQ']]),
  ...Object.values(Permissions.inquiries).map((p) => [p, ['InquiryCentre']]),
  ...Object.values(Permissions.emlAppointments).map((p) => [p, ['EMLIntegration']]),
  // Text messages are sent from the cases of the IME screen.
  [Permissions.sms.send, ['Assessment', 'MassTorts', 'OT', 'COTELE']],
]);

/**
 * What the caller may do: the permissions granted to their roles (after the tenant's own grants),
 * less those whose calls need a feature the tenant does not have. Screens decide from this set.
 */
export function effectivePermissions(granted: Iterable<string>, features: ReadonlySet<string>): string[] {
  return [...granted].filter((permission) => permissionFeaturesOn(permission, features)).sort();
}

/** True when the permission needs no feature, or one of the features it needs is on. */
export function permissionFeaturesOn(permission: string, features: ReadonlySet<string>): boolean {
  const needs = PermissionFeatures[permission];
  return !needs || needs.some((feature) => features.has(feature));
}
