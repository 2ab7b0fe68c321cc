import { and, eq } from 'drizzle-orm';
import { uuidv7, type UhgCaseDto, type UhgConnectionDto, type UhgMemberDto } from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { requireAccess } from '../../platform/access/records';
import { recordEntityChange } from '../../platform/db/audit';
import type { Database, Tx } from '../../platform/db/database';
import { businessRule } from '../../platform/http/errors';
import { cases } from '../cases/cases.schema';
import { attachments } from '../files/files.schema';
import type { IntegrationsConfig } from './config';
import { loggedCall } from './exchange-log';
import { integrationConnections } from './integrations.schema';
import { describeFailure } from './provider';
import { UhgAdapter } from './uhg/adapter';
import { uhgCaseLinks } from './uhg.schema';

type LinkRow = typeof uhgCaseLinks.$inferSelect;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const NAME = 'The US health insurer';

/**
 * The US health insurer (UHG): the tenant connects as a provider (its TIN); a case's claimant number is
 * validated as a member, the case opened at the insurer or linked to one it has, its appointment synced and
 * its paperwork sent. Calls are logged per tenant; another tenant's case is a 404 before anything is asked.
 */
export class UhgService {
  readonly adapter: UhgAdapter | undefined;

  constructor(
    private readonly database: Database,
    config: IntegrationsConfig | undefined,
  ) {
    if (config?.uhg) this.adapter = new UhgAdapter(config.uhg, config.timeoutMs);
  }

  #adapter(): UhgAdapter {
    if (!this.adapter) throw businessRule(`${NAME} is not set up on this server.`);
    return this.adapter;
  }

  async #call<T>(tenantId: string, operation: string, key: string | null, fn: () => Promise<T>): Promise<T> {
    try {
      return await loggedCall(this.database, { tenantId, provider: 'uhg', providerName: 'UHG', operation, key }, fn);
    } catch (error) {
      throw businessRule(describeFailure('UHG', error));
    }
  }

  async connection(ctx: RequestContext): Promise<UhgConnectionDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => this.#connectionDto(await this.#connectionRow(tx)));
  }

  async connect(ctx: RequestContext, providerTin: string): Promise<UhgConnectionDto> {
    const adapter = this.#adapter();
    const provider = await this.#call(ctx.tenant.id, 'provider', null, () => adapter.provider(providerTin));
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const current = await this.#connectionRow(tx);
      const values = {
        status: 'CONNECTED' as const,
        externalTenantId: providerTin,
        organisationName: provider.name,
        connectedById: ctx.principal.userId,
        connectedTime: new Date(),
        lastError: null,
        lastErrorTime: null,
        concurrencyStamp: uuidv7(),
      };
      const [row] = current
        ? await tx
            .update(integrationConnections)
            .set(values)
            .where(eq(integrationConnections.id, current.id))
            .returning()
        : await tx
            .insert(integrationConnections)
            .values({
              tenantId: ctx.tenant.id,
              id: uuidv7(),
              creatorId: ctx.principal.userId,
              provider: 'uhg',
              ...values,
            })
            .returning();
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'Casebook.IntegrationConnection',
        entityId: row!.id,
        changeType: current ? 'Updated' : 'Created',
        before: current ? { provider: 'uhg', externalTenantId: current.externalTenantId } : null,
        after: { provider: 'uhg', externalTenantId: providerTin, organisationName: provider.name },
      });
      return this.#connectionDto(row);
    });
  }

  async validate(ctx: RequestContext, caseId: string, claimantNo: string): Promise<UhgMemberDto> {
    await this.#case(ctx, caseId);
    const adapter = this.#adapter();
    const member = await this.#call(ctx.tenant.id, 'member', null, () => adapter.member(claimantNo));
    if (!member) {
      return {
        claimantNo,
        valid: false,
        memberName: null,
        dateOfBirth: null,
        message: 'This claimant number is not known to UHG.',
      };
    }
    if (!member.active) {
      return {
        claimantNo,
        valid: false,
        memberName: `${member.firstName} ${member.lastName}`,
        dateOfBirth: member.dateOfBirth,
        message: "This member's cover is not active.",
      };
    }
    return {
      claimantNo,
      valid: true,
      memberName: `${member.firstName} ${member.lastName}`,
      dateOfBirth: member.dateOfBirth,
      message: null,
    };
  }

  async getLink(ctx: RequestContext, caseId: string): Promise<UhgCaseDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, 'case', caseId);
      return linkDto(caseId, await this.#link(tx, caseId));
    });
  }

  /** Opens the case at the insurer for the member and links it (once: a linked case answers its link). */
  async open(ctx: RequestContext, caseId: string, claimantNo: string): Promise<UhgCaseDto> {
    const { c, link, tin } = await this.#case(ctx, caseId);
    if (link) throw businessRule(`This case is already linked to UHG case ${link.uhgCaseId}.`);
    const adapter = this.#adapter();
    const member = await this.#call(ctx.tenant.id, 'member', null, () => adapter.member(claimantNo));
    if (!member?.active) throw businessRule('This claimant number is not an active UHG member.');
    const remote = await this.#call(ctx.tenant.id, 'open-case', `case-${caseId}`, () =>
      adapter.openCase(claimantNo, tin, c.caseNo, `case-${caseId}`),
    );
    return this.#save(ctx, caseId, {
      claimantNo,
      uhgCaseId: remote.caseId,
      memberName: `${member.firstName} ${member.lastName}`,
      uhgStatus: remote.status,
    });
  }

  /** Links the case to a case the insurer already has for the same member. */
  async connectCase(ctx: RequestContext, caseId: string, claimantNo: string, uhgCaseId: string): Promise<UhgCaseDto> {
    await this.#case(ctx, caseId);
    const adapter = this.#adapter();
    const remote = await this.#call(ctx.tenant.id, 'get-case', null, () => adapter.getCase(uhgCaseId));
    if (!remote) throw businessRule(`UHG has no case ${uhgCaseId}.`);
    if (remote.memberId !== claimantNo)
      throw businessRule(`UHG case ${uhgCaseId} is not for claimant number ${claimantNo}.`);
    const member = await this.#call(ctx.tenant.id, 'member', null, () => adapter.member(claimantNo));
    return this.#save(ctx, caseId, {
      claimantNo,
      uhgCaseId,
      memberName: member ? `${member.firstName} ${member.lastName}` : null,
      uhgStatus: remote.status,
    });
  }

  /** Sends the case's appointment to its insurer case; an unchanged appointment is not sent again. */
  async syncAppointment(ctx: RequestContext, caseId: string): Promise<UhgCaseDto> {
    const { c, link } = await this.#case(ctx, caseId);
    if (!link) throw businessRule('Link the case to UHG first.');
    if (!c.appointmentDate) throw businessRule('The case has no appointment to send.');
    const value = `${c.appointmentDate}${c.appointmentTime ? ` ${c.appointmentTime}` : ''}`;
    if (link.syncedAppointment === value) return linkDto(caseId, link);
    const adapter = this.#adapter();
    const key = `appointment-${caseId}-${value}`;
    const remote = await this.#call(ctx.tenant.id, 'sync-appointment', key, () =>
      adapter.putAppointment(
        link.uhgCaseId,
        { date: c.appointmentDate!, time: c.appointmentTime, reference: c.caseNo },
        key,
      ),
    );
    return this.#update(ctx, link, {
      syncedAppointment: value,
      appointmentSyncedTime: new Date(),
      uhgStatus: remote.status,
    });
  }

  /** Sends the paperwork: the case's documents by name and its booking reference. */
  async paperwork(ctx: RequestContext, caseId: string): Promise<UhgCaseDto> {
    const { c, link } = await this.#case(ctx, caseId);
    if (!link) throw businessRule('Link the case to UHG first.');
    const documents = await this.database.withTenant(ctx.tenant.id, async (tx) =>
      (
        await tx
          .select({ name: attachments.name })
          .from(attachments)
          .where(and(eq(attachments.objectId, caseId), eq(attachments.isDeleted, false)))
      ).map((a) => a.name),
    );
    const adapter = this.#adapter();
    const key = `paperwork-${caseId}-${uuidv7()}`;
    await this.#call(ctx.tenant.id, 'paperwork', key, () =>
      adapter.sendPaperwork(link.uhgCaseId, { reference: c.caseNo, documents }, key),
    );
    return this.#update(ctx, link, { paperworkSentTime: new Date() });
  }

  /** The case (404 when not the caller's to see), its link, and the tenant's TIN (422 when not connected). */
  async #case(ctx: RequestContext, caseId: string) {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, 'case', caseId);
      const [c] = await tx.select().from(cases).where(eq(cases.id, caseId));
      const connection = await this.#connectionRow(tx);
      if (connection?.status !== 'CONNECTED' || !connection.externalTenantId)
        throw businessRule(`${NAME} is not connected: connect it on the connections screen.`);
      return { c: c!, link: await this.#link(tx, caseId), tin: connection.externalTenantId };
    });
  }

  async #save(
    ctx: RequestContext,
    caseId: string,
    values: { claimantNo: string; uhgCaseId: string; memberName: string | null; uhgStatus: string },
  ): Promise<UhgCaseDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const [row] = await tx
        .insert(uhgCaseLinks)
        .values({
          tenantId: ctx.tenant.id,
          id: uuidv7(),
          concurrencyStamp: uuidv7(),
          creatorId: ctx.principal.userId,
          caseId,
          ...values,
        })
        .onConflictDoNothing({ target: [uhgCaseLinks.tenantId, uhgCaseLinks.caseId] })
        .returning();
      if (!row) throw businessRule('This case is already linked to UHG.');
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'Casebook.UhgCaseLink',
        entityId: row.id,
        changeType: 'Created',
        before: null,
        after: row,
      });
      return linkDto(caseId, row);
    });
  }

  async #update(ctx: RequestContext, link: LinkRow, values: Partial<LinkRow>): Promise<UhgCaseDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const [row] = await tx
        .update(uhgCaseLinks)
        .set({
          ...values,
          lastError: null,
          lastModificationTime: new Date(),
          lastModifierId: ctx.principal.userId,
          concurrencyStamp: uuidv7(),
        })
        .where(eq(uhgCaseLinks.id, link.id))
        .returning();
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'Casebook.UhgCaseLink',
        entityId: link.id,
        changeType: 'Updated',
        before: link,
        after: row!,
      });
      return linkDto(link.caseId, row);
    });
  }

  async #link(tx: Tx, caseId: string): Promise<LinkRow | undefined> {
    const [row] = await tx.select().from(uhgCaseLinks).where(eq(uhgCaseLinks.caseId, caseId));
    return row;
  }

  async #connectionRow(tx: Tx) {
    const [row] = await tx.select().from(integrationConnections).where(eq(integrationConnections.provider, 'uhg'));
    return row;
  }

  #connectionDto(row: typeof integrationConnections.$inferSelect | undefined): UhgConnectionDto {
    const connected = row?.status === 'CONNECTED';
    return {
      available: Boolean(this.adapter),
      connected,
      providerTin: connected ? (row?.externalTenantId ?? null) : null,
      providerName: connected ? (row?.organisationName ?? null) : null,
      connectedTime: connected ? iso(row?.connectedTime) : null,
      lastError: row?.lastError ?? null,
    };
  }
}

function linkDto(caseId: string, row: LinkRow | undefined): UhgCaseDto {
  return {
    caseId,
    linked: Boolean(row),
    claimantNo: row?.claimantNo ?? null,
    uhgCaseId: row?.uhgCaseId ?? null,
    memberName: row?.memberName ?? null,
    uhgStatus: row?.uhgStatus ?? null,
    appointmentSyncedTime: iso(row?.appointmentSyncedTime),
    syncedAppointment: row?.syncedAppointment ?? null,
    paperworkSentTime: iso(row?.paperworkSentTime),
    lastError: row?.lastError ?? null,
  };
}
