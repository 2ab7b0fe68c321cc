import type { Tx } from '../../platform/db/database';

/** What a module knows about one of its records for an e-mail: placeholder values and the usual recipient. */
export type TemplateSourceResult = {
  values: Record<string, string | number | null | undefined>;
  objectReference?: string | null;
  defaultRecipient?: string | null;
};

/**
 * Case modules register how their records fill templates ('IME' → the assessment's case number,
 * claimant, appointment …). Preview and send look the record up through it, inside the tenant's
 * transaction, so another tenant's id finds nothing.
 */
export type TemplateSource = (
  tx: Tx,
  tenantId: string,
  objectId: string,
  /** The template being rendered, when there is one: it says whom the e-mail is for. */
  templateKey?: string,
) => Promise<TemplateSourceResult | undefined>;

const sources = new Map<string, TemplateSource>();

export function registerTemplateSource(fromModule: string, source: TemplateSource): void {
  sources.set(fromModule, source);
}

export function templateSource(fromModule: string): TemplateSource | undefined {
  return sources.get(fromModule);
}
