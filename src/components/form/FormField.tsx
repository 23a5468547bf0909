import { Field, HStack, RadioGroup } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import {
  useController,
  type Control,
  type FieldPathByValue,
  type FieldValues,
} from 'react-hook-form';

/** A labelled field around any input, with the form's message under it. */
export function FormField({
  label,
  error,
  children,
}: {
  label: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      {children}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

export interface RadioFieldProps<T extends FieldValues, V extends string, C = unknown, O = T> {
  control: Control<T, C, O>;
  name: FieldPathByValue<T, V>;
  label: string;
  options: ReadonlyArray<{ value: V; label: string }>;
  disabled?: boolean;
}

/** A labelled radio group of a form (execução, the entry mode, a lote's sizing rule). */
export function RadioField<T extends FieldValues, V extends string, C = unknown, O = T>({
  control,
  name,
  label,
  options,
  disabled,
}: RadioFieldProps<T, V, C, O>) {
  const { field } = useController({ control, name });
  return (
    <Field.Root disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <RadioGroup.Root
        name={field.name}
        value={field.value as V}
        onValueChange={(e) => e.value && field.onChange(e.value)}
        disabled={disabled}
        aria-label={label}
        size="sm"
      >
        <HStack gap="4" wrap="wrap">
          {options.map((o) => (
            <RadioGroup.Item key={o.value} value={o.value}>
              <RadioGroup.ItemHiddenInput onBlur={field.onBlur} />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{o.label}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </HStack>
      </RadioGroup.Root>
    </Field.Root>
  );
}
