import { Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { LoteValidarRequest } from '../../../contract';
import { formatMoney, formatPercent } from '../../../shared/format';
import { recomendacoesQueries } from '../../api/recomendacoes';
import { DecimalField, ExecucaoFields, FormField, RadioField } from '../../components/form';
import { REGRA_OPTIONS, VALOR_LABEL, toTick } from './compra-params';

/**
 * The buy lote's parameters: a recommendation to fill the stock and target from, the stock, the target, execução
 * and its price, the sizing rule and its number. A re-send keeps its stock.
 */
export function CompraLoteCampos({
  form,
  busy,
  reenvio,
}: {
  form: UseFormReturn<LoteValidarRequest>;
  busy: boolean;
  reenvio: boolean;
}) {
  const { control, register, setValue, formState } = form;
  const regra = useWatch({ control, name: 'regra' }) ?? 'percentual_disponivel';
  const recomendacoes = useQuery(recomendacoesQueries.list());
  return (
    <form onSubmit={(e) => e.preventDefault()} noValidate>
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
        <FormField label="Recomendação">
          <NativeSelect.Root size="md" disabled={busy || reenvio}>
            <NativeSelect.Field
              aria-label="Recomendação"
              value=""
              onChange={(e) => {
                const rec = recomendacoes.data?.find((r) => r.ticker === e.target.value);
                if (!rec) return;
                setValue('ticker', rec.ticker, { shouldValidate: true });
                setValue('tp', toTick(rec.alvo_sugerido), { shouldValidate: true });
              }}
            >
              <option value="">Preencher com uma recomendação…</option>
              {recomendacoes.data?.map((r) => (
                <option key={r.ticker} value={r.ticker}>
                  {r.ticker} — alvo {formatMoney(r.alvo_sugerido)} (prob.{' '}
                  {formatPercent(r.probabilidade)})
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label="Ação" error={formState.errors.ticker?.message}>
          <Input
            {...register('ticker')}
            autoComplete="off"
            textTransform="uppercase"
            disabled={busy || reenvio}
          />
        </FormField>
        <DecimalField control={control} name="tp" label="Alvo (TP)" disabled={busy} />
        <ExecucaoFields control={control} disabled={busy} />
        <RadioField
          control={control}
          name="regra"
          label="Regra de quantidade"
          options={REGRA_OPTIONS}
          disabled={busy}
        />
        <DecimalField control={control} name="valor" label={VALOR_LABEL[regra]} disabled={busy} />
      </SimpleGrid>
    </form>
  );
}
