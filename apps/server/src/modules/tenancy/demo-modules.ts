import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  addDays,
  effectiveFeatures,
  formatIsoDate,
  todayIn,
  type CaseModuleDeclaration,
  type ModuleCaseDto,
} from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { TenantDirectory } from '../../platform/access/tenant-directory';
import type { Database } from '../../platform/db/database';
import { CaseModuleService, type ModuleDetailsTable } from '../cases/case-module.service';
import { cases } from '../cases/cases.schema';
import { users } from '../identity/identity.schema';
import { PermissionDirectory } from '../identity/permission-directory';
import { caseManagers, clients } from '../people/people.schema';

/** One step of a demo case: the step's key and its input (the stamp and, for booking, the parties added). */
export type DemoStep = readonly [step: string, body: Record<string, unknown>];
/** A declared module's demo cases: each one's steps, dates made from `on(days from today)`. */
export type DemoPlan = {
  module: CaseModuleDeclaration;
  details: ModuleDetailsTable;
  cases: (on: (days: number) => string) => readonly (readonly DemoStep[])[];
};

/**
 * A demo tenant's cases of declared modules, made by staff through each module's own service (status log and
 * change history included) at several stages. A module the tenant lacks, or one that has cases, is left alone.
 */
export async function seedDemoModuleCases(database: Database, tenantId: string, plans: readonly DemoPlan[]) {
  const tenant = await new TenantDirectory(database).get(tenantId);
  if (!tenant) return 0;
  const features = effectiveFeatures({ isAuthenticated: true, roles: ['STAFF'], isHost: false }, tenant);
  const world = await database.withTenant(tenantId, async (tx) => ({
    staff: (
      await tx
        .select({ id: users.id, name: users.name, surname: users.surname, roles: users.roles })
        .from(users)
        .where(and(eq(users.userName, 'staff'), eq(users.isDeleted, false)))
    )[0],
    managers: await tx
      .select({ id: caseManagers.id })
      .from(caseManagers)
      .where(eq(caseManagers.isDeleted, false))
      .orderBy(asc(caseManagers.lastName), asc(caseManagers.id))
      .limit(6),
    claimants: await tx
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.isDeleted, false))
      .orderBy(asc(clients.lastName), asc(clients.id))
      .limit(12),
  }));
  if (!world.staff || world.managers.length === 0 || world.claimants.length === 0) return 0;
  const label = `${world.staff.name} ${world.staff.surname}`;
  const staff: RequestContext = {
    principal: {
      userId: world.staff.id,
      tenantId,
      roles: [...world.staff.roles],
      userName: label,
      impersonatorUserId: null,
    },
    tenant,
    permissions: await new PermissionDirectory(database).forRoles(tenantId, world.staff.roles),
    actor: { tenantId, userId: world.staff.id, userName: label, impersonatorUserId: null },
  };
  const today = todayIn(tenant.timezone);
  const on = (days: number) => formatIsoDate(addDays(today, days));
  let made = 0;
  for (const plan of plans) {
    const { module } = plan;
    if (!module.features.some((f) => (features as ReadonlySet<string>).has(f))) continue;
    const existing = await database.withTenant(tenantId, (tx) =>
      tx
        .select({ id: cases.id })
        .from(cases)
        .where(inArray(cases.serviceType, module.serviceTypes as never[]))
        .limit(1),
    );
    if (existing.length > 0) continue;
    const service = new CaseModuleService(database, module, plan.details);
    for (const [k, steps] of plan.cases(on).entries()) {
      const parties = {
        clientId: world.claimants[k % world.claimants.length]!.id,
        caseManagerId: world.managers[k % world.managers.length]!.id,
      };
      let c: ModuleCaseDto = await service.create(staff, { ...parties, specialistId: null, bookingNotes: null });
      for (const [key, body] of steps) {
        const input = module.steps[key]!.input.parse({
          ...(key === 'booking-detail' ? parties : {}),
          ...body,
          concurrencyStamp: c.concurrencyStamp,
        }) as Record<string, unknown> & { concurrencyStamp: string };
        c = await service.step(staff, key, c.id, { ...input, confirmed: true });
      }
      made++;
    }
  }
  return made;
}
