import type { Role } from '@casebook/domain';
import type { NewTenant } from '../src/modules/tenancy/tenancy.service';
import { callerFor, newTenant, type Caller, type TestApp } from './harness';
import { ok } from './responses';

/** A law firm of the world: the company, its case manager record, and that case manager signed in. */
export type Firm = { companyId: string; caseManagerId: string; caseManager: Caller };

/**
 * The world most case-module tests need: a tenant with an administrator and a staff member, two law
 * firms each with a case manager who signs in, a claimant, and an administrator of another tenant with
 * the same settings (the outsider, for whom every record here is a 404).
 */
export type TwoFirms = {
  tenantId: string;
  admin: Caller;
  staff: Caller;
  firmA: Firm;
  firmB: Firm;
  clientId: string;
  outsider: Caller;
};

export async function twoFirms(
  t: TestApp,
  tenant: Partial<NewTenant> = {},
  outsiderRoles: Role[] = ['TENANT_ADMIN'],
): Promise<TwoFirms> {
  const tenantId = await newTenant(t.database, tenant);
  const admin = await callerFor(t, tenantId);
  const staff = await callerFor(t, tenantId, ['STAFF']);
  const firm = async (name: string, firstName: string, lastName: string): Promise<Firm> => {
    const company = await ok<{ id: string }>(admin.post('/api/app/companies', { name, businessType: 'LAW_FIRM' }));
    const caseManager = await callerFor(t, tenantId, ['CASE_MANAGER']);
    const record = await ok<{ id: string }>(
      admin.post('/api/app/case-managers', { firstName, lastName, companyId: company.id, userId: caseManager.userId }),
    );
    return { companyId: company.id, caseManagerId: record.id, caseManager };
  };
  const firmA = await firm('Firm A', 'Ann', 'Able');
  const firmB = await firm('Firm B', 'Ben', 'Baker');
  const client = await ok<{ id: string }>(admin.post('/api/app/clients', { firstName: 'Cleo', lastName: 'Claimant' }));
  const outsider = await callerFor(t, await newTenant(t.database, tenant), outsiderRoles);
  return { tenantId, admin, staff, firmA, firmB, clientId: client.id, outsider };
}
