import type { RecordKind } from '../../platform/access/records';
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
const recordKinds = new Map<string, RecordKind>();

/**
 * `record` names the record kind whose rule decides who may reach the module's records through the
 * correspondence and preview calls (a case: another firm's is a 404 for a case manager).
 */
export function registerTemplateSource(fromModule: string, source: TemplateSource, record?: RecordKind): void {
  sources.set(fromModule, source);
  if (record) recordKinds.set(fromModule, record);
}

export function templateSource(fromModule: string): TemplateSource | undefined {
  return sources.get(fromModule);
}

/** The record kind of a module's records, when a record rule decides who reaches them. */
export function templateRecordKind(fromModule: string): RecordKind | undefined {
  return recordKinds.get(fromModule);
}
