export { AmountBox, CurrencyInput, NumberInput, PercentInput, type AmountKind } from './AmountInput';
export { ColumnSettingsButton } from './ColumnSettingsButton';
export { DataTable, dataTableKey, type DataColumn, type DataTableProps, type PageRequest } from './DataTable';
export { DateBox, DateInput } from './DateInput';
export { EmailInput } from './EmailInput';
export { Field, type FieldProps } from './Field';
export { PHONE_MASK, PhoneBox, PhoneInput } from './PhoneInput';
export { QueryScope } from './QueryScope';
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
export { SelectionListBox, SelectionListSelect } from './SelectionListSelect';
export { TextArea } from './TextArea';
export { TextInput } from './TextInput';
export { arrangeColumns, useColumnSettings, type ColumnSetting } from './useColumnSettings';
export { useDebouncedValue } from './useDebouncedValue';
export { useLoadingHint } from './useLoadingHint';
