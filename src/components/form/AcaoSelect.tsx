import { Field, NativeSelect } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import {
  useController,
  type Control,
  type FieldPathByValue,
  type FieldValues,
} from 'react-hook-form';
import type { Acao } from '../../../contract';
import { acoesQueries } from '../../api/acoes';

/** One stock to choose: the value the form keeps (an id, a ticker) and what the list says of it. */
export interface AcaoOpcao {
  value: string;
  label: string;
}

/** Every stock of the universe by id, as '{ticker} — {empresa}'. */
export const opcoesDoUniverso = (acoes: readonly Acao[]): AcaoOpcao[] =>
  acoes.map((a) => ({
    value: String(a.id),
    label: a.empresa ? `${a.ticker} — ${a.empresa}` : a.ticker,
  }));

export interface AcaoSelectProps<T extends FieldValues, C = unknown, O = T> {
  control: Control<T, C, O>;
  /** A text field: the chosen option's value, '' while none is. */
  name: FieldPathByValue<T, string | undefined>;
  label?: string;
  /** The empty choice's words ('Selecione a ação', 'Escolha a ação…'). */
  placeholder: string;
  /** What may be chosen; without it, every stock of the universe by id (the list is loaded here). */
  opcoes?: readonly AcaoOpcao[];
  disabled?: boolean;
}

/** A form's choice of a stock (react-hook-form), labelled, with the form's message under it. */
export function AcaoSelect<T extends FieldValues, C = unknown, O = T>({
  control,
  name,
  label = 'Ação',
  placeholder,
  opcoes,
  disabled,
}: AcaoSelectProps<T, C, O>) {
  // The ref apart: the hooks' lint reads any object holding one as a ref itself.
  const {
    field: { ref, ...field },
    fieldState,
  } = useController({ control, name });
  const universo = useQuery({ ...acoesQueries.list(), enabled: opcoes === undefined });
  const lista = opcoes ?? opcoesDoUniverso(universo.data ?? []);
  const error = fieldState.error?.message;
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root disabled={disabled}>
        <NativeSelect.Field
          ref={ref}
          name={field.name}
          aria-label={label}
          value={(field.value as string | undefined) ?? ''}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
        >
          <option value="">{placeholder}</option>
          {lista.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
