import { HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useWatch, type Control } from 'react-hook-form';
import { formatInteger, formatMoney } from '../../../../shared/format';
import { DecimalField, ExecucaoFields, RadioField } from '../../../components/form';
import type { EstimativaCompra } from './compra-state';
import type { CompraFormValues } from './useCompraForm';

const MODO_OPTIONS = [
  { value: 'quantidade', label: 'Quantidade' },
  { value: 'valor', label: 'Valor' },
] as const;

/** Execução and its price, the entry mode and its quantity or value, the target and the stop. */
export function CompraCampos({
  control,
  disabled,
}: {
  control: Control<CompraFormValues>;
  disabled: boolean;
}) {
  const modo = useWatch({ control, name: 'modo' });
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
      <ExecucaoFields control={control} disabled={disabled} keepPriceCell />
      <RadioField
        control={control}
        name="modo"
        label="Entrada"
        options={MODO_OPTIONS}
        disabled={disabled}
      />
      {modo === 'valor' ? (
        <DecimalField control={control} name="valor" label="Valor (R$)" disabled={disabled} />
      ) : (
        <DecimalField
          control={control}
          name="quantidade"
          label="Quantidade de ações"
          inputMode="numeric"
          disabled={disabled}
        />
      )}
      <DecimalField control={control} name="tp" label="Alvo (TP)" disabled={disabled} />
      <DecimalField
        control={control}
        name="valor_stop"
        label="Stop (opcional)"
        disabled={disabled}
        helperText="Avisa quando a cotação chegar a ele ou cair abaixo."
      />
    </SimpleGrid>
  );
}

/** The buy's estimated total beside the client's valor disponível, and a warning when it passes it. */
export function CompraEstimativa({
  estimativa: { total, quantidade, preco },
  disponivel,
}: {
  estimativa: EstimativaCompra;
  disponivel: number | null;
}) {
  return (
    <Stack gap="1" fontSize="sm" aria-label="Estimativa da compra" role="group">
      <HStack justify="space-between">
        <Text color="fg.muted">Total estimado</Text>
        <Text fontWeight="semibold" fontVariantNumeric="tabular-nums">
          {formatMoney(total)}
          {total !== null && quantidade !== undefined && preco !== undefined && (
            <Text as="span" color="fg.muted" fontWeight="normal">
              {' '}
              ({formatInteger(quantidade)} × {formatMoney(preco)})
            </Text>
          )}
        </Text>
      </HStack>
      <HStack justify="space-between">
        <Text color="fg.muted">Valor disponível</Text>
        <Text
          fontWeight="semibold"
          fontVariantNumeric="tabular-nums"
          color={disponivel !== null && disponivel < 0 ? 'red.600' : undefined}
        >
          {formatMoney(disponivel)}
        </Text>
      </HStack>
      {total !== null && disponivel !== null && total > disponivel && (
        <Text color="orange.600">O total estimado passa do valor disponível do cliente.</Text>
      )}
    </Stack>
  );
}
