import { AuditEndpoints } from './audit';
import { BackgroundJobEndpoints } from './background-jobs';
import { CaseEndpoints } from './cases';
import { CorrespondenceEndpoints } from './correspondence';
import type { Endpoint } from './endpoint';
import { AttachmentEndpoints, FileEndpoints } from './files';
import { FundingEndpoints } from './funding';
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
import { PeopleEndpoints } from './people';
import { ReferenceEndpoints } from './reference';
import { resourceEndpointCatalogue } from './resource-descriptions';
import { SchedulingEndpoints } from './scheduling';
import { SystemConfigEndpoints } from './system-config';
import { SupplementaryEndpointList } from './supplementary';
import { MvaEndpointList } from './mva';
import { OtEndpointList } from './ot';
import { NdisEndpointList } from './ndis';
import { MedicalRecordEndpointList } from './medical-records';
import { TpdEndpointList } from './tpd';
import { MedNegEndpointList } from './medneg';
import { TenancyEndpoints } from './tenancy';

/**
 * Every declared endpoint. The server registers exactly one handler for each and refuses a handler for
 * anything else; the web calls them through its typed client.
 */
export const endpointCatalogue: readonly Endpoint[] = [
  ...Object.values(NotificationEndpoints),
  ...Object.values(ReferenceEndpoints),
  ...Object.values(SchedulingEndpoints),
  ...Object.values(CorrespondenceEndpoints),
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
  ...SupplementaryEndpointList,
  ...MvaEndpointList,
  ...OtEndpointList,
  ...NdisEndpointList,
  ...MedicalRecordEndpointList,
  ...TpdEndpointList,
  ...MedNegEndpointList,
];
