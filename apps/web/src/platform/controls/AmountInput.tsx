import { Input } from 'antd';
import { useState, type ChangeEvent } from 'react';
import { formatAmount, parseAmount } from '@casebook/domain';
import { Field, type FieldProps } from './Field';
import { amountRule, withRequired } from './rules';

export type AmountKind = 'number' | 'currency' | 'percent';

type AmountProps = FieldProps & {
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** Default: 0 for currency, none otherwise. */
  min?: number;
  /** Default: the spec's 1e10. */
  max?: number;
};

/** Decimals a kind keeps: currency and percent show two (spec §5). */
const decimalsOf = (kind: AmountKind) => (kind === 'number' ? undefined : 2);

function AmountField({
  kind,
  name,
  label,
  required,
  rules = [],
  extra,
  min,
  max,
  ...box
}: AmountProps & { kind: AmountKind }) {
  return (
    <Field
      name={name}
      label={label}
      required={required}
      rules={withRequired(required, amountRule(kind, { min, max }), ...rules)}
      extra={extra}
    >
      <AmountBox kind={kind} {...box} />
    </Field>
  );
}

/** A number field: at most 1e10; '$' and ',' typed or pasted are dropped. */
export function NumberInput(props: AmountProps) {
  return <AmountField kind="number" {...props} />;
}

/** A currency field: 0 to 1e10, two decimals, shown with a '$' and thousands separators. */
export function CurrencyInput(props: AmountProps) {
  return <AmountField kind="currency" {...props} />;
}

/** A percent field: at most 1e10, two decimals. */
export function PercentInput(props: AmountProps) {
  return <AmountField kind="percent" {...props} />;
}

type BoxProps = {
  kind: AmountKind;
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  disabled?: boolean;
  placeholder?: string;
};

/** Only what can be part of a number; '$', ',' and spaces (and '%' in a percent field) are dropped. */
function cleanTyped(text: string): string {
  return text.replace(/[$,\s%]/g, '');
}

/**
 * The input behind the amount fields. While focused it shows what was typed (cleaned); otherwise the
 * value formatted for its kind. Values are numbers, or null when the field is empty.
 */
export function AmountBox({ kind, value, onChange, ...rest }: BoxProps) {
  const [typed, setTyped] = useState<string | undefined>(undefined);
  const decimals = decimalsOf(kind);
  const shown = typed ?? (value === null || value === undefined ? '' : formatAmount(value, kind));

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const text = cleanTyped(event.target.value);
    // Refuse keystrokes that cannot lead to a number, and decimals beyond what the kind keeps.
    if (!/^-?\d*\.?\d*$/.test(text)) return;
    if (decimals !== undefined && (text.split('.')[1]?.length ?? 0) > decimals) return;
    setTyped(text);
    onChange?.(parseAmount(text) ?? null);
  };

  return (
    <Input
      inputMode="decimal"
      prefix={kind === 'currency' ? '$' : undefined}
      suffix={kind === 'percent' ? '%' : undefined}
      value={shown}
      onFocus={() => setTyped(value === null || value === undefined ? '' : String(value))}
      onBlur={() => setTyped(undefined)}
      onChange={handleChange}
      {...rest}
    />
  );
}
