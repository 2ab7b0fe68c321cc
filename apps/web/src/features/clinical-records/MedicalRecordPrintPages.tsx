import {
  MedicalRecordEndpoints,
  MedicalRecordTypeLabels,
  type MedicalRecordType,
  type ModuleCaseDto,
} from '@casebook/domain';
import type { ReactNode } from 'react';
import type { ApiClient } from '../../platform/api/api-client';
import { callEndpoint } from '../../platform/api/endpoints';
import { PrintPage } from '../../app/print/PrintPage';
import { useSession } from '../../app/session/useSession';
import { dateText } from '../../platform/time';

const load = (query: URLSearchParams, api: ApiClient): Promise<ModuleCaseDto | null> =>
  callEndpoint(api, MedicalRecordEndpoints.get, { params: { id: query.get('id')! } }, { silent: true });

const recordsOf = (c: ModuleCaseDto) =>
  MedicalRecordTypeLabels[c.fields.recordType as MedicalRecordType]?.toLowerCase() ?? 'medical records';

function Facts({ c }: { c: ModuleCaseDto }) {
  return (
    <dl className="facts">
      <dt>Our reference</dt>
      <dd>{c.caseNo}</dd>
      <dt>Claimant</dt>
      <dd>{c.clientName}</dd>
      <dt>Records</dt>
      <dd>{MedicalRecordTypeLabels[c.fields.recordType as MedicalRecordType] ?? ''}</dd>
      <dt>Held by</dt>
      <dd>{c.fields.provider ?? ''}</dd>
      <dt>Requested</dt>
      <dd>{dateText(c.fields.requestedDate)}</dd>
      <dt>Due</dt>
      <dd>{dateText(c.fields.dueDate)}</dd>
    </dl>
  );
}

function page(name: string, body: (c: ModuleCaseDto, tenantName: string) => ReactNode, autoPrintAfterMs?: number) {
  return function MedicalRecordPrint() {
    const { tenant } = useSession();
    return (
      <PrintPage<ModuleCaseDto>
        title={(c) => `${name} - ${c.caseNo}`}
        load={load}
        autoPrintAfterMs={autoPrintAfterMs}
        render={(c) => (
          <>
            <h1>{name}</h1>
            {body(c, tenant.name)}
            <Facts c={c} />
          </>
        )}
      />
    );
  };
}

/** /view/clinical-notes/print-letter-of-confirmation?id: the request confirmed to the booking case manager. */
export const LetterOfConfirmationPrint = page('Letter of Confirmation', (c) => (
  <>
    <p>Dear {c.caseManagerName},</p>
    <p>
      We confirm that we have asked {c.fields.provider ?? 'the provider'} for the {recordsOf(c)} of {c.clientName} of{' '}
      {c.companyName}, and will send them to you once received.
    </p>
  </>
));

/** /view/clinical-notes/print-loa-template?id: the claimant's authority for the provider to release the records. */
export const LoaTemplatePrint = page('Letter of Authorisation', (c, tenantName) => (
  <>
    <p>To {c.fields.provider ?? 'whom it may concern'},</p>
    <p>
      I, {c.clientName}, authorise you to release my {recordsOf(c)} to {tenantName}, acting for {c.companyName}.
    </p>
    <p>Signed: ______________________________ Date: ______________</p>
  </>
));

/** /view/clinical-notes/print-medical-request?id: the request sent to the provider; the print dialog opens by itself. */
export const MedicalRequestPrint = page(
  'Medical Request',
  (c) => (
    <>
      <p>To {c.fields.provider ?? 'the records officer'},</p>
      <p>
        Please provide the {recordsOf(c)} of {c.clientName}. The claimant&apos;s authority is enclosed.
      </p>
    </>
  ),
  500,
);
