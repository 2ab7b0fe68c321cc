import type { AccountingProvider, IntegrationProvider } from '@casebook/domain';

/** A provider's tokens as we keep them (sealed at rest). */
export type Tokens = { accessToken: string; refreshToken: string; expiresAt: number };

/** What a connection gives an adapter's calls. */
export type Session = { tokens: Tokens; externalTenantId: string; apiBaseUrl?: string | null };

/** An invoice as the providers are given it: our numbers in cents, the account code per line. */
export type InvoicePush = {
  invoiceNo: string;
  caseNo: string;
  invoiceDate: string;
  dueDate: string;
  currency: string;
  lines: {
    description: string;
    quantity: number;
    /** The line's amount before tax, after discount, in cents. */
    netCents: number;
    taxCents: number;
    accountCode: string | null;
  }[];
  totalCents: number;
};

export type ProviderPayment = { id: string; cents: number; date: string };

/** What every connected provider does: OAuth 2 connect (authorization code), refresh and revoke. */
export interface OAuthAdapter {
  readonly provider: IntegrationProvider;
  /** Whether the provider's authorize request carries a PKCE challenge. */
  readonly pkce: boolean;
  authorizeUrl(state: string, codeChallenge: string): Promise<string>;
  /** Exchanges the callback's code; the organisation (account) connected, its name and API host when it has one. */
  exchange(
    callbackUrl: string,
    state: string,
    codeVerifier: string,
  ): Promise<{ tokens: Tokens; externalTenantId: string; organisationName: string; apiBaseUrl?: string }>;
  refresh(tokens: Tokens): Promise<Tokens>;
  revoke(session: Session): Promise<void>;
}

/**
 * One accounting provider behind one shape: the OAuth connection and the few calls the accounting flow
 * makes, each with the idempotency key the provider honours.
 */
export interface AccountingAdapter extends OAuthAdapter {
  readonly provider: AccountingProvider;
  upsertContact(session: Session, contact: { name: string; email: string | null }, key: string): Promise<string>;
  createInvoice(
    session: Session,
    invoice: InvoicePush,
    contactId: string,
    key: string,
  ): Promise<{ externalId: string; number: string }>;
  createPayment(
    session: Session,
    payment: { externalInvoiceId: string; contactId: string | null; cents: number; date: string; reference: string },
    key: string,
  ): Promise<string>;
  /** The payments the provider holds against one of its invoices. */
  invoicePayments(session: Session, externalInvoiceId: string): Promise<ProviderPayment[]>;
  /** Invoices changed since a time, with their payments (the scheduled pull). */
  changedInvoices(session: Session, since: Date): Promise<{ externalInvoiceId: string; payments: ProviderPayment[] }[]>;
  /** Which of the provider's invoices a webhook's entity concerns. */
  webhookInvoiceIds(session: Session, entity: { name: string; id: string }): Promise<string[]>;
}

/** A failed call in words, with what the provider said about retrying. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  get retryable(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500 || this.status === 401;
  }
}

/** The words a user reads for a failed call. */
export function describeFailure(provider: string, error: unknown): string {
  if (error instanceof ProviderError) {
    if (error.status === 429) return `${provider} asked us to slow down (too many requests); it will be retried.`;
    if (error.status === 401) return `${provider} refused our sign-in; connect again.`;
    if (error.status === 403) return `${provider} refused access to the organisation; connect again.`;
    if (error.status >= 500) return `${provider} had a problem (${error.status}); it will be retried.`;
    if (error.status === 0) return `${provider} could not be reached; it will be retried.`;
    return `${provider} refused it: ${error.message}`;
  }
  return `${provider}: ${(error as Error).message ?? String(error)}`;
}
