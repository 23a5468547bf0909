import { Input, type InputProps } from '@chakra-ui/react';
import { useState } from 'react';
import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { parseDecimal } from '../../shared/numbers';

/** A number as a Brazilian types it: '41,23' (no thousands separator while editing). */
export function decimalText(value: number | undefined): string {
  return value === undefined || Number.isNaN(value)
    ? ''
    : value.toLocaleString('pt-BR', { useGrouping: false, maximumFractionDigits: 10 });
}

interface Props extends Omit<InputProps, 'value' | 'onChange' | 'type'> {
  /** The parsed number; undefined when empty, NaN when the text is not a number (the form says why). */
  value: number | undefined;
  onChange: (value: number | undefined) => void;
}

const same = (a: number | undefined, b: number | undefined) =>
  a === b || (a !== undefined && b !== undefined && Number.isNaN(a) && Number.isNaN(b));

/**
 * A decimal field in pt-BR whatever the browser's language: typed with a comma ('38,50', '1.234,56') and shown with
 * one, also when the value is set from elsewhere (a recommendation's target).
 */
export function DecimalInput({ value, onChange, ...props }: Props) {
  const [text, setText] = useState(() => decimalText(value));
  const [shown, setShown] = useState(value);
  // A value set from outside (not typed here) replaces the text, formatted.
  if (!same(shown, value)) {
    setShown(value);
    if (!same(parseDecimal(text), value)) setText(decimalText(value));
  }
  return (
    <Input
      {...props}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      value={text}
      onChange={(e) => {
        const parsed = parseDecimal(e.target.value);
        setText(e.target.value);
        setShown(parsed);
        onChange(parsed);
      }}
    />
  );
}

/** A form's decimal field (react-hook-form): typed and shown in pt-BR, its value the parsed number. */
export function DecimalController<T extends FieldValues>({
  control,
  name,
  disabled,
}: {
  control: Control<T>;
  name: FieldPathByValue<T, number | undefined>;
  disabled?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <DecimalInput
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          disabled={disabled}
        />
      )}
    />
  );
}
