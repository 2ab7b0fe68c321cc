import { and, eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { HOST_TENANT_ID } from '@casebook/domain';
import { openDatabase, type Database } from '../../platform/db/database';
import { tenants } from '../../platform/db/platform.schema';
import { onPostgres, openOwnTestDatabase } from '../../../test/harness';
import { seed } from '../tenancy/tenancy.service';
import { users } from './identity.schema';
import { seedIdentity } from './identity.seed';

const opened: Database[] = [];
afterAll(async () => {
  for (const db of opened.reverse()) await db.close();
});

/** What a server does at start before it serves: the host tenant, demo tenants and their users. */
const start = (db: Database) =>
  db.exclusive(async () => {
    await seed(db, { demo: true });
    await seedIdentity(db, { demo: true, adminPassword: undefined, log: () => undefined });
  });

// Two processes of one embedded database cannot exist, so this is a PostgreSQL matter.
test.runIf(onPostgres)('servers starting together on an empty database seed it once, without failing', async () => {
  const first = await openOwnTestDatabase();
  opened.push(first);
  const others = await Promise.all(
    [1, 2].map(() => openDatabase({ kind: 'postgres', ownerUrl: first.url!, migrate: false, poolSize: 4 })),
  );
  opened.push(...others);
  await Promise.all([first, ...others].map(start));
  const rows = await first.withSystem((tx) => tx.select({ id: tenants.id, name: tenants.name }).from(tenants));
  expect(rows.map((r) => r.name).sort()).toEqual(['Host', 'demo', 'fundco']);
  const admins = await first.withTenant(HOST_TENANT_ID, (tx) =>
    tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.userName, 'admin'), eq(users.isDeleted, false))),
  );
  expect(admins).toHaveLength(1);
});
