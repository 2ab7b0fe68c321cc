/**
 * The invoices benchmark: 10,000 invoices created from their cases' blueprints and sent, then a Doctor
 * Remittances run over 1,000 specialists, through the invoice and remittance services on PostgreSQL.
 * Wall time and CPU (this process and the database's backends) per invoice.
 *
 *   npm run bench -- --only invoices        (or: node --import tsx bench/invoices.ts)
 */
import os from 'node:os';
import { CreatePaymentBlueprintInput, Permissions, uuidv7, type InvoiceDto } from '@casebook/domain';
import type { RequestContext } from '../apps/server/src/platform/access/context';
import { TenantDirectory } from '../apps/server/src/platform/access/tenant-directory';
import { openDatabase, type Database } from '../apps/server/src/platform/db/database';
import { cases, imeCaseDetails } from '../apps/server/src/modules/cases/cases.schema';
import { InvoicesService } from '../apps/server/src/modules/invoices/invoices.service';
import { RemittanceService } from '../apps/server/src/modules/invoices/remittance.service';
import { caseManagers, clients, companies, specialists } from '../apps/server/src/modules/people/people.schema';
import { createTenant } from '../apps/server/src/modules/tenancy/tenancy.service';
import { DEFAULT_BENCH_DATABASE_URL, DEFAULT_SETTINGS, type Benchmark, type BenchSettings } from './lib/benchmark';
import { startCpuMeter } from './lib/cpu';
import { isMain, redactUrl, runMain } from './lib/cli';
import { ensureDatabase } from './lib/pg-admin';
import { fixed, table, whole } from './lib/stats';
import { printTarget } from './lib/targets';

const INVOICES = 10_000;
const SPECIALISTS = 1_000;
/** Concurrent callers creating and sending invoices (the tenant's number counter serialises them). */
const CALLERS = 8;
const MONTH = { yearPeriod: 2026, monthPeriod: 1 };

/** A tenant with one firm, 1,000 specialists (fee arrangements 1–4) and 10,000 completed cases. */
async function seed(database: Database): Promise<{ ctx: RequestContext; caseIds: string[] }> {
  const tenantId = await createTenant(database, {
    name: `bench-invoices-${uuidv7().slice(-12)}`,
    editionName: 'MLP',
    referenceData: false,
  });
  const tenant = (await new TenantDirectory(database).get(tenantId))!;
  const userId = uuidv7();
  const ctx: RequestContext = {
    principal: { userId, tenantId, roles: ['STAFF'], userName: 'Bench Staff', impersonatorUserId: null },
    tenant,
    permissions: new Set(Object.values(Permissions.payments)),
    actor: { tenantId, userId, userName: 'Bench Staff', impersonatorUserId: null },
  };
  const stamp = () => uuidv7();
  const caseIds: string[] = [];
  await database.withTenant(tenantId, async (tx) => {
    const companyId = uuidv7();
    await tx
      .insert(companies)
      .values({ tenantId, id: companyId, concurrencyStamp: stamp(), name: 'Bench Law', businessType: 'LAW_FIRM' });
    const managerId = uuidv7();
    await tx.insert(caseManagers).values({
      tenantId,
      id: managerId,
      concurrencyStamp: stamp(),
      firstName: 'Case',
      lastName: 'Manager',
      companyId,
    });
    const clientId = uuidv7();
    await tx
      .insert(clients)
      .values({ tenantId, id: clientId, concurrencyStamp: stamp(), firstName: 'Claire', lastName: 'Claimant' });
    const specialistIds = Array.from({ length: SPECIALISTS }, () => uuidv7());
    await tx.insert(specialists).values(
      specialistIds.map((id, i) => ({
        tenantId,
        id,
        concurrencyStamp: stamp(),
        firstName: 'Spec',
        lastName: `Ialist ${i}`,
        feeArrangement: 1 + (i % 4),
      })),
    );
    for (let i = 0; i < INVOICES; i += 1000) {
      const batch = Array.from({ length: Math.min(1000, INVOICES - i) }, (_, j) => {
        const id = uuidv7();
        caseIds.push(id);
        return {
          tenantId,
          id,
          concurrencyStamp: stamp(),
          caseNo: `IME-B${String(i + j).padStart(6, '0')}`,
          serviceType: 'IME' as const,
          status: 'REPORT_COMPLETED' as const,
          clientId,
          companyId,
          caseManagerId: managerId,
          specialistId: specialistIds[(i + j) % SPECIALISTS]!,
        };
      });
      await tx.insert(cases).values(batch);
      await tx.insert(imeCaseDetails).values(batch.map((c) => ({ tenantId, caseId: c.id })));
    }
  });
  const service = new InvoicesService(database);
  await service.createBlueprint(
    ctx,
    CreatePaymentBlueprintInput.parse({
      name: 'IME fees',
      serviceType: 'IME',
      commissionBasisPoints: 2000,
      items: [
        { description: 'Independent medical examination', quantity: 1, unitPrice: 950_00 },
        { description: 'File review hours', quantity: 3, unitPrice: 33_35, discountBasisPoints: 1250 },
        { description: 'Travel', quantity: 1, unitPrice: 50_00, taxable: false },
      ],
    }),
  );
  return { ctx, caseIds };
}

export const invoicesBenchmark: Benchmark = {
  name: 'invoices',
  summary: `${INVOICES} invoices created from blueprints and sent (${CALLERS} callers), and a remittance run over ${SPECIALISTS} specialists, PostgreSQL`,
  // Figures only: no target is set for invoicing.
  targets: [],
  async run(settings: BenchSettings, log) {
    log(
      `machine: ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    await ensureDatabase(settings.databaseUrl);
    const database = await openDatabase({ kind: 'postgres', ownerUrl: settings.databaseUrl, poolSize: CALLERS + 4 });
    try {
      log(
        `database ${redactUrl(settings.databaseUrl)}: seeding ${INVOICES} completed cases and ${SPECIALISTS} specialists`,
      );
      const { ctx, caseIds } = await seed(database);
      const invoices = new InvoicesService(database);

      const meter = await startCpuMeter(settings.databaseUrl);
      const started = performance.now();
      let next = 0;
      const numbers: number[] = [];
      await Promise.all(
        Array.from({ length: CALLERS }, async () => {
          for (let i = next++; i < caseIds.length; i = next++) {
            const draft: InvoiceDto = await invoices.invoiceFromModule(ctx, {
              caseId: caseIds[i]!,
              invoiceDate: '2026-01-15',
            });
            await invoices.send(ctx, draft.id, draft.concurrencyStamp);
            numbers.push(Number(draft.invoiceNo.slice(4)));
          }
        }),
      );
      const createSeconds = (performance.now() - started) / 1000;
      const createCpu = await meter.stop();
      numbers.sort((a, b) => a - b);
      const gapless = numbers.every((n, i) => n === i + 1);

      const remittance = new RemittanceService(database);
      const runMeter = await startCpuMeter(settings.databaseUrl);
      const runStarted = performance.now();
      const run = await remittance.run(ctx, MONTH);
      const runSeconds = (performance.now() - runStarted) / 1000;
      const runCpu = await runMeter.stop();

      const per = (ms: number | null, n: number) => (ms === null ? '-' : (ms / n).toFixed(2));
      for (const line of table(
        ['phase', 'count', 'seconds', 'per second', 'ms/invoice', 'app CPU ms/invoice', 'db CPU ms/invoice'],
        [
          [
            'create + send',
            whole(INVOICES),
            fixed(createSeconds),
            whole(INVOICES / createSeconds),
            ((createSeconds * 1000) / INVOICES).toFixed(2),
            per(createCpu.appMs, INVOICES),
            per(createCpu.databaseMs, INVOICES),
          ],
          [
            `remittance run (${run.statements} statements)`,
            whole(run.invoices),
            fixed(runSeconds),
            whole(run.invoices / runSeconds),
            ((runSeconds * 1000) / run.invoices).toFixed(3),
            per(runCpu.appMs, run.invoices),
            per(runCpu.databaseMs, run.invoices),
          ],
        ],
      )) {
        log(line);
      }
      log(`invoice numbers 1..${INVOICES} without a gap or duplicate: ${gapless ? 'yes' : 'NO'}`);
      log(
        `remitted: ${run.invoices} invoices, ${run.statements} statements, ${(run.paymentCents / 100).toFixed(2)} to pay`,
      );
    } finally {
      await database.close();
    }
  },
};

if (isMain(import.meta.url)) {
  runMain(async () => {
    await invoicesBenchmark.run(
      { databaseUrl: process.env.DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL, ...DEFAULT_SETTINGS },
      (line) => console.log(line),
      printTarget,
    );
  });
}
