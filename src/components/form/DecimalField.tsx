import { Field, Input, type InputProps } from '@chakra-ui/react';
import { useState, type ReactNode, type Ref } from 'react';
import {
  get,
  useController,
  type Control,
  type FieldPathByValue,
  type FieldValues,
} from 'react-hook-form';
import { decimalText, parseDecimal } from '../../lib/decimal';

type Numero = number | null | undefined;

const same = (a: Numero, b: Numero) =>
  a === b || (typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b));

interface DecimalInputProps extends Omit<InputProps, 'value' | 'onChange' | 'type'> {
  value: Numero;
  onChange: (value: number | undefined) => void;
  ref?: Ref<HTMLInputElement>;
}

/**
 * The text box: typed with a comma ('38,50', '1.234,56') whatever the browser's language, and shown with one, also
 * when the value is set from elsewhere (a recommendation's target, the legs' sum).
 */
function DecimalInput({ value, onChange, ...props }: DecimalInputProps) {
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

export interface DecimalFieldProps<T extends FieldValues, C = unknown, O = T> {
  /** The form's control, whatever its context and parsed values. */
  control: Control<T, C, O>;
  /** A field holding a number: undefined while empty, NaN while the text is not a number (the schema says why). */
  name: FieldPathByValue<T, Numero>;
  label: string;
  disabled?: boolean;
  /** 'numeric' for whole numbers (a phone shows digits only); 'decimal' otherwise. */
  inputMode?: 'decimal' | 'numeric';
  helperText?: ReactNode;
}

/**
 * The one numeric field of the SPA's forms (react-hook-form): labelled, typed and shown in pt-BR, its value the
 * parsed number, its error the form's schema's message (the contract's, in the order forms).
 */
export function DecimalField<T extends FieldValues, C = unknown, O = T>({
  control,
  name,
  label,
  disabled,
  inputMode = 'decimal',
  helperText,
}: DecimalFieldProps<T, C, O>) {
  // The ref apart: the hooks' lint reads any object holding one as a ref itself.
  const {
    field: { ref, ...field },
    fieldState,
    formState,
  } = useController({ control, name });
  const error = fieldState.error?.message;
  // react-hook-form reads an undefined value as the field's default: emptied in a form that started with a number
  // (an edit), the field holds null, or it would show that number again.
  const vazio = get(formState.defaultValues, name) === undefined ? undefined : null;
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <DecimalInput
        ref={ref}
        name={field.name}
        value={field.value as Numero}
        onChange={(value) => field.onChange(value ?? vazio)}
        onBlur={field.onBlur}
        inputMode={inputMode}
        disabled={disabled}
      />
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
