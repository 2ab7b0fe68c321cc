import type { ReactNode } from 'react';
import type { CaseDto, CaseServiceType } from '@casebook/domain';
import { ConsentFormSignatureTab } from './esign/ConsentFormSignatureTab';
import { OtQuotationTab } from './ot/OtQuotationTab';
import { CreateSupplementaryButton } from './supplementary/CreateSupplementaryButton';

/**
 * What a service type of the assessment list adds to the shared case screen, declared here rather than
 * branched on in it: buttons beside the case's own, and tabs of its own parts.
 */
export type CaseParts = {
  actions?: (c: CaseDto) => ReactNode;
  tabs?: (c: CaseDto) => { key: string; label: string; children: ReactNode }[];
};

export const CasePartsByServiceType: Readonly<Partial<Record<CaseServiceType, CaseParts>>> = {
  IME: {
    actions: (c) => <CreateSupplementaryButton caseId={c.id} />,
    tabs: (c) => [{ key: 'ESignature', label: 'E-signature', children: <ConsentFormSignatureTab caseId={c.id} /> }],
  },
  OT: { tabs: (c) => [{ key: 'OtQuotation', label: 'OT Quotation', children: <OtQuotationTab caseId={c.id} /> }] },
};
