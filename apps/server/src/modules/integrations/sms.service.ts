import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { uuidv7, type ProviderCheckDto, type SendCaseSmsInput, type SmsMessageDto } from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { requireAccess } from '../../platform/access/records';
import type { Database, Tx } from '../../platform/db/database';
import { businessRule } from '../../platform/http/errors';
import { cases } from '../cases/cases.schema';
import { correspondenceNotes } from '../correspondence/correspondence.schema';
import { clients } from '../people/people.schema';
import type { IntegrationsConfig } from './config';
import { loggedCall } from './exchange-log';
import { describeFailure, ProviderError } from './provider';
import { smsMessages, smsOptOuts } from './sms.schema';
import { TwilioAdapter } from './twilio/adapter';

type SmsRow = typeof smsMessages.$inferSelect;

/** Replies that opt a number out (Twilio's default opt-out keywords) and back in. */
const STOP_WORDS = /^(stop|stopall|unsubscribe|cancel|end|quit|revoke|optout)$/i;
const START_WORDS = /^(start|unstop|yes)$/i;
/** Twilio's error for a number that unsubscribed from the sender. */
const UNSUBSCRIBED = '(21610)';
/** Tries of one message through 429s and provider failures; the wait is Retry-After, at most 5 s. */
const MAX_ATTEMPTS = 3;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A mobile number in E.164: kept when it starts with +, an Australian 04… mobile given +61 (the spec's
 * tenants are Australian first; decision 0079). Undefined when it is not a phone number.
 */
export function toE164(number: string | null | undefined): string | undefined {
  const digits = (number ?? '').replace(/[\s()-]/g, '');
  if (/^\+\d{8,15}$/.test(digits)) return digits;
  if (/^0\d{9}$/.test(digits)) return `+61${digits.slice(1)}`;
  return undefined;
}

const displayDate = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return `${d} ${MONTHS[Number(m) - 1]} ${y}`;
};

/**
 * Text messages to claimants through Twilio (appointment reminders, video links): never to a number that
 * replied STOP, tried again through a 429 without sending twice, each recorded on the case.
 */
export class SmsService {
  readonly adapter: TwilioAdapter | undefined;

  constructor(
    private readonly database: Database,
    private readonly config: IntegrationsConfig | undefined,
  ) {
    if (config?.twilio) this.adapter = new TwilioAdapter(config.twilio, config.timeoutMs);
  }

  get webhookUrl(): string {
    return `${(this.config?.publicUrl ?? '').replace(/\/$/, '')}/api/app/integrations/twilio/webhook`;
  }

  async list(ctx: RequestContext, caseId: string): Promise<{ items: SmsMessageDto[] }> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, 'case', caseId);
      const rows = await tx
        .select()
        .from(smsMessages)
        .where(eq(smsMessages.caseId, caseId))
        .orderBy(desc(smsMessages.creationTime));
      return { items: rows.map(dto) };
    });
  }

  async send(
    ctx: RequestContext,
    caseId: string,
    input: z.output<typeof SendCaseSmsInput>,
  ): Promise<{ message: string; sms: SmsMessageDto }> {
    const adapter = this.adapter;
    const tenantId = ctx.tenant.id;
    const row = await this.database.withTenant(tenantId, async (tx) => {
      await requireAccess(tx, ctx, 'case', caseId);
      const [found] = await tx
        .select({ c: cases, firstName: clients.firstName, mobile: clients.mobile, phone: clients.phone })
        .from(cases)
        .innerJoin(clients, and(eq(clients.tenantId, cases.tenantId), eq(clients.id, cases.clientId)))
        .where(eq(cases.id, caseId));
      if (!found) throw businessRule('The case was not found.');
      if (!adapter) throw businessRule('Text messages are not set up on this server.');
      const to =
        toE164(found.mobile) ?? (found.phone?.replace(/\s/g, '').startsWith('04') ? toE164(found.phone) : undefined);
      if (!to) throw businessRule('The claimant has no mobile number to text.');
      if (await this.#optedOut(tx, to)) {
        throw businessRule("The claimant's mobile number has opted out of text messages (replied STOP).");
      }
      let body: string;
      if (input.kind === 'VIDEO_LINK') {
        if (!input.videoLink) throw businessRule('The video link is required.');
        body = `Hello ${found.firstName}, your video appointment link: ${input.videoLink} Reply STOP to opt out.`;
      } else {
        if (!found.c.appointmentDate) throw businessRule('The case has no appointment date to remind of.');
        const when = `${displayDate(found.c.appointmentDate)}${found.c.appointmentTime ? ` at ${found.c.appointmentTime}` : ''}`;
        body = `Hello ${found.firstName}, a reminder of your appointment on ${when} (case ${found.c.caseNo}). Reply STOP to opt out.`;
      }
      const [created] = await tx
        .insert(smsMessages)
        .values({
          tenantId,
          id: uuidv7(),
          concurrencyStamp: uuidv7(),
          creatorId: ctx.principal.userId,
          caseId,
          kind: input.kind,
          toNumber: to,
          body,
          status: 'QUEUED',
        })
        .returning();
      return created!;
    });

    let attempts = 0;
    let outcome: { sid: string } | ProviderError;
    for (;;) {
      attempts++;
      try {
        outcome = await loggedCall(
          this.database,
          { tenantId, provider: 'twilio', providerName: 'Twilio', operation: 'send-sms', key: row.id },
          () => adapter!.send(row.toNumber, row.body),
        );
        break;
      } catch (error) {
        const failure = error instanceof ProviderError ? error : new ProviderError(String(error), 0);
        // A 429 or a failure before Twilio took the message: it was not sent, so it is tried again.
        if (attempts < MAX_ATTEMPTS && (failure.status === 429 || failure.status === 0 || failure.status >= 500)) {
          await new Promise((r) => setTimeout(r, Math.min(failure.retryAfterSeconds ?? 1, 5) * 1000));
          continue;
        }
        outcome = failure;
        break;
      }
    }

    const saved = await this.database.withTenant(tenantId, async (tx) => {
      if (outcome instanceof ProviderError) {
        const words = describeFailure('Twilio', outcome);
        if (outcome.message.includes(UNSUBSCRIBED)) await this.#optOut(tx, tenantId, row.toNumber, 'PROVIDER');
        const [failed] = await tx
          .update(smsMessages)
          .set({ status: 'FAILED', attempts, lastError: words, lastModificationTime: new Date() })
          .where(eq(smsMessages.id, row.id))
          .returning();
        return failed!;
      }
      const [sent] = await tx
        .update(smsMessages)
        .set({
          status: 'SENT',
          attempts,
          providerId: outcome.sid,
          sentTime: new Date(),
          lastModificationTime: new Date(),
        })
        .where(eq(smsMessages.id, row.id))
        .returning();
      await tx.insert(correspondenceNotes).values({
        tenantId,
        id: uuidv7(),
        fromModule: 'IME',
        objectId: caseId,
        communicationType: 'SMS',
        category: row.kind === 'APPOINTMENT_REMINDER' ? 'APPOINTMENT_CONFIRMATION_RESCHEDULE' : null,
        contactName: null,
        content: `SMS to ${row.toNumber}: ${row.body}`.slice(0, 4000),
        contactTime: new Date(),
        creatorId: ctx.principal.userId,
        creatorName: ctx.actor.userName,
      });
      return sent!;
    });
    if (saved.status === 'FAILED') throw businessRule(saved.lastError ?? 'The text message was not sent.');
    return {
      message: row.kind === 'VIDEO_LINK' ? 'Video link SMS successfully' : 'SMS has been sent!',
      sms: dto(saved),
    };
  }

  /** Whether a webhook is Twilio's (its signature over our webhook URL and the form's fields). */
  async verify(signature: string | undefined, params: Record<string, string>): Promise<boolean> {
    return this.adapter ? this.adapter.verify(signature, this.webhookUrl, params) : false;
  }

  /**
   * An inbound message: STOP and its synonyms opt the number out (START opts it back in) for every tenant
   * that has texted it, since they share the sending number.
   */
  async inbound(body: { From: string; Body: string; OptOutType?: string | undefined }): Promise<void> {
    const from = toE164(body.From);
    if (!from) return;
    const word = body.Body.trim();
    const stop = body.OptOutType?.toUpperCase() === 'STOP' || STOP_WORDS.test(word);
    const start = body.OptOutType?.toUpperCase() === 'START' || START_WORDS.test(word);
    if (!stop && !start) return;
    const senders = await this.database.withSystem((tx) =>
      tx.selectDistinct({ tenantId: smsMessages.tenantId }).from(smsMessages).where(eq(smsMessages.toNumber, from)),
    );
    for (const { tenantId } of senders) {
      await this.database.withTenant(tenantId, async (tx) => {
        if (stop) await this.#optOut(tx, tenantId, from, 'REPLY');
        else await tx.delete(smsOptOuts).where(eq(smsOptOuts.phoneNumber, from));
      });
    }
  }

  /** check-twilio: the account read with the configured credentials. */
  async check(): Promise<ProviderCheckDto> {
    if (!this.adapter)
      return { name: 'SMS provider', status: 'NotConfigured', detail: 'No credentials are configured' };
    try {
      const account = await this.adapter.account();
      return { name: 'SMS provider', status: 'Healthy', detail: `Twilio account ${account.name} (${account.status})` };
    } catch (error) {
      return { name: 'SMS provider', status: 'Unhealthy', detail: describeFailure('Twilio', error) };
    }
  }

  async #optedOut(tx: Tx, number: string): Promise<boolean> {
    const [row] = await tx.select({ id: smsOptOuts.id }).from(smsOptOuts).where(eq(smsOptOuts.phoneNumber, number));
    return Boolean(row);
  }

  async #optOut(tx: Tx, tenantId: string, number: string, source: 'REPLY' | 'PROVIDER'): Promise<void> {
    await tx
      .insert(smsOptOuts)
      .values({
        tenantId,
        id: uuidv7(),
        concurrencyStamp: uuidv7(),
        phoneNumber: number,
        source,
        optedOutTime: new Date(),
      })
      .onConflictDoNothing({ target: [smsOptOuts.tenantId, smsOptOuts.phoneNumber] });
  }
}

function dto(row: SmsRow): SmsMessageDto {
  return {
    id: row.id,
    caseId: row.caseId,
    kind: row.kind,
    to: row.toNumber,
    body: row.body,
    status: row.status,
    providerId: row.providerId,
    attempts: row.attempts,
    lastError: row.lastError,
    sentTime: row.sentTime ? row.sentTime.toISOString() : null,
    creationTime: row.creationTime.toISOString(),
  };
}
