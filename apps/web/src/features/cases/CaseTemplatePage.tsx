import {
  AppointmentTypeLabels,
  CaseEndpoints,
  ImeStatusLabels,
  type CaseChecklistDto,
  type CaseDto,
} from '@casebook/domain';
import type { ApiClient } from '../../platform/api/api-client';
import { callEndpoint } from '../../platform/api/endpoints';
import { PrintPage } from '../../app/print/PrintPage';
import { dateText } from '../../platform/time';

/** The documents of /view/ime-assessment/template, by `type`. */
export const CaseTemplateTitles: Record<string, string> = {
  checklist: 'Assessment Checklist',
  consentForm: 'Consent Form',
  appointmentConfirmationCM: 'Appointment Confirmation',
  appointmentConfirmationSpecialist: 'Appointment Confirmation',
};

type TemplateData = { type: string; c: CaseDto; checklist?: CaseChecklistDto };

async function load(query: URLSearchParams, api: ApiClient): Promise<TemplateData | null> {
  const id = query.get('id')!;
  const type = query.get('type') ?? 'checklist';
  if (!(type in CaseTemplateTitles)) return null;
  const c = await callEndpoint(api, CaseEndpoints.get, { params: { id } }, { silent: true });
  const checklist =
    type === 'checklist'
      ? await callEndpoint(api, CaseEndpoints.checklist, { params: { id } }, { silent: true })
      : undefined;
  return checklist ? { type, c, checklist } : { type, c };
}

function Appointment({ c }: { c: CaseDto }) {
  return (
    <dl className="facts">
      <dt>Case number</dt>
      <dd>{c.caseNo}</dd>
      <dt>Claimant</dt>
      <dd>{c.clientName}</dd>
      <dt>Specialist</dt>
      <dd>{c.specialistName ?? ''}</dd>
      <dt>Date and time</dt>
      <dd>
        {dateText(c.appointmentDate)} {c.appointmentTime ?? ''}
      </dd>
      <dt>Where</dt>
      <dd>
        {c.centreName ?? ''}
        {c.appointmentType ? ` (${AppointmentTypeLabels[c.appointmentType]})` : ''}
      </dd>
    </dl>
  );
}

function render({ type, c, checklist }: TemplateData) {
  switch (type) {
    case 'checklist':
      return (
        <>
          <h1>Assessment Checklist</h1>
          <p>
            {c.caseNo} · {c.clientName} · {ImeStatusLabels[c.status]}
          </p>
          <table className="print-table">
            <thead>
              <tr>
                <th>Step</th>
                <th>Status</th>
                <th>Date</th>
              </tr>
            </thead>
            <tbody>
              {checklist!.items.map((i) => (
                <tr key={i.key}>
                  <td>{i.label}</td>
                  <td>{i.status}</td>
                  <td>{dateText(i.date)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      );
    case 'consentForm':
      return (
        <>
          <h1>Consent Form</h1>
          <p>
            I, {c.clientName}, consent to an independent medical examination by {c.specialistName ?? 'the specialist'}{' '}
            requested by {c.companyName} (case {c.caseNo}), and to the report being provided to the requesting party.
          </p>
          <p>Signature: ______________________ Date: ____________</p>
        </>
      );
    case 'appointmentConfirmationCM':
      return (
        <>
          <h1>Appointment Confirmation</h1>
          <p>Dear {c.caseManagerName},</p>
          <p>The assessment you requested has been booked:</p>
          <Appointment c={c} />
        </>
      );
    default:
      return (
        <>
          <h1>Appointment Confirmation</h1>
          <p>Dear {c.specialistName ?? 'Doctor'},</p>
          <p>Please find the details of your appointment:</p>
          <Appointment c={c} />
        </>
      );
  }
}

/** /view/ime-assessment/template?id&type: the checklist, consent form and appointment confirmations. */
export function CaseTemplatePage() {
  return (
    <PrintPage<TemplateData>
      title={(d) => `${CaseTemplateTitles[d.type]} - ${d.c.caseNo}`}
      load={load}
      render={render}
    />
  );
}
