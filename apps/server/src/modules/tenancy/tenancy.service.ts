import { eq } from 'drizzle-orm';
import { CaseFeatures, HOST_TENANT_ID, uuidv7, type Edition } from '@casebook/domain';
import type { Database } from '../../platform/db/database';
import { tenants } from '../../platform/db/platform.schema';
import { cities, countries } from '../geography/geography.schema';
import { insertReferenceData } from '../reference/reference.seed';
import { SeedAustralianCities, SeedCountries } from './reference-data';

export type NewTenant = {
  id?: string;
  name: string;
  editionName: Edition | 'MASTER';
  features?: Record<string, string>;
  isHost?: boolean;
  timezone?: string;
  /** Seed countries, Australian cities, value lists, attachment and document types and languages (default true). */
  referenceData?: boolean;
};

/**
 * Creates a tenant with its starting reference data in one transaction. Runs as the system because
 * the tenant row does not exist yet for any tenant-scoped transaction to see.
 */
export async function createTenant(database: Database, input: NewTenant): Promise<string> {
  const id = input.id ?? uuidv7();
  await database.withSystem(async (tx) => {
    await tx.insert(tenants).values({
      id,
      name: input.name,
      editionName: input.editionName,
      isHost: input.isHost ?? false,
      features: input.features ?? {},
      timezone: input.timezone ?? 'Australia/Sydney',
      concurrencyStamp: uuidv7(),
    });
    if (input.referenceData === false) return;
    const countryRows = SeedCountries.map((c) => ({ ...c, tenantId: id, id: uuidv7(), concurrencyStamp: uuidv7() }));
    await tx.insert(countries).values(countryRows);
    const australia = countryRows.find((c) => c.code === 'AU')!;
    await tx.insert(cities).values(
      SeedAustralianCities.map((c) => ({
        ...c,
        tenantId: id,
        id: uuidv7(),
        countryId: australia.id,
        concurrencyStamp: uuidv7(),
      })),
    );
    await tx.update(tenants).set({ defaultCountryId: australia.id }).where(eq(tenants.id, id));
    await insertReferenceData(tx, id);
  });
  return id;
}

/** The host tenant exists on every database; demo tenants only where demo data is wanted. */
export async function seed(database: Database, options: { demo: boolean }): Promise<void> {
  const existing = await database.withSystem((tx) => tx.select({ id: tenants.id, name: tenants.name }).from(tenants));
  const names = new Set(existing.map((t) => t.name));
  if (!existing.some((t) => t.id === HOST_TENANT_ID)) {
    await createTenant(database, { id: HOST_TENANT_ID, name: 'Host', editionName: 'MASTER', isHost: true });
  }
  if (!options.demo) return;
  if (!names.has('demo')) {
    await createTenant(database, {
      name: 'demo',
      editionName: 'MLP',
      features: Object.fromEntries(
        [
          ...CaseFeatures,
          'RealtimeNotification',
          'MarketingCampaign',
          'LegalPracticeAPI',
          'TimeTracking',
          'DictationRecording',
          'InquiryCentre',
        ].map((f) => [f, 'True']),
      ),
    });
  }
  if (!names.has('fundco')) {
    await createTenant(database, {
      name: 'fundco',
      editionName: 'FUNDING PROVIDER',
      features: Object.fromEntries(
        ['Disbursement', 'DisbursementFunding', 'FundingTransaction'].map((f) => [f, 'True']),
      ),
    });
  }
}
