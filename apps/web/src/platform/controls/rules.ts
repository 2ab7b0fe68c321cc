import type { FormRule } from 'antd';
import { checkAmount, FormMessages, isEmail, isPhone, TEXT_AREA_MAX } from '@casebook/domain';

/** Shown when a text area holds more than the spec's 4000 characters (only possible when set from outside). */
export const textTooLongMessage = (max: number) => `The text must be at most ${max} characters`;

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * The spec's required rule; blank text counts as empty. A validator rather than antd's `whitespace`,
 * which would also demand a string and so refuse the arrays of multiple selects.
 */
export const requiredRule: FormRule = {
  required: true,
  validator: async (_rule, value: unknown) => {
    if (isEmpty(value) || (typeof value === 'string' && value.trim() === '')) throw new Error(FormMessages.required);
  },
};

/** A rule that only runs on a non-empty value (emptiness is the required rule's business). */
function whenFilled<T>(check: (value: T) => string | undefined): FormRule {
  return {
    validator: async (_rule, value: T) => {
      if (isEmpty(value)) return;
      const message = check(value);
      if (message) throw new Error(message);
    },
  };
}

export const emailRule = whenFilled<string>((value) => (isEmail(value) ? undefined : FormMessages.email));

export const phoneRule = whenFilled<string>((value) => (isPhone(value) ? undefined : FormMessages.phone));

export const amountRule = (kind: 'number' | 'currency' | 'percent', limits: { min?: number; max?: number } = {}) =>
  whenFilled<number>((value) => checkAmount(value, kind, limits));

export const textLengthRule = (max = TEXT_AREA_MAX) =>
  whenFilled<string>((value) => (value.length > max ? textTooLongMessage(max) : undefined));

/** A JSON-Schema pattern; the message names the field as the spec's chat forms do. */
export const patternRule = (pattern: string, label: string) =>
  whenFilled<string>((value) => (new RegExp(pattern).test(value) ? undefined : FormMessages.formatLabel(label)));

/** The control's own rules, with the required rule first when the field is required. */
export function withRequired(required: boolean | undefined, ...rules: (FormRule | undefined)[]): FormRule[] {
  return [...(required ? [requiredRule] : []), ...rules.filter((r): r is FormRule => r !== undefined)];
}
