import { and, eq, inArray } from 'drizzle-orm';
import { HOST_TENANT_ID, uuidv7, type Role } from '@casebook/domain';
import type { Database } from '../../platform/db/database';
import { tenants } from '../../platform/db/platform.schema';
import { users } from './identity.schema';
import { generatePassword, hashPassword } from './passwords';

/** The demo password of every seeded demo account (listed in the README). */
export const DEMO_PASSWORD = 'Demo!2026';

/** One demo account per role: user name, role, display name. */
export const DemoAccounts: readonly {
  userName: string;
  role: Role;
  name: string;
  surname: string;
  contractorType?: string;
}[] = [
  { userName: 'admin', role: 'TENANT_ADMIN', name: 'Alex', surname: 'Admin' },
  { userName: 'adminstaff', role: 'ADMIN_STAFF', name: 'Avery', surname: 'Adminstaff' },
  { userName: 'staff', role: 'STAFF', name: 'Sam', surname: 'Staff' },
  { userName: 'accounting', role: 'ACCOUNTING', name: 'Casey', surname: 'Accounts' },
  { userName: 'casemanager', role: 'CASE_MANAGER', name: 'Morgan', surname: 'Casemanager' },
  { userName: 'specialist', role: 'SPECIALIST', name: 'Dr Jordan', surname: 'Specialist' },
  { userName: 'contractor', role: 'CONTRACTOR', name: 'Taylor', surname: 'Contractor', contractorType: 'TYPIST' },
  { userName: 'insurer', role: 'INSURER', name: 'Riley', surname: 'Insurer', contractorType: 'INSURER' },
];

async function ensureUser(
  database: Database,
  tenantId: string,
  account: { userName: string; role: Role; name: string; surname: string; contractorType?: string },
  passwordHash: () => Promise<string>,
): Promise<boolean> {
  return database.withTenant(tenantId, async (tx) => {
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.userName, account.userName), eq(users.isDeleted, false)));
    if (existing) return false;
    const tenantSlug = tenantId === HOST_TENANT_ID ? 'host' : tenantId.slice(-8);
    // Two processes starting together on an empty database both get here: the second one's insert
    // meets the first one's row (unique user name) and leaves it, rather than failing the start.
    const inserted = await tx
      .insert(users)
      .values({
        tenantId,
        id: uuidv7(),
        userName: account.userName,
        email: `${account.userName}@${tenantSlug}.casebook.local`,
        name: account.name,
        surname: account.surname,
        roles: [account.role],
        contractorType: account.contractorType ?? null,
        passwordHash: await passwordHash(),
        securityStamp: uuidv7(),
        concurrencyStamp: uuidv7(),
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    return inserted.length > 0;
  });
}

/**
 * The host admin always exists. With demo data, it and one user per role in each demo tenant have the
 * demo password. Without, the host admin's first password is ADMIN_PASSWORD or generated and printed once.
 */
export async function seedIdentity(
  database: Database,
  options: { demo: boolean; adminPassword: string | undefined; log: (line: string) => void },
): Promise<void> {
  if (options.demo) {
    // Hashing is deliberately slow: only when an account is missing (a later start finds them all).
    let hashing: Promise<string> | undefined;
    const hash = () => (hashing ??= hashPassword(DEMO_PASSWORD));
    await ensureUser(database, HOST_TENANT_ID, DemoAccounts[0]!, hash);
    const demoTenants = await database.withSystem((tx) =>
      tx.select({ id: tenants.id, name: tenants.name }).from(tenants).where(eq(tenants.isHost, false)),
    );
    for (const t of demoTenants.filter((t) => t.name === 'demo' || t.name === 'fundco')) {
      // One look per tenant: a later start finds every account and writes nothing.
      const present = await database.withTenant(t.id, (tx) =>
        tx
          .select({ userName: users.userName })
          .from(users)
          .where(
            and(
              inArray(
                users.userName,
                DemoAccounts.map((a) => a.userName),
              ),
              eq(users.isDeleted, false),
            ),
          ),
      );
      const found = new Set(present.map((u) => u.userName));
      for (const account of DemoAccounts) {
        if (!found.has(account.userName)) await ensureUser(database, t.id, account, hash);
      }
    }
    return;
  }
  const password = options.adminPassword ?? generatePassword();
  const created = await ensureUser(database, HOST_TENANT_ID, DemoAccounts[0]!, () => hashPassword(password));
  if (created && !options.adminPassword) {
    options.log(`Host administrator created: user name "admin", password "${password}" (shown once; change it).`);
  }
}
