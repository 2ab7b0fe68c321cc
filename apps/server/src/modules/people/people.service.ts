import {
  formatIsoDate,
  highRiskWarning,
  phoneDigits,
  SERVICE_PROVIDER_DUPLICATE_MESSAGE,
  todayIn,
  type SimilarItem,
  type SimilarItemsQuery,
  type SpecialistServiceRate,
} from '@casebook/domain';
import type { Database } from '../../platform/db/database';
import type { RequestContext } from '../../platform/access/context';
import { invalidField, notFound } from '../../platform/http/errors';
import { recordCondition, requireAccess } from '../../platform/access/records';
import type { WriteContext } from '../../platform/resources/resource';
import type { ResourceService } from '../../platform/resources/resource.service';
import { referenceRepository } from '../reference/reference.repository';
import { requireLookups } from '../reference/reference.service';
import { caseManagers, specialists } from './people.schema';
import { peopleRepository as repo } from './people.repository';

/** Booking agents are existing case managers, each listed once. */
export async function checkCompanyWrite(write: WriteContext): Promise<Record<string, unknown>> {
  const agents = [...new Set((write.input.bookingAgentIds as string[] | undefined) ?? [])];
  const found = new Set(await repo.caseManagerIds(write.tx, agents));
  if (agents.some((id) => !found.has(id))) throw invalidField('bookingAgentIds', 'A booking agent does not exist.');
  return { ...write.input, bookingAgentIds: agents };
}

/**
 * A specialist's specialty, sub-specialty, qualification and accreditation come from the value list,
 * each of its own type, and the sub-specialty belongs to the specialty; rates are for existing items.
 */
export async function checkSpecialistWrite(write: WriteContext): Promise<Record<string, unknown>> {
  const input = write.input;
  const found = await requireLookups(write.tx, [
    { member: 'specialtyId', id: input.specialtyId, type: 'SPECIALTY' },
    { member: 'subSpecialtyId', id: input.subSpecialtyId, type: 'SUB_SPECIALTY' },
    { member: 'qualificationId', id: input.qualificationId, type: 'QUALIFICATION' },
    { member: 'accreditationId', id: input.accreditationId, type: 'ACCREDITATION' },
  ]);
  const sub = typeof input.subSpecialtyId === 'string' ? found.get(input.subSpecialtyId) : undefined;
  if (sub && sub.parentId !== input.specialtyId) {
    throw invalidField('subSpecialtyId', 'The sub-specialty does not belong to the specialty.');
  }
  const rates = (input.serviceRates as SpecialistServiceRate[] | undefined) ?? [];
  if (rates.length > 0) {
    const ids = new Set(rates.map((r) => r.serviceItemId));
    const existing = await referenceRepository.serviceItemIds(write.tx, [...ids]);
    if (existing.length !== ids.size) throw invalidField('serviceRates', 'A service item does not exist.');
  }
  return input;
}

/** The people a user may be: their records carry the user's id. */
export type SignedInPeople = Record<'case_managers' | 'specialists' | 'contractors', ResourceService>;

/** Similar-item checks, duplicate names, the company high-risk check and "my detail". */
export class PeopleService {
  constructor(
    private readonly database: Database,
    private readonly people: SignedInPeople,
  ) {}

  /** The caller's own case manager, specialist or contractor record (their profile screen). */
  async myDetail<T>(ctx: RequestContext, kind: keyof SignedInPeople): Promise<T> {
    const id = await this.database.withTenant(ctx.tenant.id, (tx) => repo.recordOfUser(tx, kind, ctx.principal.userId));
    if (!id) throw notFound();
    return (await this.people[kind].get(ctx, id)) as T;
  }

  /**
   * Case managers or specialists that look like the one being entered: the same e-mail, the same phone
   * (or mobile), or the same first and last name, ignoring case.
   */
  similarPeople(ctx: RequestContext, kind: 'case_managers' | 'specialists', q: SimilarItemsQuery) {
    const table = kind === 'case_managers' ? caseManagers : specialists;
    const phone = q.phone ? phoneDigits(q.phone) : '';
    return this.database.withTenant(ctx.tenant.id, async (tx) => ({
      // Only people the caller may see: a similar name is no way into another firm's register.
      items: await repo.similarPeople(
        tx,
        table,
        {
          ...(q.firstName && q.lastName ? { firstName: q.firstName, lastName: q.lastName } : {}),
          ...(q.email ? { email: q.email } : {}),
          ...(phone.length >= 8 ? { phone } : {}),
          ...(q.excludeId ? { excludeId: q.excludeId } : {}),
        },
        await recordCondition(tx, ctx, kind === 'case_managers' ? 'caseManager' : 'specialist'),
      ),
    }));
  }

  /** Clients with the same name and date of birth: the spec's similar-item check for claimants. */
  similarClients(ctx: RequestContext, q: SimilarItemsQuery): Promise<{ items: SimilarItem[] }> {
    if (!q.firstName || !q.lastName || !q.dateOfBirth) return Promise.resolve({ items: [] });
    const { firstName, lastName, dateOfBirth } = q;
    return this.database.withTenant(ctx.tenant.id, async (tx) => ({
      items: await repo.similarClients(
        tx,
        {
          firstName,
          lastName,
          dateOfBirth,
          ...(q.excludeId ? { excludeId: q.excludeId } : {}),
        },
        await recordCondition(tx, ctx, 'claimant'),
      ),
    }));
  }

  async checkServiceProviderName(ctx: RequestContext, name: string, excludeId?: string) {
    const taken = await this.database.withTenant(ctx.tenant.id, (tx) =>
      repo.serviceProviderNameTaken(tx, name, excludeId),
    );
    return { isDuplicate: taken, message: taken ? SERVICE_PROVIDER_DUPLICATE_MESSAGE : null };
  }

  /** Whether the company's high-risk flag applies today in the tenant's zone, and the reason the caller reads. */
  async highRisk(ctx: RequestContext, companyId: string, now = new Date()) {
    const company = await this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, 'company', companyId);
      return repo.company(tx, companyId);
    });
    if (!company) throw notFound();
    const today = todayIn(ctx.tenant.timezone, now);
    const warning = highRiskWarning(company, today, ctx.principal.roles);
    return {
      companyId,
      isHighRisk: warning !== undefined,
      reason: warning?.reason ?? null,
      audience: warning?.audience ?? null,
      today: formatIsoDate(today),
    };
  }

  /** The case managers who may book for a company. */
  bookingAgents(ctx: RequestContext, companyId: string) {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, 'company', companyId);
      const company = await repo.company(tx, companyId);
      if (!company) throw notFound();
      return { items: await repo.caseManagersByIds(tx, company.bookingAgentIds) };
    });
  }
}
