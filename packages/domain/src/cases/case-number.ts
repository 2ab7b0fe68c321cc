/** The message of a failed case-number existence check, word for word. */
export const CASE_NUMBER_NOT_FOUND_MESSAGE = 'This case number does not exist. Please check again';
/** The message of a case number that another case of the tenant already has. */
export const CASE_NUMBER_DUPLICATE_MESSAGE = 'This case number already exists.';

/** Case numbers are trimmed before they are stored, compared or looked up. */
export function normaliseCaseNo(caseNo: string): string {
  return caseNo.trim();
}

const SUPPLEMENTARY_PREFIXES = ['F', 'S', 'FR', 'SR'];
const ASSESSMENT_PREFIXES = ['OT', 'IME', 'IM', 'CT', 'A'];

/**
 * The module a case number belongs to (case-modules.md §4): its prefix is the text before the first
 * dash (the whole number when there is none), compared without regard to case; F, S, FR and SR mean
 * supplementary, OT, IME, IM, CT and A mean assessment, anything else is the prefix itself.
 */
export function moduleOfCaseNo(caseNo: string): string {
  const trimmed = normaliseCaseNo(caseNo);
  const dash = trimmed.indexOf('-');
  const prefix = (dash >= 0 ? trimmed.slice(0, dash) : trimmed).trim();
  const upper = prefix.toUpperCase();
  if (SUPPLEMENTARY_PREFIXES.includes(upper)) return 'supplementary';
  if (ASSESSMENT_PREFIXES.includes(upper)) return 'assessment';
  return prefix;
}

/**
 * The module an existence check looks in: the medical negligence check always uses the assessment
 * module; other callers use the case number's own module.
 */
export function existenceCheckModule(caseNo: string, fromModule?: string | null): string {
  if (fromModule && fromModule.toLowerCase() === 'medneg') return 'assessment';
  return moduleOfCaseNo(caseNo);
}
