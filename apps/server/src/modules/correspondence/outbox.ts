import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { uuidv7 } from '@casebook/domain';
import type { Database, Tx } from '../../platform/db/database';
import { tenants } from '../../platform/db/platform.schema';
import { businessRule, invalidField } from '../../platform/http/errors';
import type { Jobs } from '../../platform/jobs/jobs';
import { PeriodicRelay, type WaitingRow } from '../../platform/jobs/relay';
import type { Mailer } from '../../platform/mail/mailer';
import { raiseNotification, tenantAdminIds } from '../notifications/notify';
import { mailOutbox, mailOutboxAttachments } from './correspondence.schema';
import { builtInTemplate } from './template-catalogue';
import { htmlToPlainText, renderTemplate, type MailBlock } from './template-render';
import { emailTemplates } from './correspondence.schema';

export const MAIL_SEND_QUEUE = 'mail-send';

/** Tenant settings that choose the sender address of the tenant's e-mail. */
export const MailSettings = {
  office365Enabled: 'Mail.Office365.Enabled',
  office365Sender: 'Mail.Office365.SenderEmail',
  bulkSender: 'Mail.BulkMail.SenderEmail',
} as const;

const Email = z.email();

export type OutboundMail = {
  to: string;
  cc?: string | null;
  subject: string;
  html: string;
  text?: string;
  templateKey?: string | null;
  fromModule?: string | null;
  objectId?: string | null;
  /** What the message is about, as people say it (a case number). */
  objectReference?: string | null;
  category?: string | null;
  creatorId?: string | null;
  /** Files sent with the message, kept with it in the outbox. */
  attachments?: readonly MailAttachment[];
};

export type MailAttachment = { fileName: string; contentType: string; content: Uint8Array };

/** The sender the tenant's settings choose: Office 365's address when it is on, else the bulk-mail sender. */
export async function tenantSender(tx: Tx, tenantId: string): Promise<string | null> {
  const [row] = await tx.select({ settings: tenants.settings }).from(tenants).where(eq(tenants.id, tenantId));
  const settings = row?.settings ?? {};
  const office = settings[MailSettings.office365Enabled]?.toLowerCase() === 'true';
  const chosen = office ? settings[MailSettings.office365Sender] : settings[MailSettings.bulkSender];
  return chosen && Email.safeParse(chosen).success ? chosen : null;
}

/**
 * Puts an e-mail in the outbox inside the caller's transaction: it is sent only if the business
 * change commits, and it is sent even if the process stops right after the commit. Returns its id.
 */
export async function enqueueMail(tx: Tx, tenantId: string, mail: OutboundMail): Promise<string> {
  if (!Email.safeParse(mail.to).success) throw invalidField('to', 'The recipient is not a valid e-mail address.');
  if (mail.cc && !mail.cc.split(',').every((a) => Email.safeParse(a.trim()).success)) {
    throw invalidField('cc', 'A copy recipient is not a valid e-mail address.');
  }
  const id = uuidv7();
  await tx.insert(mailOutbox).values({
    tenantId,
    id,
    recipient: mail.to,
    cc: mail.cc ?? null,
    sender: await tenantSender(tx, tenantId),
    subject: mail.subject.replace(/[\r\n]+/g, ' '),
    html: mail.html,
    text: mail.text ?? htmlToPlainText(mail.html),
    templateKey: mail.templateKey ?? null,
    fromModule: mail.fromModule ?? null,
    objectId: mail.objectId ?? null,
    objectReference: mail.objectReference ?? null,
    category: mail.category ?? null,
    creatorId: mail.creatorId ?? null,
  });
  if (mail.attachments && mail.attachments.length > 0) {
    await tx.insert(mailOutboxAttachments).values(
      mail.attachments.map((a, position) => ({
        tenantId,
        outboxId: id,
        position,
        fileName: a.fileName,
        contentType: a.contentType,
        content: a.content,
      })),
    );
  }
  return id;
}

/** The files kept with an outbox message, in their order. */
export async function outboxAttachments(tx: Tx, tenantId: string, outboxId: string): Promise<MailAttachment[]> {
  const rows = await tx
    .select()
    .from(mailOutboxAttachments)
    .where(and(eq(mailOutboxAttachments.tenantId, tenantId), eq(mailOutboxAttachments.outboxId, outboxId)))
    .orderBy(mailOutboxAttachments.position);
  return rows.map((a) => ({ fileName: a.fileName, contentType: a.contentType, content: a.content }));
}

/** The template a tenant uses for a key: its own saved version, else the built-in one. */
export async function resolveTemplate(
  tx: Tx,
  tenantId: string,
  templateKey: string,
): Promise<{ subject: string; templateContent: string; disabled: boolean } | undefined> {
  const [own] = await tx
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.tenantId, tenantId), eq(emailTemplates.templateKey, templateKey)));
  if (own) return own;
  const builtIn = builtInTemplate(templateKey);
  return builtIn ? { ...builtIn, disabled: false } : undefined;
}

/**
 * What someone is told when an e-mail they asked for (a button, a box ticked) has a template the tenant
 * disabled: sending nothing in silence would read as sent. Mail the application sends by itself
 * (reminders) is skipped quietly instead.
 */
export function templateDisabledMessage(templateKey: string, purpose = 'to send it'): string {
  const name = builtInTemplate(templateKey)?.name ?? templateKey;
  return `The ${name} e-mail template is disabled: enable it under Mail Templates ${purpose}.`;
}

type TemplatedMail = Omit<OutboundMail, 'subject' | 'html' | 'text' | 'templateKey'> & {
  templateKey: string;
  values: Record<string, string | number | null | undefined>;
  blocks?: Record<string, MailBlock>;
};

/**
 * Renders the tenant's template for the key with the values and queues the result in the caller's
 * transaction. A disabled template sends nothing and returns null. `blocks` are parts the application
 * composes (see `renderTemplate`).
 */
export async function enqueueTemplatedMail(tx: Tx, tenantId: string, input: TemplatedMail): Promise<string | null> {
  const template = await resolveTemplate(tx, tenantId, input.templateKey);
  if (!template) throw invalidField('templateKey', `There is no e-mail template ${input.templateKey}.`);
  if (template.disabled) return null;
  const [tenant] = await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
  const rendered = renderTemplate(template, { tenantName: tenant?.name ?? '', ...input.values }, input.blocks);
  const { values: _values, blocks: _blocks, ...rest } = input;
  return enqueueMail(tx, tenantId, { ...rest, ...rendered });
}

/**
 * `enqueueTemplatedMail` for an e-mail someone asked for: a disabled template is refused (422) with
 * `templateDisabledMessage(…, purpose)`, so nothing of the request is kept, instead of a silent nothing.
 */
export async function enqueueRequestedMail(
  tx: Tx,
  tenantId: string,
  input: TemplatedMail,
  purpose?: string,
): Promise<string> {
  const id = await enqueueTemplatedMail(tx, tenantId, input);
  if (!id) throw businessRule(templateDisabledMessage(input.templateKey, purpose));
  return id;
}

type SendJob = { tenantId: string; outboxId: string; summary?: string };

/**
 * The mail-send job: claims the outbox row, sends it with its id as Message-ID, records the outcome.
 * A row already sent is left alone, so a job that runs twice sends once. The send itself happens
 * outside any transaction (PGlite has one connection; a slow mail server must not hold it).
 */
export function defineMailJobs(
  jobs: Jobs,
  database: Database,
  mailer: Mailer,
  options: { retryLimit?: number; retryDelay?: number } = {},
) {
  const retryLimit = options.retryLimit ?? 5;
  jobs.define<SendJob>(
    MAIL_SEND_QUEUE,
    {
      retryLimit,
      retryDelay: options.retryDelay ?? 30,
      retryBackoff: true,
      retryDelayMax: 3600,
      expireInSeconds: 300,
      heartbeatSeconds: 10,
      concurrency: 4,
      // A mail that fails for good is told to its sender as 'E-mail failed'.
      reportsOwnFailure: true,
    },
    async ({ data, retryCount }) => {
      const claimed = await database.withTenant(data.tenantId, (tx) =>
        tx
          .update(mailOutbox)
          .set({ state: 'Sending', attempts: sql`${mailOutbox.attempts} + 1` })
          .where(
            and(
              eq(mailOutbox.tenantId, data.tenantId),
              eq(mailOutbox.id, data.outboxId),
              inArray(mailOutbox.state, ['Pending', 'Sending', 'Failed']),
            ),
          )
          .returning(),
      );
      const row = claimed[0];
      if (!row) return { skipped: 'already sent' };
      const attachments = await database.withTenant(data.tenantId, (tx) =>
        outboxAttachments(tx, data.tenantId, row.id),
      );
      try {
        await mailer.send({
          to: row.recipient,
          ...(row.cc ? { cc: row.cc } : {}),
          ...(row.sender ? { from: row.sender } : {}),
          subject: row.subject,
          html: row.html,
          text: row.text,
          messageId: `<${row.id}@casebook>`,
          ...(attachments.length > 0
            ? {
                attachments: attachments.map((a) => ({
                  filename: a.fileName,
                  contentType: a.contentType,
                  content: Buffer.from(a.content),
                })),
              }
            : {}),
        });
      } catch (error) {
        const last = retryCount >= retryLimit;
        const lastError = String((error as Error).message ?? error).slice(0, 2000);
        await database.withTenant(data.tenantId, async (tx) => {
          await tx
            .update(mailOutbox)
            .set({ state: last ? 'Failed' : 'Pending', lastError })
            .where(and(eq(mailOutbox.tenantId, data.tenantId), eq(mailOutbox.id, row.id)));
          // The one who sent it hears that it failed for good (the tenant's administrators for mail the
          // application sent by itself), with the failure itself.
          if (last) {
            await raiseNotification(
              tx,
              data.tenantId,
              row.creatorId ? [row.creatorId] : await tenantAdminIds(tx, data.tenantId),
              {
                event: 'emailFailed',
                content: `The e-mail '${row.subject}' to ${row.recipient} could not be sent: ${lastError.slice(0, 300)}`,
                objectId: row.objectId,
                objectReferenceName: row.objectReference,
                fromModule: row.fromModule,
              },
            );
          }
        });
        throw error;
      }
      await database.withTenant(data.tenantId, (tx) =>
        tx
          .update(mailOutbox)
          .set({ state: 'Sent', sentTime: new Date(), lastError: null })
          .where(and(eq(mailOutbox.tenantId, data.tenantId), eq(mailOutbox.id, row.id))),
      );
      return { sent: row.id };
    },
  );
}

/**
 * Hands committed outbox rows to the mail-send queue. The job's id is the message's id, so two
 * relays (two processes, or a relay that died between the two steps) never queue a message twice.
 */
export class MailRelay extends PeriodicRelay {
  constructor(
    private readonly database: Database,
    jobs: Jobs,
    intervalMs = 1000,
  ) {
    super(jobs, MAIL_SEND_QUEUE, intervalMs);
  }

  protected async waiting(): Promise<WaitingRow[]> {
    const rows = await this.database.withSystem((tx) =>
      tx
        .select({
          tenantId: mailOutbox.tenantId,
          id: mailOutbox.id,
          recipient: mailOutbox.recipient,
          templateKey: mailOutbox.templateKey,
        })
        .from(mailOutbox)
        .where(isNull(mailOutbox.jobId))
        .orderBy(mailOutbox.creationTime)
        .limit(200),
    );
    return rows.map((m) => ({
      id: m.id,
      data: {
        tenantId: m.tenantId,
        outboxId: m.id,
        summary: `${m.templateKey ?? 'E-mail'} to ${m.recipient}`,
      } satisfies SendJob,
    }));
  }

  protected async markQueued(ids: string[]): Promise<void> {
    await this.database.withSystem((tx) =>
      tx
        .update(mailOutbox)
        .set({ jobId: sql`${mailOutbox.id}` })
        .where(inArray(mailOutbox.id, ids)),
    );
  }
}
