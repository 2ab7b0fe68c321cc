import { FileEndpoints, TypistJobEndpoints, type EndpointOutput, type TypistJobDto } from '@casebook/domain';
import type { ApiClient } from '../../platform/api/api-client';
import { callEndpoint, endpointUrl } from '../../platform/api/endpoints';

/** Uploads a file (multipart, which the typed client does not send): the declared path and answer. */
export async function uploadFile(api: ApiClient, file: File | Blob, name: string): Promise<{ id: string }> {
  const form = new FormData();
  form.set('name', name);
  form.set('file', file, name);
  return api.post<EndpointOutput<typeof FileEndpoints.upload>>(FileEndpoints.upload.path, form, { silent: true });
}

/** Opens a file in a new tab through a short-lived download token. */
export async function openFile(api: ApiClient, fileId: string): Promise<void> {
  const { token } = await callEndpoint(api, FileEndpoints.generateDownloadToken, { query: { fileId } });
  window.open(endpointUrl(FileEndpoints.download, { query: { token } }), '_blank', 'noopener');
}

/** The typist's typed report: uploaded, then attached to the job's case, which completes the job. */
export async function sendTypedReport(api: ApiClient, job: TypistJobDto, file: File): Promise<TypistJobDto> {
  const stored = await uploadFile(api, file, file.name);
  return callEndpoint(api, TypistJobEndpoints.submitTypedReport, {
    params: { id: job.id },
    body: { fileId: stored.id, concurrencyStamp: job.concurrencyStamp },
  });
}
