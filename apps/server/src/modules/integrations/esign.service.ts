import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, isNull, notInArray, or } from 'drizzle-orm';
import {
  ESignEndpoints,
  FINAL_ENVELOPE_STATUSES,
  EnvelopeStatuses,
  uuidv7,
  type EnvelopeDto,
  type EnvelopeStatus,
} from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { requireAccess } from '../../platform/access/records';
import type { TenantDirectory } from '../../platform/access/tenant-directory';
import { recordEntityChange } from '../../platform/db/audit';
import type { Database, Tx } from '../../platform/db/database';
import { businessRule } from '../../platform/http/errors';
import type { Jobs } from '../../platform/jobs/jobs';
import { cases } from '../cases/cases.schema';
import type { AttachmentsService } from '../files/attachments.service';
import { clients, specialists } from '../people/people.schema';
import type { AccountingService } from './accounting.service';
import type { IntegrationsConfig } from './config';
import { consentFormPdf } from './consent-form-pdf';
import { DocuSignAdapter, type EnvelopeState } from './docusign/adapter';
import { esignEnvelopes, integrationConnections } from './integrations.schema';
import { describeFailure, ProviderError } from './provider';

export const ESIGN_SEND_QUEUE = 'esign-send';
export const ESIGN_STATUS_QUEUE = 'esign-status';
export const ESIGN_POLL_QUEUE = 'esign-poll';
/** Every fifteen minutes: envelopes still out for signature asked about (Connect missed or not set up). */
export const ESIGN_POLL_CRON = '*/15 * * * *';
const EVERY_TENANT = '*';
const ENTITY = 'ESignEnvelope';
const OPEN: EnvelopeStatus[] = ['QUEUED', 'sent', 'delivered'];

type EnvelopeJob = { tenantId: string; provider: 'docusign'; envelopeId: string; summary?: string };
type PollJob = { tenantId: string; summary?: string };
type EnvelopeRow = typeof esignEnvelopes.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const dateOf = (s: string | null) => (s && !Number.isNaN(Date.parse(s)) ? new Date(s) : null);

function toDto(r: EnvelopeRow): EnvelopeDto {
  return {
    id: r.id,
    caseId: r.caseId,
    document: r.document,
    status: r.status,
    signerName: r.signerName,
    signerEmail: r.signerEmail,
    externalId: r.externalId,
    sentTime: iso(r.sentTime),
    completedTime: iso(r.completedTime),
    statusTime: iso(r.statusTime),
    attachmentId: r.attachmentId,
    lastError: r.lastError,
    creationTime: r.creationTime.toISOString(),
  };
}

/** DocuSign's status as ours (an unknown one, e.g. "created", leaves the envelope out for signature). */
function statusOf(s: string): EnvelopeStatus {
  return (EnvelopeStatuses as readonly string[]).includes(s) && s !== 'QUEUED' && s !== 'FAILED'
    ? (s as EnvelopeStatus)
    : 'sent';
}

/** Connect's signature: any of X-DocuSign-Signature-1..n is the base64 HMAC-SHA256 of the exact body. */
export function verifyConnectSignature(rawBody: string, signatures: (string | undefined)[], key: string): boolean {
  if (!key) return false;
  const expected = createHmac('sha256', key).update(rawBody).digest();
  return signatures.some((s) => {
    if (!s) return false;
    const given = Buffer.from(s, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/**
 * A case's consent form sent for signature through DocuSign: the PDF made from the case, sent to the
 * claimant by a job (the envelope found again by its custom field when an answer was lost), its status
 * from Connect (verified, then read back from DocuSign) and by polling, and the signed PDF stored once as
 * the case's attachment. The connection (OAuth, tokens, exchange log, last error) is the one the
 * accounting connections use.
 */
export class ESignService {
  readonly adapter: DocuSignAdapter | undefined;

  constructor(
    private readonly database: Database,
    private readonly config: IntegrationsConfig | undefined,
    private readonly jobs: Jobs,
    private readonly connections: AccountingService,
    private readonly attachments: AttachmentsService,
    private readonly tenants: TenantDirectory,
  ) {
    if (config?.docusign) {
      this.adapter = new DocuSignAdapter(config.docusign, connections.redirectUri('docusign'), config.timeoutMs);
      connections.addProvider(this.adapter, (tenantId) => this.queuePoll(tenantId));
    }
  }

  get connectKey(): string {
    return this.config?.docusign?.connectKey ?? '';
  }

  #webhookUrl(): string {
    return `${(this.config?.publicUrl ?? '').replace(/\/$/, '')}${ESignEndpoints.docuSignWebhook.path}`;
  }

  #adapter(): DocuSignAdapter {
    if (!this.adapter) throw businessRule('DocuSign is not set up on this server.');
    return this.adapter;
  }

  async #rows(tx: Tx, caseId: string): Promise<EnvelopeRow[]> {
    return tx
      .select()
      .from(esignEnvelopes)
      .where(and(eq(esignEnvelopes.caseId, caseId), eq(esignEnvelopes.isDeleted, false)))
      .orderBy(desc(esignEnvelopes.creationTime));
  }

  async list(ctx: RequestContext, caseId: string): Promise<{ items: EnvelopeDto[] }> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, 'case', caseId);
      return { items: (await this.#rows(tx, caseId)).map(toDto) };
    });
  }

  /** The case, its claimant and specialist as the consent form names them. */
  async #caseFacts(tx: Tx, caseId: string) {
    const [row] = await tx
      .select({
        caseNo: cases.caseNo,
        serviceType: cases.serviceType,
        appointmentDate: cases.appointmentDate,
        firstName: clients.firstName,
        lastName: clients.lastName,
        email: clients.email,
        dateOfBirth: clients.dateOfBirth,
        specialistFirst: specialists.firstName,
        specialistLast: specialists.lastName,
      })
      .from(cases)
      .innerJoin(clients, and(eq(clients.tenantId, cases.tenantId), eq(clients.id, cases.clientId)))
      .leftJoin(specialists, and(eq(specialists.tenantId, cases.tenantId), eq(specialists.id, cases.specialistId)))
      .where(eq(cases.id, caseId));
    return row;
  }

  /** generateDocuSignConsentForm: the envelope is made now (QUEUED) and sent by a job. */
  async sendConsentForm(ctx: RequestContext, caseId: string): Promise<EnvelopeDto> {
    const created = await this.database.withTenant(ctx.tenant.id, async (tx) => {
      // The case first: another tenant's case is a 404 whatever this server offers.
      await requireAccess(tx, ctx, 'case', caseId);
      this.#adapter();
      const facts = await this.#caseFacts(tx, caseId);
      if (!facts) throw businessRule('The case has no claimant.');
      if (facts.serviceType !== 'IME') throw businessRule('Consent forms are sent for signature for IME cases only.');
      const [connection] = await tx
        .select({ status: integrationConnections.status })
        .from(integrationConnections)
        .where(and(eq(integrationConnections.provider, 'docusign'), eq(integrationConnections.isDeleted, false)));
      if (connection?.status !== 'CONNECTED') throw businessRule('Connect DocuSign before sending for signature.');
      const email = facts.email?.trim();
      if (!email) throw businessRule('The claimant has no e-mail address to send the consent form to.');
      const open = (await this.#rows(tx, caseId)).find((r) => OPEN.includes(r.status));
      if (open) throw businessRule('The consent form is already out for signature.');
      const [row] = await tx
        .insert(esignEnvelopes)
        .values({
          tenantId: ctx.tenant.id,
          id: uuidv7(),
          creatorId: ctx.principal.userId,
          concurrencyStamp: uuidv7(),
          provider: 'docusign',
          caseId,
          document: 'CONSENT_FORM',
          status: 'QUEUED',
          signerName: `${facts.firstName} ${facts.lastName}`.trim(),
          signerEmail: email,
        })
        .returning();
      await recordEntityChange(tx, ctx.actor, {
        entityType: ENTITY,
        entityId: row!.id,
        changeType: 'Created',
        before: null,
        after: row!,
      });
      return { row: row!, caseNo: facts.caseNo };
    });
    await this.jobs.send<EnvelopeJob>(ESIGN_SEND_QUEUE, {
      tenantId: ctx.tenant.id,
      provider: 'docusign',
      envelopeId: created.row.id,
      summary: `Consent form of ${created.caseNo} to DocuSign`,
    });
    return toDto(created.row);
  }

  async #row(tenantId: string, id: string): Promise<EnvelopeRow | undefined> {
    const [row] = await this.database.withTenant(tenantId, (tx) =>
      tx.select().from(esignEnvelopes).where(eq(esignEnvelopes.id, id)),
    );
    return row;
  }

  /** Saves what DocuSign says of an envelope, audited, when it changed anything. */
  async #save(tenantId: string, before: EnvelopeRow, values: Partial<EnvelopeRow>, tx?: Tx): Promise<void> {
    const write = async (t: Tx) => {
      const [after] = await t
        .update(esignEnvelopes)
        .set({ ...values, lastModificationTime: new Date(), concurrencyStamp: uuidv7() })
        .where(eq(esignEnvelopes.id, before.id))
        .returning();
      await recordEntityChange(
        t,
        { tenantId, userId: before.creatorId, userName: 'DocuSign sync', impersonatorUserId: null },
        { entityType: ENTITY, entityId: before.id, changeType: 'Updated', before, after: after! },
      );
    };
    if (tx) await write(tx);
    else await this.database.withTenant(tenantId, write);
  }

  /**
   * The send job: the consent form made from the case and sent in an envelope whose custom field carries
   * our id. A retry first looks for that envelope (an earlier attempt may have made it and lost the
   * answer), so the claimant gets one envelope whatever retries happen.
   */
  async send(job: EnvelopeJob): Promise<{ envelopeId: string | null }> {
    const { tenantId } = job;
    const row = await this.#row(tenantId, job.envelopeId);
    if (!row || row.status !== 'QUEUED' || row.externalId) return { envelopeId: row?.externalId ?? null };
    const adapter = this.#adapter();
    const session = await this.connections.session(tenantId, 'docusign');
    const key = `casebook-envelope-${row.id}`;
    try {
      let state: EnvelopeState;
      const since = new Date(row.creationTime.getTime() - 60_000);
      const existing = await this.connections.logged(tenantId, 'docusign', 'find-envelope', key, () =>
        adapter.findEnvelope(session, row.id, since),
      );
      if (existing) {
        state = await this.connections.logged(tenantId, 'docusign', 'envelope-status', key, () =>
          adapter.envelope(session, existing),
        );
      } else {
        const tenant = await this.tenants.get(tenantId);
        const facts = await this.database.withTenant(tenantId, (tx) => this.#caseFacts(tx, row.caseId));
        if (!facts) throw new ProviderError('The case has no claimant.', 400);
        const pdf = await consentFormPdf({
          tenantName: tenant?.name ?? '',
          caseNo: facts.caseNo,
          claimantName: row.signerName,
          claimantDateOfBirth: facts.dateOfBirth,
          specialistName: facts.specialistFirst ? `Dr ${facts.specialistFirst} ${facts.specialistLast}` : null,
          appointmentDate: facts.appointmentDate,
        });
        state = await this.connections.logged(tenantId, 'docusign', 'create-envelope', key, () =>
          adapter.sendEnvelope(session, {
            localId: row.id,
            subject: `Consent form for your examination (${facts.caseNo})`,
            message: `Please read and sign the consent form for your independent medical examination (${facts.caseNo}).`,
            document: { name: `Consent form ${facts.caseNo}.pdf`, pdf },
            signer: { name: row.signerName, email: row.signerEmail },
            webhookUrl: this.#webhookUrl(),
          }),
        );
      }
      await this.#save(tenantId, row, {
        externalId: state.envelopeId,
        status: statusOf(state.status),
        sentTime: dateOf(state.sentTime) ?? new Date(),
        statusTime: dateOf(state.statusTime) ?? new Date(),
        lastError: null,
      });
      await this.connections.succeeded(tenantId, 'docusign');
      return { envelopeId: state.envelopeId };
    } catch (error) {
      if (error instanceof ProviderError && !error.retryable) {
        await this.#save(tenantId, row, { status: 'FAILED', lastError: describeFailure('DocuSign', error) });
      } else if (error instanceof ProviderError) {
        await this.#save(tenantId, row, { lastError: describeFailure('DocuSign', error) });
      }
      throw error;
    }
  }

  /**
   * The status job (Connect, polling, or the case's sync): the envelope's status read from DocuSign; when
   * completed, the signed PDF stored as the case's attachment exactly once (the row is locked and its
   * attachment checked in the transaction that stores it).
   */
  async refresh(job: EnvelopeJob): Promise<{ status: EnvelopeStatus | null; stored: boolean }> {
    const { tenantId } = job;
    const row = await this.#row(tenantId, job.envelopeId);
    if (!row?.externalId) return { status: row?.status ?? null, stored: false };
    if (row.attachmentId || (FINAL_ENVELOPE_STATUSES.includes(row.status) && row.status !== 'completed'))
      return { status: row.status, stored: false };
    const adapter = this.#adapter();
    const session = await this.connections.session(tenantId, 'docusign');
    const externalId = row.externalId;
    const state = await this.connections.logged(tenantId, 'docusign', 'envelope-status', null, () =>
      adapter.envelope(session, externalId),
    );
    const status = statusOf(state.status);
    const values = {
      status,
      statusTime: dateOf(state.statusTime) ?? new Date(),
      completedTime: dateOf(state.completedTime),
      lastError: null,
    };
    if (status !== 'completed') {
      if (status !== row.status) await this.#save(tenantId, row, values);
      await this.connections.succeeded(tenantId, 'docusign');
      return { status, stored: false };
    }
    const pdf = await this.connections.logged(tenantId, 'docusign', 'signed-document', null, () =>
      adapter.signedPdf(session, externalId),
    );
    const ctx = await this.connections.systemContext(tenantId, 'docusign', row.creatorId, ['STAFF']);
    const stored = await this.database.withTenant(tenantId, async (tx) => {
      const [locked] = await tx.select().from(esignEnvelopes).where(eq(esignEnvelopes.id, row.id)).for('update');
      if (!locked || locked.attachmentId) return false;
      const [c] = await tx
        .select({ caseNo: cases.caseNo, serviceType: cases.serviceType })
        .from(cases)
        .where(eq(cases.id, row.caseId));
      const name = `Signed consent form ${c?.caseNo ?? ''}`.trim();
      const attachmentId = await this.attachments.attachGenerated(ctx, tx, {
        attachmentFrom: c?.serviceType ?? 'IME',
        objectId: row.caseId,
        name,
        fileName: `${name}.pdf`,
        bytes: pdf,
        typeName: 'Consent form',
      });
      await this.#save(tenantId, locked, { ...values, attachmentId }, tx);
      return true;
    });
    if (stored) this.attachments.textQueued();
    await this.connections.succeeded(tenantId, 'docusign');
    return { status, stored };
  }

  /** syncConsentFormDocuSignStatus: the case's open envelopes asked about now; failures told in words. */
  async syncCase(ctx: RequestContext, caseId: string): Promise<{ items: EnvelopeDto[] }> {
    const rows = await this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, 'case', caseId);
      this.#adapter();
      return this.#rows(tx, caseId);
    });
    for (const r of rows) {
      const job: EnvelopeJob = { tenantId: ctx.tenant.id, provider: 'docusign', envelopeId: r.id };
      try {
        if (r.status === 'QUEUED' && !r.externalId) await this.send(job);
        else if (!r.attachmentId && (OPEN.includes(r.status) || r.status === 'completed')) await this.refresh(job);
      } catch (error) {
        const message = describeFailure('DocuSign', error);
        await this.connections.failed(ctx.tenant.id, 'docusign', message).catch(() => undefined);
        throw businessRule(message);
      }
    }
    return this.list(ctx, caseId);
  }

  /** Open envelopes of one tenant (or all) queued: unsent ones to send, sent ones to a status check. */
  async queuePoll(tenantId: string | null): Promise<number> {
    const condition = and(
      eq(esignEnvelopes.isDeleted, false),
      isNull(esignEnvelopes.attachmentId),
      or(inArray(esignEnvelopes.status, OPEN), eq(esignEnvelopes.status, 'completed')),
    );
    const rows = await (tenantId
      ? this.database.withTenant(tenantId, (tx) => tx.select().from(esignEnvelopes).where(condition))
      : this.database.withSystem((tx) => tx.select().from(esignEnvelopes).where(condition)));
    for (const r of rows) {
      const unsent = r.status === 'QUEUED' && !r.externalId;
      await this.jobs.send<EnvelopeJob>(unsent ? ESIGN_SEND_QUEUE : ESIGN_STATUS_QUEUE, {
        tenantId: r.tenantId,
        provider: 'docusign',
        envelopeId: r.id,
        summary: unsent ? 'Consent form to DocuSign' : 'Envelope status from DocuSign',
      });
    }
    return rows.length;
  }

  /**
   * A verified Connect message: the envelope it names (ours, of a tenant connected to that account) gets a
   * status job; the status itself is read from DocuSign, never taken from the message.
   */
  async webhook(message: { accountId: string; envelopeId: string }): Promise<boolean> {
    const [row] = await this.database.withSystem((tx) =>
      tx
        .select({ tenantId: esignEnvelopes.tenantId, id: esignEnvelopes.id })
        .from(esignEnvelopes)
        .innerJoin(
          integrationConnections,
          and(
            eq(integrationConnections.tenantId, esignEnvelopes.tenantId),
            eq(integrationConnections.provider, 'docusign'),
            eq(integrationConnections.externalTenantId, message.accountId),
          ),
        )
        .where(
          and(
            eq(esignEnvelopes.provider, 'docusign'),
            eq(esignEnvelopes.externalId, message.envelopeId),
            isNotNull(esignEnvelopes.externalId),
            notInArray(esignEnvelopes.status, ['FAILED']),
          ),
        ),
    );
    if (!row) return false;
    await this.jobs.send<EnvelopeJob>(ESIGN_STATUS_QUEUE, {
      tenantId: row.tenantId,
      provider: 'docusign',
      envelopeId: row.id,
      summary: `DocuSign envelope ${message.envelopeId} changed`,
    });
    return true;
  }

  defineJobs(): void {
    const retryDelay = this.config?.retryDelaySeconds ?? 30;
    const common = {
      retryLimit: 6,
      retryDelay,
      retryBackoff: true,
      retryDelayMax: 3600,
      expireInSeconds: 300,
      heartbeatSeconds: 30,
    };
    this.jobs.define<EnvelopeJob>(ESIGN_SEND_QUEUE, common, ({ data }) =>
      this.connections.handle(ESIGN_SEND_QUEUE, data, () => this.send(data)),
    );
    this.jobs.define<EnvelopeJob>(ESIGN_STATUS_QUEUE, common, ({ data }) =>
      this.connections.handle(ESIGN_STATUS_QUEUE, data, () => this.refresh(data)),
    );
    this.jobs.define<PollJob>(
      ESIGN_POLL_QUEUE,
      {
        ...common,
        cron: { expression: ESIGN_POLL_CRON, data: { tenantId: EVERY_TENANT, summary: 'DocuSign envelopes polled' } },
      },
      async ({ data }) => ({ queued: await this.queuePoll(data.tenantId === EVERY_TENANT ? null : data.tenantId) }),
    );
  }
}
