/** The part of docusign-esign (no types of its own) that the DocuSign adapter uses. */
declare module 'docusign-esign' {
  export class ApiClient {
    constructor(opts?: { basePath?: string; oAuthBasePath?: string });
    addDefaultHeader(name: string, value: string): void;
    timeout: number;
  }
  export type EnvelopeSummary = { envelopeId?: string; status?: string; statusDateTime?: string; uri?: string };
  export type Envelope = {
    envelopeId?: string;
    status?: string;
    sentDateTime?: string;
    completedDateTime?: string;
    statusChangedDateTime?: string;
  };
  export type EnvelopesInformation = { envelopes?: Envelope[]; resultSetSize?: string; totalSetSize?: string };
  export class EnvelopesApi {
    constructor(client: ApiClient);
    createEnvelope(accountId: string, opts: { envelopeDefinition: unknown }): Promise<EnvelopeSummary>;
    getEnvelope(accountId: string, envelopeId: string, opts?: Record<string, unknown>): Promise<Envelope>;
    getDocument(
      accountId: string,
      envelopeId: string,
      documentId: string,
      opts?: Record<string, unknown>,
    ): Promise<Buffer>;
    listStatusChanges(accountId: string, opts: Record<string, unknown>): Promise<EnvelopesInformation>;
  }
  const docusign: { ApiClient: typeof ApiClient; EnvelopesApi: typeof EnvelopesApi };
  // eslint-disable-next-line no-restricted-syntax -- a CommonJS package: under ESM its exports object is the default
  export default docusign;
}
