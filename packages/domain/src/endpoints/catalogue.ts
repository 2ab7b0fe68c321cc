import { AuditEndpoints } from './audit';
import { BackgroundJobEndpoints } from './background-jobs';
import { CaseEndpoints } from './cases';
import { CorrespondenceEndpoints } from './correspondence';
import { RelationshipActivityEndpoints } from './relationship-activities';
import type { Endpoint } from './endpoint';
import { AttachmentEndpoints, FileEndpoints } from './files';
import { FundingEndpoints } from './funding';
import { RepaymentInvoiceEndpoints } from './repayment-invoices';
import { FundingInvoiceEndpoints } from './funding-invoices';
import { HealthEndpoints } from './health';
import { IndependenceEndpoints } from './independence';
import { AccountEndpoints, RoleEndpoints, UserEndpoints } from './identity';
import {
  InvoiceEndpoints,
  OutstandingBalanceEndpoints,
  OverdueReminderEndpoints,
  PaymentBlueprintEndpoints,
  RemittanceEndpoints,
  RemittanceMailEndpoints,
} from './invoices';
import { NotificationEndpoints } from './notifications';
import { AccountingEndpoints } from '../integrations/accounting';
import { PmsEndpoints } from '../integrations/pms';
import { MarketingEndpoints } from '../integrations/marketing';
import { ESignEndpoints } from '../integrations/esign';
import { VideoEndpoints } from '../video/meetings';
import { EmlEndpoints } from '../integrations/eml';
import { TelephonyEndpoints } from '../integrations/telephony';
import { SmsEndpoints } from '../integrations/sms';
import { UhgEndpoints } from '../integrations/uhg';
import { PeopleEndpoints } from './people';
import { ReferenceEndpoints } from './reference';
import { resourceEndpointCatalogue } from './resource-descriptions';
import { SchedulingEndpoints } from './scheduling';
import { BookingAssistantEndpoints } from './booking-assistant';
import { SystemConfigEndpoints } from './system-config';
import { SystemErrorEndpoints } from './system-errors';
import { BillingSettingEndpoints, SystemInvoiceEndpoints, TenantInvoiceEndpoints } from './system-invoices';
import { SystemUpdateEndpoints } from './system-updates';
import { SupplementaryEndpointList } from './supplementary';
import { MvaEndpointList } from './mva';
import { OtEndpointList } from './ot';
import { NdisEndpointList } from './ndis';
import { MedicalRecordEndpointList } from './medical-records';
import { TpdEndpointList } from './tpd';
import { MedNegEndpointList } from './medneg';
import { TenancyEndpoints } from './tenancy';
import { ReportEndpoints } from './reports';
import { MigrationEndpoints, StatisticEndpoints } from './statistics';
import { TypistJobEndpoints } from '../typing/typist-jobs';
import { TimeTrackingEndpoints } from '../time/time-tracking';
import { DictationReportEndpoints, ReportQaEndpoints } from '../cases/report-qa';
import { ChecklistEndpoints } from '../lmq/checklists';
import { InquiryEndpoints } from '../inquiries/inquiries';
import { SearchEndpoints } from './search';

/**
 * Every declared endpoint. The server registers exactly one handler for each and refuses a handler for
 * anything else; the web calls them through its typed client.
 */
export const endpointCatalogue: readonly Endpoint[] = [
  ...Object.values(NotificationEndpoints),
  ...Object.values(SearchEndpoints),
  ...Object.values(ReferenceEndpoints),
  ...Object.values(SchedulingEndpoints),
  ...Object.values(BookingAssistantEndpoints),
  ...Object.values(CorrespondenceEndpoints),
  ...Object.values(RelationshipActivityEndpoints),
  ...Object.values(CaseEndpoints),
  ...Object.values(IndependenceEndpoints),
  ...Object.values(PeopleEndpoints),
  ...Object.values(TenancyEndpoints),
  ...Object.values(AuditEndpoints),
  ...Object.values(BackgroundJobEndpoints),
  ...Object.values(HealthEndpoints),
  ...Object.values(AccountEndpoints),
  ...Object.values(UserEndpoints),
  ...Object.values(RoleEndpoints),
  ...Object.values(SystemConfigEndpoints),
  ...Object.values(SystemErrorEndpoints),
  ...Object.values(BillingSettingEndpoints),
  ...Object.values(TenantInvoiceEndpoints),
  ...Object.values(SystemInvoiceEndpoints),
  ...Object.values(SystemUpdateEndpoints),
  ...Object.values(FileEndpoints),
  ...Object.values(AttachmentEndpoints),
  ...resourceEndpointCatalogue,
  ...Object.values(InvoiceEndpoints),
  ...Object.values(PaymentBlueprintEndpoints),
  ...Object.values(RemittanceEndpoints),
  ...Object.values(OverdueReminderEndpoints),
  ...Object.values(OutstandingBalanceEndpoints),
  ...Object.values(RemittanceMailEndpoints),
  ...Object.values(FundingEndpoints),
  ...Object.values(RepaymentInvoiceEndpoints),
  ...Object.values(FundingInvoiceEndpoints),
  ...SupplementaryEndpointList,
  ...MvaEndpointList,
  ...OtEndpointList,
  ...NdisEndpointList,
  ...MedicalRecordEndpointList,
  ...TpdEndpointList,
  ...MedNegEndpointList,
  ...Object.values(AccountingEndpoints),
  ...Object.values(PmsEndpoints),
  ...Object.values(MarketingEndpoints),
  ...Object.values(ESignEndpoints),
  ...Object.values(VideoEndpoints),
  ...Object.values(EmlEndpoints),
  ...Object.values(TelephonyEndpoints),
  ...Object.values(SmsEndpoints),
  ...Object.values(UhgEndpoints),
  ...Object.values(ReportEndpoints),
  ...Object.values(StatisticEndpoints),
  ...Object.values(MigrationEndpoints),
  ...Object.values(TypistJobEndpoints),
  ...Object.values(TimeTrackingEndpoints),
  ...Object.values(ReportQaEndpoints),
  ...Object.values(DictationReportEndpoints),
  ...Object.values(ChecklistEndpoints),
  ...Object.values(InquiryEndpoints),
];
