import {
  fieldWords,
  SupplementaryEndpoints,
  SupplementaryModule,
  type CaseModuleDeclaration,
  type ModuleCaseDto,
} from '@casebook/domain';
import type { ApiClient } from '../../platform/api/api-client';
import { callEndpoint } from '../../platform/api/endpoints';
import { PrintPage } from '../../app/print/PrintPage';
import { dateText } from '../../platform/time';

/** The documents of /view/supplementary/print, by `type`. */
const TITLES: Record<string, string> = { printServiceRequest: 'Service Request' };

const DATES = ['reportRequestedDate', 'paperworkReceivedDate', 'dictationDate', 'completedDate'] as const;

async function load(query: URLSearchParams, api: ApiClient): Promise<ModuleCaseDto | null> {
  if (!((query.get('type') ?? 'printServiceRequest') in TITLES)) return null;
  const id = query.get('id')!;
  return callEndpoint(api, SupplementaryEndpoints.get, { params: { id } }, { silent: true });
}

function render(c: ModuleCaseDto) {
  return (
    <>
      <h1>Service Request</h1>
      <p>Dear {c.specialistName ?? 'Doctor'},</p>
      <p>Please prepare a supplementary report on the papers of the following case.</p>
      <dl className="facts">
        <dt>Case number</dt>
        <dd>{c.caseNo}</dd>
        <dt>Status</dt>
        <dd>{(SupplementaryModule as CaseModuleDeclaration).statuses[c.status]?.label ?? c.status}</dd>
        <dt>Claimant</dt>
        <dd>{c.clientName}</dd>
        <dt>Company</dt>
        <dd>{c.companyName}</dd>
        <dt>Case manager</dt>
        <dd>{c.caseManagerName}</dd>
        {DATES.map((d) => [<dt key={`${d}-t`}>{fieldWords(d)}</dt>, <dd key={d}>{dateText(c.fields[d] ?? null)}</dd>])}
        <dt>Booking notes</dt>
        <dd>{c.bookingNotes ?? ''}</dd>
      </dl>
    </>
  );
}

/** /view/supplementary/print?id&type=printServiceRequest: the service request sent to the specialist. */
export function SupplementaryPrintPage() {
  return <PrintPage<ModuleCaseDto> title={(c) => `Service Request - ${c.caseNo}`} load={load} render={render} />;
}
