import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { tenants } from '../db/platform.schema';

/** What a request needs to know of its tenant: edition, features, settings. */
export type TenantInfo = {
  id: string;
  name: string;
  editionName: string;
  isHost: boolean;
  isActive: boolean;
  features: Record<string, string>;
  settings: Record<string, string>;
  timezone: string;
  defaultCountryId: string | null;
};

const TTL_MS = 10_000;

/** Reads tenants through the system connection, cached briefly; changes call invalidate. */
export class TenantDirectory {
  private cache = new Map<string, { at: number; value: TenantInfo | undefined }>();

  constructor(private readonly database: Database) {}

  async get(tenantId: string): Promise<TenantInfo | undefined> {
    const hit = this.cache.get(tenantId);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
    const [row] = await this.database.withSystem((tx) =>
      tx.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1),
    );
    const value: TenantInfo | undefined = row && {
      id: row.id,
      name: row.name,
      editionName: row.editionName,
      isHost: row.isHost,
      isActive: row.isActive,
      features: row.features,
      settings: row.settings,
      timezone: row.timezone,
      defaultCountryId: row.defaultCountryId,
    };
    this.cache.set(tenantId, { at: Date.now(), value });
    return value;
  }

  invalidate(tenantId?: string): void {
    if (tenantId) this.cache.delete(tenantId);
    else this.cache.clear();
  }
}
