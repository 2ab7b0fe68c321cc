import { uuidv7 } from '@casebook/domain';
import type { Database } from '../../platform/db/database';
import { integrationExchanges, type ConnectedProvider } from './integrations.schema';
import { describeFailure, ProviderError } from './provider';

/**
 * A call to a provider, logged for the tenant with its outcome and time, never its payload or secrets.
 * The log row is written after the call, outside its transaction, and a failure to write it is ignored.
 */
export async function loggedCall<T>(
  database: Database,
  call: {
    tenantId: string;
    provider: ConnectedProvider;
    providerName: string;
    operation: string;
    key: string | null;
  },
  fn: () => Promise<T>,
): Promise<T> {
  const started = Date.now();
  let status: number | null = 200;
  let error: string | null = null;
  try {
    return await fn();
  } catch (e) {
    status = e instanceof ProviderError ? e.status : null;
    error = describeFailure(call.providerName, e);
    throw e;
  } finally {
    await database
      .withTenant(call.tenantId, (tx) =>
        tx.insert(integrationExchanges).values({
          tenantId: call.tenantId,
          id: uuidv7(),
          concurrencyStamp: uuidv7(),
          provider: call.provider,
          operation: call.operation,
          status,
          durationMs: Date.now() - started,
          idempotencyKey: call.key,
          error,
        }),
      )
      .catch(() => undefined);
  }
}
