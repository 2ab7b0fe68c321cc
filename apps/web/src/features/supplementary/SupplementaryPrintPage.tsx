import {
  fieldWords,
  FileReviewEndpoints,
  SupplementaryEndpoints,
  SupplementaryModule,
  type CaseModuleDeclaration,
  type ModuleCaseDto,
} from '@casebook/domain';
import type { ApiClient } from '../../platform/api/api-client';
import { callEndpoint } from '../../platform/api/endpoints';
import { PrintPage } from '../../app/print/PrintPage';
import { dateText } from '../../platform/time';

/** The documents of /view/supplementary/print, by `type`: a supplementary's request and a file review's. */
const TITLES: Record<string, string> = {
  printServiceRequest: 'Service Request',
  fileReviewPrint: 'File Review Request',
};
const ASKS: Record<string, string> = {
  printServiceRequest: 'Please prepare a supplementary report on the papers of the following case.',
  fileReviewPrint: 'Please review the file of the following case and prepare your report.',
};

type Printed = ModuleCaseDto & { type: string };

const DATES = ['reportRequestedDate', 'paperworkReceivedDate', 'dictationDate', 'completedDate'] as const;

async function load(query: URLSearchParams, api: ApiClient): Promise<Printed | null> {
  const type = query.get('type') ?? 'printServiceRequest';
  if (!(type in TITLES)) return null;
  const id = query.get('id')!;
  const c =
    type === 'fileReviewPrint'
      ? await callEndpoint(api, FileReviewEndpoints.fileReviewPrint, { params: { id } }, { silent: true })
      : await callEndpoint(api, SupplementaryEndpoints.get, { params: { id } }, { silent: true });
  return { ...c, type };
}

function render(c: Printed) {
  return (
    <>
      <h1>{TITLES[c.type]}</h1>
      <p>Dear {c.specialistName ?? 'Doctor'},</p>
      <p>{ASKS[c.type]}</p>
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

/**
 * /view/supplementary/print?id&type=printServiceRequest (a supplementary) or type=fileReviewPrint (a file review):
 * the request sent to the specialist.
 */
export function SupplementaryPrintPage() {
  return <PrintPage<Printed> title={(c) => `${TITLES[c.type]} - ${c.caseNo}`} load={load} render={render} />;
}
