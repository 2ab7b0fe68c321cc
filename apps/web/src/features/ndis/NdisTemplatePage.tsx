import { useEffect, useState } from 'react';
import { NdisEndpoints } from '@casebook/domain';
import { PrintPage } from '../../app/print/PrintPage';
import type { ApiClient } from '../../platform/api/api-client';
import { callEndpoint } from '../../platform/api/endpoints';

/** The documents of /view/ndis/template served as PDFs, by `type`. */
const DOCUMENTS: Record<string, string> = { serviceAgreement: 'Service Agreement' };

type Document = { title: string; blob: Blob };

async function load(query: URLSearchParams, api: ApiClient): Promise<Document | null> {
  const type = query.get('type') ?? 'serviceAgreement';
  const title = DOCUMENTS[type];
  if (!title) return null;
  const file = (await callEndpoint(
    api,
    NdisEndpoints.printServiceAgreement,
    { params: { id: query.get('id')! } },
    {
      silent: true,
    },
  )) as unknown as { blob: Blob; fileName: string };
  return { title, blob: file.blob };
}

/** The PDF in an embedded frame. */
function PdfFrame({ doc }: { doc: Document }) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const u = URL.createObjectURL(doc.blob);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [doc.blob]);
  return url ? <iframe title={doc.title} src={url} style={{ width: '100%', height: '80vh', border: 0 }} /> : null;
}

/** /view/ndis/template?id&type=serviceAgreement: the participant's service agreement as a PDF in a frame. */
export function NdisTemplatePage() {
  return <PrintPage<Document> title={(d) => d.title} load={load} render={(d) => <PdfFrame doc={d} />} />;
}
