import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { uuidv7 } from '@casebook/domain';
import { newTenant, openTestDatabase } from '../../../test/harness';
import { cities, countries } from '../../modules/geography/geography.schema';
import { APP_ROLE, MIGRATIONS_FOLDER, openDatabase, PGLITE_EXTENSIONS, sqlRows, type Database } from './database';
import { databaseImageFile, imageKey } from './image';
import { entityChanges, tenants } from './platform.schema';

let db: Database;
let tenantA: string;
let tenantB: string;
let countryOfA: string;

beforeAll(async () => {
  db = await openTestDatabase();
  tenantA = await newTenant(db);
  tenantB = await newTenant(db);
  countryOfA = uuidv7();
  await db.withTenant(tenantA, (tx) =>
    tx
      .insert(countries)
      .values({ tenantId: tenantA, id: countryOfA, name: 'Atlantis', code: 'XA', concurrencyStamp: 's' }),
  );
});
afterAll(async () => {
  await db?.close();
});

describe(`row-level security on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  test('a query that forgets any tenant filter sees only its own tenant', async () => {
    const underB = await db.withTenant(tenantB, (tx) => tx.select().from(countries));
    expect(underB.length).toBeGreaterThan(0);
    expect(underB.every((r) => r.tenantId === tenantB)).toBe(true);
    expect(underB.some((r) => r.id === countryOfA)).toBe(false);
    const byId = await db.withTenant(tenantB, (tx) => tx.select().from(countries).where(eq(countries.id, countryOfA)));
    expect(byId).toEqual([]);
  });

  test('raw SQL with no tenant filter is scoped too', async () => {
    const [result] = await db.withTenant(tenantB, (tx) =>
      sqlRows<{ n: number }>(tx, sql`select count(*)::int as n from countries where tenant_id <> ${tenantB}`),
    );
    expect(result?.n).toBe(0);
  });

  test('another tenant cannot update or delete a row it cannot see', async () => {
    const updated = await db.withTenant(tenantB, (tx) =>
      tx.update(countries).set({ name: 'Taken' }).where(eq(countries.id, countryOfA)).returning(),
    );
    expect(updated).toEqual([]);
    const deleted = await db.withTenant(tenantB, (tx) =>
      tx.delete(countries).where(eq(countries.id, countryOfA)).returning(),
    );
    expect(deleted).toEqual([]);
    const [still] = await db.withTenant(tenantA, (tx) =>
      tx.select().from(countries).where(eq(countries.id, countryOfA)),
    );
    expect(still?.name).toBe('Atlantis');
  });

  test("writing a row into another tenant's partition is refused", async () => {
    await expect(
      db.withTenant(tenantB, (tx) =>
        tx
          .insert(countries)
          .values({ tenantId: tenantA, id: uuidv7(), name: 'Sneaky', code: 'XS', concurrencyStamp: 's' }),
      ),
    ).rejects.toThrow();
    await expect(
      db.withTenant(tenantB, (tx) =>
        tx.update(countries).set({ tenantId: tenantA }).where(eq(countries.tenantId, tenantB)),
      ),
    ).rejects.toThrow();
  });

  test("a city cannot point at another tenant's country even by id", async () => {
    await expect(
      db.withTenant(tenantB, (tx) =>
        tx.insert(cities).values({
          tenantId: tenantB,
          id: uuidv7(),
          name: 'Nowhere',
          countryId: countryOfA,
          concurrencyStamp: 's',
        }),
      ),
    ).rejects.toThrow();
  });

  test('with no tenant set, every tenant-owned table is empty', async () => {
    expect(await db.app.select().from(countries)).toEqual([]);
    expect(await db.app.select().from(cities)).toEqual([]);
    expect(await db.app.select().from(entityChanges)).toEqual([]);
    expect(await db.app.select().from(tenants)).toEqual([]);
    const inTx = await db.app.transaction((tx) => tx.select().from(countries));
    expect(inTx).toEqual([]);
    // An empty setting means no tenant too, not every tenant.
    const emptySetting = await db.app.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.tenant_id', '', true)`);
      return tx.select().from(countries);
    });
    expect(emptySetting).toEqual([]);
  });

  test('the tenant setting ends with its transaction', async () => {
    await db.withTenant(tenantA, (tx) => tx.select().from(countries));
    expect(await db.app.select().from(countries)).toEqual([]);
  });

  test('a tenant sees only its own tenant row', async () => {
    const rows = await db.withTenant(tenantA, (tx) => tx.select().from(tenants));
    expect(rows.map((r) => r.id)).toEqual([tenantA]);
  });

  test('the application role cannot read signing keys or leave its role', async () => {
    await expect(db.withTenant(tenantA, (tx) => tx.execute(sql`select * from signing_keys`))).rejects.toThrow();
    if (db.kind === 'postgres') {
      await expect(db.withTenant(tenantA, (tx) => tx.execute(sql`set local role postgres`))).rejects.toThrow();
    }
  });

  test('withTenant refuses anything but a tenant UUID', async () => {
    await expect(db.withTenant("x' or true --", async () => 1)).rejects.toThrow(/tenant UUID/);
  });

  test('the system connection sees every tenant, for host-wide work only', async () => {
    const rows = await db.withSystem((tx) =>
      tx.select({ tenantId: countries.tenantId }).from(countries).where(eq(countries.id, countryOfA)),
    );
    expect(rows).toEqual([{ tenantId: tenantA }]);
  });

  test('every table is tenant-owned with forced RLS, or explicitly marked', async () => {
    const tables = await db.withSystem((tx) =>
      sqlRows<{
        name: string;
        rls: boolean;
        forced: boolean;
        note: string | null;
        tenant_owned: boolean;
        has_policy: boolean;
      }>(
        tx,
        sql`
        select c.relname as name, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
               obj_description(c.oid, 'pg_class') as note,
               exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id') as tenant_owned,
               exists (select 1 from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname
                       and p.policyname = 'tenant_isolation') as has_policy
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p')`,
      ),
    );
    expect(tables.length).toBeGreaterThanOrEqual(5);
    for (const t of tables) {
      if (t.tenant_owned || t.note === 'casebook:tenant-registry') {
        expect({ table: t.name, rls: t.rls, forced: t.forced, policy: t.has_policy }).toEqual({
          table: t.name,
          rls: true,
          forced: true,
          policy: true,
        });
      } else {
        expect(['casebook:system', 'casebook:global']).toContain(t.note);
      }
    }
  });

  test('a new table that is neither tenant-owned nor marked stops the migration', async () => {
    await expect(
      db.withSystem(async (tx) => {
        await tx.execute(sql`create table forgotten (id uuid primary key)`);
        await tx.execute(sql`select casebook_secure_tables()`);
      }),
    ).rejects.toThrow();
  });
});

describe.skipIf(process.env.DATABASE_URL)('a new embedded database starts from the migrated image', () => {
  test(
    'a new data directory is the migrated, secured database and keeps what is written to it',
    { timeout: 60_000 },
    async () => {
      const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-image-')), 'db');
      const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
        entries: unknown[];
      };
      try {
        let fresh = await openDatabase({ kind: 'pglite', dataDir });
        const tenant = await newTenant(fresh);
        const applied = await fresh.withSystem((tx) =>
          sqlRows<{ n: number }>(tx, sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
        );
        expect(applied[0]!.n).toBe(journal.entries.length);
        // Secured as a migrated database is: without the tenant set, nothing of it is visible.
        await fresh.withTenant(tenant, (tx) =>
          tx
            .insert(countries)
            .values({ tenantId: tenant, id: uuidv7(), name: 'Lemuria', code: 'XL', concurrencyStamp: 's' }),
        );
        expect(
          await fresh.withTenant(tenantA === tenant ? tenantB : uuidv7(), (tx) => tx.select().from(countries)),
        ).toEqual([]);
        await fresh.close();
        // Opened again, it is the same database.
        fresh = await openDatabase({ kind: 'pglite', dataDir });
        const kept = await fresh.withTenant(tenant, (tx) => tx.select().from(countries));
        expect(kept.map((c) => c.name)).toContain('Lemuria');
        await fresh.close();
      } finally {
        fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
      }
    },
  );

  test('the image is named by its migrations: a changed migration makes a new one', async () => {
    const parts = { migrationsFolder: MIGRATIONS_FOLDER, extensions: PGLITE_EXTENSIONS, appRole: APP_ROLE };
    expect(path.basename(await databaseImageFile(parts))).toBe(`pglite-${imageKey(MIGRATIONS_FOLDER)}.tar`);
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-migrations-'));
    try {
      fs.cpSync(MIGRATIONS_FOLDER, copy, { recursive: true });
      expect(imageKey(copy)).toBe(imageKey(MIGRATIONS_FOLDER));
      const last = fs
        .readdirSync(copy)
        .filter((f) => f.endsWith('.sql'))
        .sort()
        .at(-1)!;
      fs.appendFileSync(path.join(copy, last), '\n-- changed\n');
      expect(imageKey(copy)).not.toBe(imageKey(MIGRATIONS_FOLDER));
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });
});
