import { Field, HStack, RadioGroup } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface RadioFieldProps<T extends string> {
  label: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T) => void;
  disabled?: boolean;
}

/** A labelled radio group (execution type, entry mode, a lote's sizing rule). */
export function RadioField<T extends string>({
  label,
  value,
  options,
  onChange,
  disabled,
}: RadioFieldProps<T>) {
  return (
    <Field.Root disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <RadioGroup.Root
        value={value}
        onValueChange={(e) => e.value && onChange(e.value as T)}
        disabled={disabled}
        aria-label={label}
        size="sm"
      >
        <HStack gap="4" wrap="wrap">
          {options.map((o) => (
            <RadioGroup.Item key={o.value} value={o.value}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{o.label}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </HStack>
      </RadioGroup.Root>
    </Field.Root>
  );
}

export function FormField({
  label,
  error,
  children,
}: {
  label: string;
  error?: string;
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

export const EXECUCAO_OPTIONS = [
  { value: 'mercado', label: 'Mercado' },
  { value: 'limite', label: 'Limite' },
] as const;
