import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  telephonyWidgetEnabled,
  uuidv7,
  type CallResultDto,
  type CallResultInput,
  type TelephonyWidgetDto,
} from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { requireAccess } from '../../platform/access/records';
import type { Database, Tx } from '../../platform/db/database';
import { businessRule } from '../../platform/http/errors';
import { correspondenceNotes } from '../correspondence/correspondence.schema';
import type { AccountingService } from './accounting.service';
import type { IntegrationsConfig } from './config';
import { integrationConnections } from './integrations.schema';
import { describeFailure, ProviderError } from './provider';
import { RingCentralAdapter, type CallRecord } from './ringcentral/adapter';
import { telephonyCalls } from './telephony.schema';

type CallRow = typeof telephonyCalls.$inferSelect;

/** Results RingCentral gives a call that was answered; any other result is an unsuccessful call. */
const ANSWERED = new Set(['Accepted', 'Call connected']);

/** "3 min 05 s" */
export function formatDuration(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m > 0 ? `${m} min ${String(s).padStart(2, '0')} s` : `${s} s`;
}

/**
 * Telephony through RingCentral: the tenant's connection (OAuth, kept with the other connections), the
 * embeddable call widget's settings, and each finished call recorded once as a correspondence entry of
 * its case, from RingCentral's call log.
 */
export class TelephonyService {
  readonly adapter: RingCentralAdapter | undefined;

  constructor(
    private readonly database: Database,
    private readonly config: IntegrationsConfig | undefined,
    private readonly connections: AccountingService,
  ) {
    if (config?.ringcentral) {
      this.adapter = new RingCentralAdapter(config.ringcentral, connections.redirectUri('ringcentral'));
      connections.addProvider(this.adapter, async () => 0);
    }
  }

  authorize(ctx: RequestContext): Promise<{ authorizeUrl: string }> {
    return this.connections.connect(ctx, 'ringcentral');
  }

  async widget(ctx: RequestContext): Promise<TelephonyWidgetDto> {
    const settings = this.config?.ringcentral;
    const enabled = Boolean(settings) && telephonyWidgetEnabled(ctx.tenant.settings);
    const connected = await this.database.withTenant(ctx.tenant.id, async (tx) => {
      const [row] = await tx
        .select({ status: integrationConnections.status })
        .from(integrationConnections)
        .where(eq(integrationConnections.provider, 'ringcentral'));
      return row?.status === 'CONNECTED';
    });
    if (!enabled || !settings) return { enabled: false, connected, widgetUrl: null };
    const url = new URL(settings.widgetUrl);
    url.searchParams.set('clientId', settings.clientId);
    url.searchParams.set('appServer', settings.server);
    return { enabled: true, connected, widgetUrl: url.toString() };
  }

  /** Records a finished call in its case's correspondence once, however often its result is posted. */
  async callResult(ctx: RequestContext, input: z.output<typeof CallResultInput>): Promise<CallResultDto> {
    const tenantId = ctx.tenant.id;
    // Another tenant's case, or one the caller may not see, is a 404 before RingCentral is asked anything.
    const known = await this.database.withTenant(tenantId, async (tx) => {
      await requireAccess(tx, ctx, 'case', input.caseId);
      return this.#call(tx, input.telephonySessionId);
    });
    if (known) {
      if (known.caseId !== input.caseId) throw businessRule('This call has already been recorded on another case.');
      return dto(known);
    }
    const adapter = this.adapter;
    if (!adapter) throw businessRule('RingCentral is not set up on this server.');
    let record: CallRecord | undefined;
    try {
      const session = await this.connections.session(tenantId, 'ringcentral');
      record = await this.connections.logged(tenantId, 'ringcentral', 'call-log', input.telephonySessionId, () =>
        adapter.callOf(session, input.telephonySessionId),
      );
    } catch (error) {
      if (error instanceof ProviderError && error.status === 409) throw businessRule(error.message);
      throw businessRule(describeFailure('RingCentral', error));
    }
    if (!record) {
      throw businessRule("The call is not in RingCentral's call log yet; its result is recorded once it is.");
    }
    const call = record;
    return this.database.withTenant(tenantId, async (tx) => {
      await requireAccess(tx, ctx, 'case', input.caseId);
      const other = call.direction === 'Outbound' ? call.to : call.from;
      const answered = ANSWERED.has(call.result);
      const noteId = uuidv7();
      const [inserted] = await tx
        .insert(telephonyCalls)
        .values({
          tenantId,
          id: uuidv7(),
          concurrencyStamp: uuidv7(),
          creatorId: ctx.principal.userId,
          provider: 'ringcentral',
          telephonySessionId: call.telephonySessionId,
          caseId: input.caseId,
          direction: call.direction,
          result: call.result,
          durationSeconds: call.durationSeconds,
          phoneNumber: other.phoneNumber,
          contactName: other.name,
          startTime: new Date(call.startTime),
          correspondenceNoteId: noteId,
        })
        .onConflictDoNothing({
          target: [telephonyCalls.tenantId, telephonyCalls.provider, telephonyCalls.telephonySessionId],
        })
        .returning();
      // Posted twice at once: the first one recorded it.
      if (!inserted) return dto((await this.#call(tx, call.telephonySessionId))!);
      const way =
        call.direction === 'Outbound'
          ? `Call to ${other.phoneNumber ?? 'unknown number'}`
          : `Call from ${other.phoneNumber ?? 'unknown number'}`;
      const content = [
        `${way}: ${call.result}${answered ? `, ${formatDuration(call.durationSeconds)}` : ''}.`,
        input.notes ? input.notes : null,
      ]
        .filter(Boolean)
        .join('\n');
      await tx.insert(correspondenceNotes).values({
        tenantId,
        id: noteId,
        fromModule: 'IME',
        objectId: input.caseId,
        communicationType: answered ? 'PHONE' : 'UNSUCCESSFUL_PHONE_CALL_FAX',
        category: null,
        contactName: other.name,
        content: content.slice(0, 4000),
        contactTime: new Date(call.startTime),
        creatorId: ctx.principal.userId,
        creatorName: ctx.actor.userName,
      });
      return dto(inserted);
    });
  }

  async #call(tx: Tx, telephonySessionId: string): Promise<CallRow | undefined> {
    const [row] = await tx
      .select()
      .from(telephonyCalls)
      .where(
        and(eq(telephonyCalls.provider, 'ringcentral'), eq(telephonyCalls.telephonySessionId, telephonySessionId)),
      );
    return row;
  }
}

function dto(row: CallRow): CallResultDto {
  return {
    id: row.id,
    caseId: row.caseId,
    telephonySessionId: row.telephonySessionId,
    direction: row.direction,
    result: row.result,
    durationSeconds: row.durationSeconds,
    phoneNumber: row.phoneNumber,
    contactName: row.contactName,
    startTime: row.startTime.toISOString(),
    correspondenceNoteId: row.correspondenceNoteId,
  };
}
