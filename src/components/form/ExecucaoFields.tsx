import { useWatch, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import type { Execucao } from '../../../contract';
import { DecimalField } from './DecimalField';
import { RadioField } from './FormField';

export const EXECUCAO_OPTIONS = [
  { value: 'mercado', label: 'Mercado' },
  { value: 'limite', label: 'Limite' },
] as const satisfies ReadonlyArray<{ value: Execucao; label: string }>;

/** What every order form holds about its execution (the contract's names): the limit price only for limite. */
export interface ExecucaoValues extends FieldValues {
  execucao: Execucao;
  preco?: number | undefined;
}

interface Props<T extends ExecucaoValues, C, O> {
  control: Control<T, C, O>;
  disabled?: boolean;
  /**
   * An empty cell in place of the price at market, so that the fields after these keep their place in the
   * parent's grid.
   */
  keepPriceCell?: boolean;
}

/** Execução (Mercado / Limite) and, for limite, Preço limite: two cells of the parent's grid or stack. */
export function ExecucaoFields<T extends ExecucaoValues, C = unknown, O = T>({
  control,
  disabled,
  keepPriceCell,
}: Props<T, C, O>) {
  const execucao = useWatch({ control, name: 'execucao' as FieldPathByValue<T, Execucao> });
  return (
    <>
      <RadioField
        control={control}
        name={'execucao' as FieldPathByValue<T, Execucao>}
        label="Execução"
        options={EXECUCAO_OPTIONS}
        disabled={disabled}
      />
      {execucao === 'limite' ? (
        <DecimalField
          control={control}
          name={'preco' as FieldPathByValue<T, number | null | undefined>}
          label="Preço limite"
          disabled={disabled}
        />
      ) : (
        keepPriceCell && <div />
      )}
    </>
  );
}
