import type { z } from 'zod';
import type { ServiceType } from '../../access/routes';
import type { Edition } from '../../tenancy';
import type { Role } from '../../roles';
import { TemplateModules, type CorrespondenceModule, type NotificationEvent } from '../../correspondence';
import type { ProcessStep, StatusPrefix } from '../workflow';

/**
 * A case module described once: its statuses, how a case moves between them, the steps that move it, and
 * what its screens show. The server's step calls, the status checks, the stepper and the detail tabs are
 * read from the declaration; `checkCaseModule` refuses a declaration that contradicts itself.
 */

/** What a status means for lists and money: still open, finished, cancelled, invoiced or paid. */
export const StatusKinds = ['open', 'finished', 'cancelled', 'invoiced', 'paid'] as const;
export type StatusKind = (typeof StatusKinds)[number];

export interface StatusDeclaration {
  /** The user-visible label, in the spec's words. */
  readonly label: string;
  readonly kind: StatusKind;
  /** The process step (PIC stage) a case in this status waits on; null when it waits on none. */
  readonly next: ProcessStep | null;
  /** Days a case may wait in this status before it counts as overdue; null for never. */
  readonly overdueDays: number | null;
  /**
   * What a case moving into this status tells the people of the case (decision 0058): a booking confirmed, a
   * report received or completed, the case cancelled. Absent: nothing.
   */
  readonly notify?: readonly CaseNotificationEvent[];
}

/** The notifications a case's status can raise, and who each goes to. */
export const CaseNotificationAudiences = {
  bookingConfirmed: ['caseManager', 'specialist', 'personInCharge'],
  appointmentChanged: ['caseManager', 'specialist', 'personInCharge'],
  appointmentCancelled: ['caseManager', 'specialist', 'personInCharge'],
  reportReceived: ['caseManager', 'personInCharge'],
  reportCompleted: ['caseManager', 'personInCharge'],
  caseCancelled: ['caseManager', 'specialist', 'personInCharge'],
} as const satisfies Partial<Record<NotificationEvent, readonly CaseAudience[]>>;
/**
 * The users a case notification may go to: the case manager's user, the specialist's user, and the
 * persons in charge of the process step the case now waits on (the tenant's default persons in charge).
 */
export type CaseAudience = 'caseManager' | 'specialist' | 'personInCharge';
export type CaseNotificationEvent = keyof typeof CaseNotificationAudiences;

/**
 * A date rule of a step: a date the step records compared with another date of the case. `confirm` asks the
 * user to confirm and saves when confirmed; `refuse` answers 422 with the message.
 */
export interface DateRule<F extends string = string> {
  readonly field: F;
  readonly rule: 'notBefore' | 'notAfter' | 'notInPast';
  /** The other date (a field of the case); absent for `notInPast`. */
  readonly other?: string;
  readonly outcome: 'confirm' | 'refuse';
  readonly message: string;
}

export interface StepDeclaration<S extends string, Facts = unknown> {
  readonly label: string;
  /** The body of the step's update call. */
  readonly input: z.ZodType;
  /** Every status the step may move a case to (checked against the statuses and transitions). */
  readonly targets: readonly S[];
  /**
   * The status a step update moves the case to, or null when it leaves the status alone; the facts are the
   * case's fields after the save with the step's input over them, and the case's current status.
   */
  readonly moves: (facts: Facts, current: string) => S | null;
  /** Fields the step stores besides its input, made from the case's fields after the save (a due date). */
  readonly derive?: (fields: Readonly<Record<string, string | null>>) => Record<string, string | null>;
  /** The input field the status log's note is taken from (default `cancellationReason`). */
  readonly note?: string;
  readonly dateRules?: readonly DateRule[];
  /** The e-mail template a step offers to send once saved, if any. */
  readonly template?: string;
}

export interface ChecklistItem {
  readonly key: string;
  readonly label: string;
  /** The case's date field that marks the item done; null for an item done when the case exists. */
  readonly date: string | null;
  /** Done when this field of the case holds anything but the value (the date may be absent), instead of by the date. */
  readonly doneUnless?: { readonly field: string; readonly value: string };
}

/** The checklist of a case: each item's state and date, read from the case's fields. */
export function moduleChecklist(
  m: CaseModuleDeclaration,
  fields: Readonly<Record<string, unknown>>,
  createdOn: string,
): { key: string; label: string; status: 'Complete' | 'Incomplete'; date: string | null }[] {
  return m.checklist.map(({ key, label, date, doneUnless }) => {
    const on = date === null ? createdOn : ((fields[date] as string | null | undefined) ?? null);
    const done = doneUnless ? fields[doneUnless.field] !== doneUnless.value : on !== null;
    return { key, label, status: done ? 'Complete' : 'Incomplete', date: on };
  });
}

export interface TabDeclaration<K extends string> {
  readonly key: string;
  readonly label: string;
  /** The step whose form the tab shows and saves; absent for a tab of shared parts (notes, attachments). */
  readonly step?: K;
  /** The fields of the step's input the tab shows, in order (all of them when absent). */
  readonly fields?: readonly string[];
}

export interface CaseModuleDeclaration<S extends string = string, K extends string = string> {
  /** The module's key, as routes and permission groups name it. */
  readonly key: string;
  readonly title: string;
  /** The web route of its list (`/view/imes`). */
  readonly route: string;
  /** The service types the module's list shows. */
  readonly serviceTypes: readonly ServiceType[];
  /** The prefix of generated case numbers per service type. */
  readonly numberPrefixes: Readonly<Partial<Record<ServiceType, string>>>;
  /** The prefix of its statuses' prefixed counterparts (`IME_REPORT_COMPLETED`). */
  readonly statusPrefix: StatusPrefix;
  /** The family of its e-mail templates and of its cases' correspondence; one with templates is a `TemplateModule`. */
  readonly templateModule: CorrespondenceModule;
  /** The status of a new case. */
  readonly initialStatus: NoInfer<S>;
  readonly statuses: Readonly<Record<S, StatusDeclaration>>;
  /** From each status, the statuses a case may move to. */
  readonly transitions: Readonly<Record<S, readonly NoInfer<S>[]>>;
  readonly steps: Readonly<Record<K, StepDeclaration<S, never>>>;
  /** The stepper's main path; a status on no step shows the last step reached. */
  readonly stepper: readonly { key: string; label: string; statuses: readonly NoInfer<S>[] }[];
  readonly emailTemplates: readonly string[];
  /** The checklist: each item done when the case has its date (`booking` is done from the start). */
  readonly checklist: readonly ChecklistItem[];
  readonly tabs: readonly TabDeclaration<NoInfer<K>>[];
  /** The permission group: `Casebook.<group>`, `.Create`, `.Update`, `.Delete`, `.ChangeStatus`. */
  readonly permissionGroup: string;
  /** Features the tenant needs for the module (empty: none). */
  readonly features: readonly string[];
  /** Editions the module belongs to (empty: every edition). */
  readonly editions: readonly Edition[];
  /** Roles offered the add screen. */
  readonly addRoles: readonly Role[];
  /**
   * A due date the module keeps: the details field holding it, and the statuses in which a case past it is
   * overdue (shown in the list, counted on the dashboard).
   */
  readonly due?: { readonly field: string; readonly statuses: readonly NoInfer<S>[] };
  /** Words for the choices of its steps' fields, where the code in words would not do (`GP_MEDICAL_FILE`). */
  readonly choiceLabels?: Readonly<Record<string, string>>;
  /**
   * Marking the report sent (`sendReportStatus`): the details field that keeps the date and the template the
   * report goes to the case manager with. Absent: the module sends no report, and has no such call.
   */
  readonly reportSent?: { readonly field: string; readonly template: string };
  /**
   * The notice a rebook sends the booking case manager when asked (`notifyCaseDNA`: the claimant did not attend).
   * Absent: a rebook of the module's cases notifies no one, and refuses `notifyCaseDNA: true`.
   */
  readonly nonAttendanceTemplate?: string;
  /**
   * Shared calls the module answers with a call of its own under the same name, instead of the shared one
   * (medical negligence's `checkExistCaseNo` looks a number up in the assessment list, to link a report).
   */
  readonly ownCalls?: readonly OwnableSharedCall[];
}

/** The shared calls a module may answer itself (`ownCalls`). */
export type OwnableSharedCall = 'checkExistCaseNo';

/** Declares a module: returns it unchanged, typed by its statuses and steps. */
export function defineCaseModule<const S extends string, const K extends string>(
  declaration: CaseModuleDeclaration<S, K>,
): CaseModuleDeclaration<S, K> {
  return declaration;
}

/**
 * Every way the declaration contradicts itself, in words; empty when it is consistent: a transition, step
 * target, stepper or initial status naming an undeclared status, a status no case can reach from the initial
 * one, a tab naming an unknown step or a field the step's input lacks, a step target the transitions never
 * allow from anywhere, a status on two stepper steps, a number prefix for a service type the module does not
 * serve, a duplicate tab key or template.
 */
export function checkCaseModule(m: CaseModuleDeclaration): string[] {
  const problems: string[] = [];
  const statuses = new Set(Object.keys(m.statuses));
  const known = (s: string, where: string) => {
    if (!statuses.has(s)) problems.push(`${m.key}: ${where} names the undeclared status '${s}'`);
  };
  known(m.initialStatus, 'the initial status');
  for (const [from, tos] of Object.entries<readonly string[]>(m.transitions)) {
    known(from, 'the transitions');
    for (const to of tos) known(to, `the transition from '${from}'`);
    if (tos.includes(from)) problems.push(`${m.key}: '${from}' may move to itself`);
  }
  for (const s of statuses) {
    if (!(s in m.transitions)) problems.push(`${m.key}: status '${s}' has no transitions entry`);
  }
  const allowedTargets = new Set(Object.values<readonly string[]>(m.transitions).flat());
  for (const [key, step] of Object.entries<StepDeclaration<string, never>>(m.steps)) {
    for (const t of step.targets) {
      known(t, `step '${key}'`);
      if (!allowedTargets.has(t)) problems.push(`${m.key}: step '${key}' moves to '${t}', which no transition allows`);
    }
  }
  if (m.emailTemplates.length > 0 && !(TemplateModules as readonly string[]).includes(m.templateModule)) {
    problems.push(`${m.key}: it sends e-mails, but '${m.templateModule}' is no template module`);
  }
  // Reachability: from the initial status along the transitions.
  const reached = new Set<string>([m.initialStatus]);
  const queue = [m.initialStatus as string];
  while (queue.length > 0) {
    const from = queue.shift()!;
    for (const to of m.transitions[from] ?? []) {
      if (!reached.has(to)) {
        reached.add(to);
        queue.push(to);
      }
    }
  }
  for (const s of statuses) {
    if (!reached.has(s)) problems.push(`${m.key}: status '${s}' cannot be reached from '${m.initialStatus}'`);
  }
  for (const s of m.due?.statuses ?? []) known(s, 'the due date');
  const onStepper = new Map<string, string>();
  for (const step of m.stepper) {
    for (const s of step.statuses) {
      known(s, `stepper step '${step.key}'`);
      const before = onStepper.get(s);
      if (before) problems.push(`${m.key}: status '${s}' is on stepper steps '${before}' and '${step.key}'`);
      onStepper.set(s, step.key);
    }
  }
  const tabKeys = new Set<string>();
  for (const tab of m.tabs) {
    if (tabKeys.has(tab.key)) problems.push(`${m.key}: tab '${tab.key}' is declared twice`);
    tabKeys.add(tab.key);
    if (tab.step === undefined) continue;
    const step = (m.steps as Record<string, StepDeclaration<string, never> | undefined>)[tab.step];
    if (!step) {
      problems.push(`${m.key}: tab '${tab.key}' names the unknown step '${tab.step}'`);
      continue;
    }
    const shape = inputFields(step.input);
    for (const f of tab.fields ?? []) {
      if (shape && !shape.includes(f))
        problems.push(`${m.key}: tab '${tab.key}' shows '${f}', not in step '${tab.step}'`);
    }
  }
  for (const t of Object.keys(m.numberPrefixes) as ServiceType[]) {
    if (!m.serviceTypes.includes(t)) problems.push(`${m.key}: number prefix for '${t}', which it does not serve`);
  }
  for (const t of m.serviceTypes) {
    if (!m.numberPrefixes[t]) problems.push(`${m.key}: no number prefix for '${t}'`);
  }
  const templates = new Set<string>();
  for (const t of m.emailTemplates) {
    if (templates.has(t)) problems.push(`${m.key}: template '${t}' is listed twice`);
    templates.add(t);
  }
  for (const [key, step] of Object.entries<StepDeclaration<string, never>>(m.steps)) {
    if (step.template && !templates.has(step.template)) {
      problems.push(`${m.key}: step '${key}' offers the undeclared template '${step.template}'`);
    }
  }
  for (const [part, t] of [
    ['reportSent', m.reportSent?.template],
    ['nonAttendanceTemplate', m.nonAttendanceTemplate],
  ] as const) {
    if (t && !templates.has(t)) problems.push(`${m.key}: ${part} names the undeclared template '${t}'`);
  }
  return problems;
}

/** The field names of an object schema's input, or undefined when it is not an object schema. */
function inputFields(schema: z.ZodType): string[] | undefined {
  const def = (schema as { def?: { type?: string; shape?: Record<string, unknown>; in?: z.ZodType } }).def;
  if (def?.type === 'object' && def.shape) return Object.keys(def.shape);
  if (def?.type === 'pipe' && def.in) return inputFields(def.in);
  return undefined;
}

// ---------------------------------------------------------------------------------------------------
// Reading a declaration

/** True when the module allows moving a case from one status to the other. */
export function moduleAllows<S extends string>(m: CaseModuleDeclaration<S>, from: S, to: S): boolean {
  return m.transitions[from]?.includes(to) ?? false;
}

/** The 422 message for a refused transition, both statuses named by their labels. */
export function refusedTransitionMessage<S extends string>(m: CaseModuleDeclaration<S>, from: S, to: S): string {
  return `A case in status '${m.statuses[from].label}' cannot move to '${m.statuses[to].label}'.`;
}

/** True when the value is one of the module's statuses. */
export function isModuleStatus<S extends string>(m: CaseModuleDeclaration<S>, value: string): value is S {
  return Object.hasOwn(m.statuses, value);
}

/** The prefixed counterpart of a status (`SUPP_REPORT_COMPLETED`), as status logs and template keys name it. */
export function modulePrefixedStatus<S extends string>(m: CaseModuleDeclaration<S>, status: S): string {
  return `${m.statusPrefix}_${status}`;
}

/**
 * Decides a step update's status change: the step's target, checked against the transitions. Unchanged (no
 * target, or the same status) needs no transition. Returns the new status, null for none, or the refusal.
 */
export function decideModuleStep<S extends string, K extends string, F>(
  m: CaseModuleDeclaration<S, K>,
  step: K,
  current: S,
  facts: F,
): { ok: true; to: S | null } | { ok: false; message: string } {
  const declared = m.steps[step] as StepDeclaration<S, F>;
  const to = declared.moves(facts, current);
  if (to === null || to === current) return { ok: true, to: null };
  if (!declared.targets.includes(to)) throw new Error(`${m.key}: step '${step}' moved to undeclared target '${to}'`);
  if (!moduleAllows(m, current, to)) return { ok: false, message: refusedTransitionMessage(m, current, to) };
  return { ok: true, to };
}

/**
 * The date rules a step's save breaks, in declaration order: each rule over a date the save records (`own`)
 * compared with the case's other date after the save (`merged`), or with `today` (the tenant's date) for
 * `notInPast`. A rule whose dates are not both known is kept. The server answers the first `refuse` with a
 * 422, and a `confirm` unless the user confirmed; the web asks with the same message before it saves.
 */
export function brokenDateRules(
  rules: readonly DateRule[],
  own: Readonly<Record<string, unknown>>,
  merged: Readonly<Record<string, unknown>>,
  today: string,
): DateRule[] {
  return rules.filter((rule) => {
    const value = own[rule.field];
    if (typeof value !== 'string' || value === '') return false;
    const other = rule.rule === 'notInPast' ? today : rule.other ? merged[rule.other] : null;
    if (typeof other !== 'string' || other === '') return false;
    const day = value.slice(0, 10);
    const against = other.slice(0, 10);
    return rule.rule === 'notAfter' ? day > against : day < against;
  });
}

/** The stepper position of a status: its step's index, or the last step reached before it left the path. */
export function moduleStepperIndex<S extends string>(
  m: CaseModuleDeclaration<S>,
  status: S,
  history: readonly S[] = [],
): number {
  const find = (s: S) => m.stepper.findIndex((step) => step.statuses.includes(s));
  const own = find(status);
  if (own >= 0) return own;
  const reached = history.map(find).filter((i) => i >= 0);
  return reached.length > 0 ? Math.max(...reached) : 0;
}

/** What moving a case from one status to another tells its people: the new status's declared events. */
export function moduleStatusEvents<S extends string>(
  m: CaseModuleDeclaration<S>,
  from: string,
  to: string | null,
): CaseNotificationEvent[] {
  if (to === null || to === from || !Object.hasOwn(m.statuses, to)) return [];
  return [...(m.statuses[to as S].notify ?? [])];
}

/** The statuses of a kind (e.g. every cancelled status). */
export function statusesOfKind<S extends string>(m: CaseModuleDeclaration<S>, kind: StatusKind): S[] {
  return (Object.keys(m.statuses) as S[]).filter((s) => m.statuses[s].kind === kind);
}

/** How a form shows one field of a step's input: a date, a party picker, free text, or a choice. */
export type StepFieldKind =
  | { name: string; kind: 'date' | 'text' | 'notes' }
  | { name: string; kind: 'party'; resource: 'clients' | 'case-managers' | 'specialists'; required: boolean }
  | { name: string; kind: 'choice'; options: readonly string[]; required: boolean };

const PARTIES = { clientId: 'clients', caseManagerId: 'case-managers', specialistId: 'specialists' } as const;

/**
 * The fields a step's form shows, read from its input schema (the stamp and confirmation left out): names
 * ending in Date are dates, the parties pickers, enums choices, notes and reasons text areas.
 */
export function stepFieldKinds(step: StepDeclaration<string, never>): StepFieldKind[] {
  const def = (step.input as { def?: { shape?: Record<string, z.ZodType> } }).def;
  const shape = def?.shape ?? {};
  return Object.entries(shape)
    .filter(
      ([name]) =>
        name !== 'concurrencyStamp' &&
        name !== 'confirmed' &&
        name !== 'confirmDates' &&
        name !== 'independenceOverrideReason',
    )
    .map(([name, schema]): StepFieldKind => {
      const optional = schema.safeParse(undefined).success || schema.safeParse(null).success;
      if (name in PARTIES) {
        return { name, kind: 'party', resource: PARTIES[name as keyof typeof PARTIES], required: !optional };
      }
      let inner = schema as { def?: { type?: string; innerType?: unknown; entries?: Record<string, string> } };
      while (inner.def?.innerType) inner = inner.def.innerType as typeof inner;
      if (inner.def?.type === 'enum' && inner.def.entries) {
        return { name, kind: 'choice', options: Object.values(inner.def.entries), required: !optional };
      }
      if (name.endsWith('Date')) return { name, kind: 'date' };
      if (name.endsWith('Notes') || name.endsWith('Reason')) return { name, kind: 'notes' };
      return { name, kind: 'text' };
    });
}

/** A field or code in words: `reportRequestedDate` → "Report requested date", `NO_FEE` → "No fee", `NSW` → "NSW". */
export function fieldWords(name: string): string {
  // An abbreviation (a state, a service type) stays as written.
  if (/^[A-Z]{2,3}$/.test(name)) return name;
  // A code (`NO_FEE`, `REPORT`) is upper case throughout; a field name (`reportRequestedDate`) is camel case.
  const code = name.includes('_') || name === name.toUpperCase();
  const words = code ? name.toLowerCase().replace(/_/g, ' ') : name.replace(/([A-Z])/g, ' $1');
  const lower = words.trim().toLowerCase().replace(/ id$/, '');
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}
