import { eq } from 'drizzle-orm';
import { tenants } from '../../platform/db/platform.schema';
import { casesRepository } from '../cases/cases.repository';
import { caseMailValues } from '../cases/cases.service';
import { registerTemplateSource, type TemplateSource } from './template-sources';

/** Who an IME template is addressed to, read from its key: the specialist, the claimant or the case manager. */
export function imeRecipientOf(templateKey: string | undefined): 'specialist' | 'claimant' | 'caseManager' {
  if (/SPECIALIST|PAPERWORK/.test(templateKey ?? '')) return 'specialist';
  if (/CLIENT/.test(templateKey ?? '')) return 'claimant';
  return 'caseManager';
}

/**
 * An IME case's values for its e-mails: the same values the case's own e-mails are rendered with,
 * addressed to whom the template is for. The tenant's transaction finds only the tenant's cases.
 */
export const imeCaseSource: TemplateSource = async (tx, tenantId, objectId, templateKey) => {
  const found = await casesRepository.find(tx, objectId, { kind: 'all' });
  if (!found) return undefined;
  const [tenant] = await tx.select({ timezone: tenants.timezone }).from(tenants).where(eq(tenants.id, tenantId));
  const to = imeRecipientOf(templateKey);
  const recipient =
    to === 'claimant'
      ? undefined
      : await casesRepository.recipient(
          tx,
          to === 'specialist' ? 'specialists' : 'case_managers',
          to === 'specialist' ? found.c.specialistId : found.c.caseManagerId,
        );
  const recipientName = to === 'claimant' ? found.clientName : (recipient?.name ?? '');
  return {
    values: caseMailValues(found, recipientName, tenant?.timezone ?? 'Australia/Sydney'),
    objectReference: found.c.caseNo,
    defaultRecipient: recipient?.email ?? null,
  };
};

/** Cases of the assessment list render IME templates with their values. */
export function registerCaseTemplateSources(): void {
  registerTemplateSource('IME', imeCaseSource, 'case');
}
