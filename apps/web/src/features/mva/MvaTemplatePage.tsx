import {
  formatMoney,
  mvaLetter,
  MvaEndpoints,
  MvaTemplateTypes,
  sumCents,
  type AustralianState,
  type MvaTemplateType,
} from '@casebook/domain';
import { PrintPage } from '../../app/print/PrintPage';
import type { ApiClient } from '../../platform/api/api-client';
import { callEndpoint } from '../../platform/api/endpoints';

type Letter = { caseNo: string; title: string; paragraphs: string[] };

const isType = (t: string): t is MvaTemplateType => Object.hasOwn(MvaTemplateTypes, t);

/** The claim, its current offer and its settlements, written into the letter of the `type`. */
async function load(query: URLSearchParams, api: ApiClient): Promise<Letter | null> {
  const type = query.get('type') ?? 'demandLetter';
  if (!isType(type)) return null;
  const id = query.get('id')!;
  const params = { params: { id } };
  const [c, offers, settlements] = await Promise.all([
    callEndpoint(api, MvaEndpoints.get, params, { silent: true }),
    callEndpoint(api, MvaEndpoints.offers, params, { silent: true }),
    callEndpoint(api, MvaEndpoints.settlements, params, { silent: true }),
  ]);
  const current = offers.items.find((o) => o.isCurrent);
  const settled = settlements.items.length > 0 ? sumCents(settlements.items.map((s) => s.amount)) : null;
  const letter = mvaLetter(type, {
    caseNo: c.caseNo,
    claimantName: c.clientName,
    companyName: c.companyName,
    insurerName: c.fields.insurerName ?? null,
    insurerClaimNo: c.fields.insurerClaimNo ?? null,
    accidentDate: c.fields.accidentDate ?? null,
    stateId: (c.fields.stateId as AustralianState | null) ?? null,
    currentOffer: current ? formatMoney(current.amount, 'AUD') : null,
    settled: settled === null ? null : formatMoney(settled, 'AUD'),
    terminationDate: c.fields.terminationDate ?? null,
  });
  return { caseNo: c.caseNo, ...letter };
}

/** /view/mva/template?id&type=…: a claim's letter (demand letter, final disbursement, termination, LOG, LOA). */
export function MvaTemplatePage() {
  return (
    <PrintPage<Letter>
      title={(l) => `${l.title} - ${l.caseNo}`}
      load={load}
      render={(l) => (
        <>
          <h1>{l.title}</h1>
          {l.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </>
      )}
    />
  );
}
