export { AmountBox, CurrencyInput, NumberInput, PercentInput, type AmountKind } from './AmountInput';
export { EmailInput } from './EmailInput';
export { Field, type FieldProps } from './Field';
export { PHONE_MASK, PhoneBox, PhoneInput } from './PhoneInput';
export {
  CUSTOM_LABEL,
  DATE_FORMAT,
  EMPTY_DATE_RANGE,
  RelativeDateRangeBox,
  RelativeDateRangePicker,
  describeRange,
  type RelativeDateRange,
} from './RelativeDateRangePicker';
export {
  amountRule,
  emailRule,
  patternRule,
  phoneRule,
  requiredRule,
  textLengthRule,
  textTooLongMessage,
  withRequired,
} from './rules';
export { TextArea } from './TextArea';
export { TextInput } from './TextInput';
export { useDebouncedValue } from './useDebouncedValue';
