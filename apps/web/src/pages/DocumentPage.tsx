import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { endpointPath, FileEndpoints } from '@casebook/domain';
import { hasStoredUser } from '../auth/storedUser';
import { errorMessageOf, Messages } from '../http';

type Shown = { url: string; type: string; name: string };

/** The file name of a download's content-disposition, if it gives one. */
function fileNameOf(response: Response): string {
  const header = response.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) return decodeURIComponent(star[1]);
  return /filename="?([^";]+)"?/i.exec(header)?.[1] ?? 'document';
}

/** The download URL of a token: given in the link, or made for a file by the signed-in user (a one-time link's session). */
async function downloadUrl(token: string, fileId: string): Promise<string | { failure: string }> {
  const download = (t: string) => `${endpointPath(FileEndpoints.download)}?token=${encodeURIComponent(t)}`;
  if (token) return download(token);
  if (!fileId || !hasStoredUser()) return { failure: Messages.linkInvalid };
  const auth = await import('../auth/oidc');
  const response = await auth.authorizedFetch(
    `${endpointPath(FileEndpoints.generateDownloadToken)}?fileId=${encodeURIComponent(fileId)}`,
    { method: FileEndpoints.generateDownloadToken.method },
  );
  if (!response.ok) return { failure: response.status === 404 ? Messages.linkInvalid : await errorMessageOf(response) };
  return download(((await response.json()) as { token: string }).token);
}

/**
 * /view/document?token=… (a download token) or ?fileId=… (in a one-time link's session): one document,
 * shown in the page when the browser can show it (PDF, images, text), with a download button. Opens
 * without the shell; a missing, spent or refused link says so.
 */
export function DocumentPage() {
  const [query] = useSearchParams();
  const token = query.get('token') ?? '';
  const fileId = query.get('fileId') ?? '';
  const [shown, setShown] = useState<Shown>();
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    let live = true;
    let objectUrl: string | undefined;
    void (async () => {
      const url = await downloadUrl(token, fileId);
      if (typeof url !== 'string') return live && setFailure(url.failure);
      let response: Response;
      try {
        response = await fetch(url);
      } catch {
        return live && setFailure(Messages.generic);
      }
      if (!response.ok) return live && setFailure(Messages.linkInvalid);
      const blob = await response.blob();
      if (!live) return;
      objectUrl = URL.createObjectURL(blob);
      setShown({ url: objectUrl, type: blob.type, name: fileNameOf(response) });
    })();
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [token, fileId]);

  const inline = shown && /^(application\/pdf|image\/(png|jpeg|gif|webp)|text\/plain)/.test(shown.type);
  return (
    <main className="page document-page">
      <section className="card" aria-labelledby="document-title">
        <h1 id="document-title">{shown?.name ?? 'Document'}</h1>
        {failure && (
          <>
            <p role="alert" className="alert">
              {failure}
            </p>
            <a href="/login" className="text-link">
              Sign in
            </a>
          </>
        )}
        {!failure && !shown && (
          <p role="status" aria-busy="true">
            Opening the document…
          </p>
        )}
        {shown && (
          <>
            <p>
              <a href={shown.url} download={shown.name} className="text-link">
                Download
              </a>
            </p>
            {inline && (
              <iframe title={shown.name} src={shown.url} style={{ width: '100%', height: '80vh', border: 0 }} />
            )}
          </>
        )}
      </section>
    </main>
  );
}
