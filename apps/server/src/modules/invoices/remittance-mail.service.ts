import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  REMITTANCE_STATEMENT_TEMPLATE,
  formatMoney,
  type Currency,
  type MailQueuedDto,
  type RemittanceListInput,
  type RemittanceStatementDetailDto,
  type SendRemittanceStatementsInput,
  remittancePeriodText,
} from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { NOTHING, recordCondition, requireAccess } from '../../platform/access/records';
import { recordEntityChange } from '../../platform/db/audit';
import type { Database } from '../../platform/db/database';
import { businessRule } from '../../platform/http/errors';
import { enqueueRequestedMail } from '../correspondence/outbox';
import { reachOf } from '../people/people.access';
import { specialists } from '../people/people.schema';
import { remittancePdf } from './invoice-pdf';
import { remittanceStatements } from './invoices.schema';
import { remittanceRepository as repo } from './remittance.repository';
import { RemittanceService } from './remittance.service';

type Out<S extends z.ZodType> = z.output<S>;

/** The PDF's file name: remittance-2027-03-Doug-Doctor.pdf. */
export const remittanceFileName = (s: RemittanceStatementDetailDto) =>
  `remittance-${s.yearPeriod}-${String(s.monthPeriod).padStart(2, '0')}-${s.specialistName.replace(/[^A-Za-z0-9]+/g, '-')}.pdf`;

/** E-mailing remittance statements to specialists, and the signed-in specialist's own statements. */
export class RemittanceMailService {
  private readonly statements: RemittanceService;
  constructor(private readonly database: Database) {
    this.statements = new RemittanceService(database);
  }

  /**
   * Queues each chosen statement (or every statement of the month) to its specialist's e-mail with the
   * statement PDF attached, in one transaction. Specialists without an e-mail address are named in
   * `skipped`; a chosen statement the caller cannot see is refused (400) and nothing is sent.
   */
  async send(ctx: RequestContext, input: Out<typeof SendRemittanceStatementsInput>): Promise<MailQueuedDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      let ids: string[];
      if (input.ids && input.ids.length > 0) {
        ids = [...new Set(input.ids)];
        for (const id of ids) await requireAccess(tx, ctx, 'remittanceStatement', id);
      } else {
        const where = and(
          repo.where({ yearPeriod: input.yearPeriod, monthPeriod: input.monthPeriod }),
          await recordCondition(tx, ctx, 'remittanceStatement'),
        );
        ids = (await tx.select({ id: remittanceStatements.id }).from(remittanceStatements).where(where)).map(
          (r) => r.id,
        );
        if (ids.length === 0) throw businessRule('There are no remittance statements for this month.');
      }
      const rows = await tx
        .select({ id: remittanceStatements.id, email: specialists.email })
        .from(remittanceStatements)
        .innerJoin(
          specialists,
          and(
            eq(specialists.tenantId, remittanceStatements.tenantId),
            eq(specialists.id, remittanceStatements.specialistId),
          ),
        )
        .where(inArray(remittanceStatements.id, ids));
      const emailOf = new Map(rows.map((r) => [r.id, r.email?.trim() || null]));
      let queued = 0;
      const skipped: string[] = [];
      for (const id of ids) {
        const s = await this.statements.detail(tx, id);
        const to = emailOf.get(id);
        if (!to) {
          skipped.push(s.specialistName);
          continue;
        }
        const month = remittancePeriodText(s);
        const outboxId = await enqueueRequestedMail(tx, ctx.tenant.id, {
          to,
          templateKey: REMITTANCE_STATEMENT_TEMPLATE,
          fromModule: 'SPECIALIST',
          objectId: s.id,
          objectReference: `${s.specialistName} ${month}`,
          category: 'REMITTANCE_STATEMENT',
          creatorId: ctx.principal.userId,
          values: {
            recipientName: s.specialistName,
            specialistName: s.specialistName,
            remittanceMonth: month,
            amount: formatMoney(s.paymentCents, s.currency as Currency),
          },
          attachments: [
            {
              fileName: remittanceFileName(s),
              contentType: 'application/pdf',
              content: await remittancePdf(s, ctx.tenant.name, false),
            },
          ],
        });
        await recordEntityChange(tx, ctx.actor, {
          entityType: 'RemittanceStatementEmail',
          entityId: outboxId,
          changeType: 'Created',
          before: null,
          after: { statementId: s.id, specialistId: s.specialistId, recipient: to, paymentCents: s.paymentCents },
        });
        queued += 1;
      }
      return { queued, skipped };
    });
  }

  /** The signed-in specialist's own statements: those of the specialist records their user holds. */
  async mine(ctx: RequestContext, q: Out<typeof RemittanceListInput>) {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const { specialistIds } = await reachOf(tx, ctx);
      const own = specialistIds.length > 0 ? inArray(remittanceStatements.specialistId, specialistIds) : NOTHING;
      const { items, totalCount } = await repo.list(tx, and(repo.where(q), own), q.skipCount, q.maxResultCount);
      return { totalCount, items: items.map((r) => this.statements.toDto(r)) };
    });
  }
}
