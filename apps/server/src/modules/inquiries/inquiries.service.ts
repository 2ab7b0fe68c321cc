import { and, asc, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  hasAnyRole,
  OFFICE_ROLES,
  Permissions,
  uuidv7,
  type ConvertInquiryInput,
  type CreateInquiryInput,
  type InquiryDto,
  type InquiryListQuery,
  type PagedResult,
} from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { NOTHING, recordCondition, registerRecordKind, requireAccess } from '../../platform/access/records';
import { recordEntityChange } from '../../platform/db/audit';
import type { Database, Tx } from '../../platform/db/database';
import { businessRule, concurrencyConflict, forbidden, invalidField, notFound } from '../../platform/http/errors';
import { likePattern } from '../../platform/resources/resource.repository';
import { cases } from '../cases/cases.schema';
import type { CasesService } from '../cases/cases.service';
import { users } from '../identity/identity.schema';
import { inquiries as iq } from './inquiries.schema';

type Row = { inquiry: typeof iq.$inferSelect; assignedUserName: string | null; caseNo: string | null };
type Input = z.output<typeof CreateInquiryInput>;

const CLOSED_MESSAGE = 'The inquiry has already been turned into a case or closed.';
const officeUser = sql`${users.roles} && ${sql.param([...OFFICE_ROLES])}::text[]`;

registerRecordKind('inquiry', {
  table: iq,
  id: iq.id,
  isDeleted: iq.isDeleted,
  label: 'The inquiry',
  // Inquiries are the office's to follow up, from any firm: its roles see them all; a case manager or
  // specialist none, whatever permissions their tenant gives them.
  condition: async (_tx, ctx) => (hasAnyRole(ctx.principal.roles, OFFICE_ROLES) ? undefined : NOTHING),
});

/** The inquiry centre: inquiries logged, given to the office to follow up, and booked as cases. */
export class InquiriesService {
  constructor(
    private readonly database: Database,
    private readonly casesService: CasesService,
  ) {}

  #select(tx: Tx) {
    return tx
      .select({
        inquiry: iq,
        assignedUserName: sql<string | null>`${users.name} || ' ' || ${users.surname}`,
        caseNo: cases.caseNo,
      })
      .from(iq)
      .leftJoin(users, and(eq(users.tenantId, iq.tenantId), eq(users.id, iq.assignedUserId)))
      .leftJoin(cases, and(eq(cases.tenantId, iq.tenantId), eq(cases.id, iq.caseId)));
  }

  #dto(r: Row): InquiryDto {
    const i = r.inquiry;
    return {
      id: i.id,
      enquirerName: i.enquirerName,
      companyName: i.companyName,
      email: i.email,
      phone: i.phone,
      serviceType: i.serviceType,
      details: i.details,
      status: i.status,
      assignedUserId: i.assignedUserId,
      assignedUserName: r.assignedUserName,
      caseId: i.caseId,
      caseNo: r.caseNo,
      creationTime: i.creationTime.toISOString(),
      concurrencyStamp: i.concurrencyStamp,
    };
  }

  async list(ctx: RequestContext, q: z.output<typeof InquiryListQuery>): Promise<PagedResult<InquiryDto>> {
    const text = q.filterText?.trim();
    const pattern = text ? likePattern(text) : undefined;
    const day = sql`(${iq.creationTime} at time zone ${ctx.tenant.timezone})::date`;
    const where: SQL | undefined = and(
      eq(iq.isDeleted, false),
      q.status ? eq(iq.status, q.status) : undefined,
      q.assignedUserId ? eq(iq.assignedUserId, q.assignedUserId) : undefined,
      q.serviceType ? eq(iq.serviceType, q.serviceType) : undefined,
      q.dateFrom ? sql`${day} >= ${q.dateFrom}::date` : undefined,
      q.dateTo ? sql`${day} <= ${q.dateTo}::date` : undefined,
      pattern
        ? or(
            ilike(iq.enquirerName, pattern),
            ilike(iq.companyName, pattern),
            ilike(iq.email, pattern),
            ilike(iq.phone, pattern),
            ilike(iq.details, pattern),
          )
        : undefined,
    );
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const visible = and(where, await recordCondition(tx, ctx, 'inquiry'));
      const [total] = await tx.select({ n: count() }).from(iq).where(visible);
      const rows = await this.#select(tx)
        .where(visible)
        .orderBy(desc(iq.creationTime), desc(iq.id))
        .limit(q.maxResultCount)
        .offset(q.skipCount);
      return { totalCount: total?.n ?? 0, items: rows.map((r) => this.#dto(r)) };
    });
  }

  async assignees(ctx: RequestContext) {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const rows = await tx
        .select({ id: users.id, name: users.name, surname: users.surname })
        .from(users)
        .where(and(eq(users.isDeleted, false), eq(users.isActive, true), officeUser))
        .orderBy(asc(users.name), asc(users.surname));
      const items = rows.map((r) => ({ id: r.id, displayName: `${r.name} ${r.surname}`, isActive: true }));
      return { items, totalCount: items.length };
    });
  }

  async #one(tx: Tx, id: string): Promise<InquiryDto> {
    const [row] = await this.#select(tx).where(and(eq(iq.id, id), eq(iq.isDeleted, false)));
    if (!row) throw notFound('The inquiry');
    return this.#dto(row);
  }

  get(ctx: RequestContext, id: string): Promise<InquiryDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, 'inquiry', id);
      return this.#one(tx, id);
    });
  }

  async create(ctx: RequestContext, input: Input): Promise<InquiryDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const id = uuidv7();
      await tx.insert(iq).values({
        tenantId: ctx.tenant.id,
        id,
        ...input,
        status: 'New',
        creatorId: ctx.principal.userId,
        concurrencyStamp: uuidv7(),
      });
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'Inquiry',
        entityId: id,
        changeType: 'Created',
        before: null,
        after: { ...input, status: 'New' },
      });
      return this.#one(tx, id);
    });
  }

  /** Changes an open inquiry in one transaction with its history; a converted or closed one stays as it was. */
  async #change(
    ctx: RequestContext,
    tx: Tx,
    id: string,
    stamp: string,
    values: Partial<typeof iq.$inferInsert>,
  ): Promise<InquiryDto> {
    await requireAccess(tx, ctx, 'inquiry', id);
    const [row] = await tx
      .select()
      .from(iq)
      .where(and(eq(iq.id, id), eq(iq.isDeleted, false)));
    if (!row) throw notFound('The inquiry');
    if (row.concurrencyStamp !== stamp) throw concurrencyConflict();
    if (row.status === 'Converted' || row.status === 'Closed') throw businessRule(CLOSED_MESSAGE);
    const updated = await tx
      .update(iq)
      .set({
        ...values,
        lastModificationTime: new Date(),
        lastModifierId: ctx.principal.userId,
        concurrencyStamp: uuidv7(),
      })
      .where(and(eq(iq.id, id), eq(iq.concurrencyStamp, stamp)))
      .returning({ id: iq.id });
    if (updated.length === 0) throw concurrencyConflict();
    await recordEntityChange(tx, ctx.actor, {
      entityType: 'Inquiry',
      entityId: id,
      changeType: 'Updated',
      before: Object.fromEntries(Object.keys(values).map((k) => [k, row[k as keyof typeof row]])),
      after: values,
    });
    return this.#one(tx, id);
  }

  update(ctx: RequestContext, id: string, input: Input & { concurrencyStamp: string }) {
    const { concurrencyStamp, ...values } = input;
    return this.database.withTenant(ctx.tenant.id, (tx) => this.#change(ctx, tx, id, concurrencyStamp, values));
  }

  assign(ctx: RequestContext, id: string, input: { userId: string; concurrencyStamp: string }) {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, 'inquiry', id);
      const [user] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, input.userId), eq(users.isDeleted, false), eq(users.isActive, true), officeUser));
      if (!user) throw invalidField('userId', 'The user does not exist or is not of the office.');
      return this.#change(ctx, tx, id, input.concurrencyStamp, { assignedUserId: user.id, status: 'Assigned' });
    });
  }

  close(ctx: RequestContext, id: string, stamp: string) {
    return this.database.withTenant(ctx.tenant.id, (tx) => this.#change(ctx, tx, id, stamp, { status: 'Closed' }));
  }

  /**
   * Books a case from the inquiry through the case booking (its permission, numbering and rules), then
   * records the case on the inquiry. The inquiry is checked first, so a closed one books nothing.
   */
  async convert(ctx: RequestContext, id: string, input: z.output<typeof ConvertInquiryInput>): Promise<InquiryDto> {
    if (!ctx.permissions.has(Permissions.assessments.create)) throw forbidden();
    const { concurrencyStamp, ...booking } = input;
    const inquiry = await this.get(ctx, id);
    if (inquiry.concurrencyStamp !== concurrencyStamp) throw concurrencyConflict();
    if (inquiry.status === 'Converted' || inquiry.status === 'Closed') throw businessRule(CLOSED_MESSAGE);
    const made = await this.casesService.create(ctx, {
      ...booking,
      bookingNotes: booking.bookingNotes ?? inquiry.details ?? null,
    });
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const updated = await tx
        .update(iq)
        .set({
          status: 'Converted',
          caseId: made.id,
          lastModificationTime: new Date(),
          lastModifierId: ctx.principal.userId,
          concurrencyStamp: uuidv7(),
        })
        .where(and(eq(iq.id, id), ne(iq.status, 'Converted'), ne(iq.status, 'Closed')))
        .returning({ id: iq.id });
      if (updated.length === 0) throw businessRule(CLOSED_MESSAGE);
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'Inquiry',
        entityId: id,
        changeType: 'Updated',
        before: { status: inquiry.status, caseId: null },
        after: { status: 'Converted', caseId: made.id },
      });
      return this.#one(tx, id);
    });
  }
}
