import { Alert, Checkbox, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatInteger, formatMoney, formatPercent } from '../../../../shared/format';
import { baseSymbol } from '../../../../shared/legs';
import { conciliacaoQueries } from '../../../api/conciliacao';
import { SEM_COTACAO } from '../../../components/PrecoAtual';
import type { EstimativaVenda } from './estimativa';

/**
 * What the client's terminal holds of the stock, when it answered (its reconciliation): a sale above it would
 * sell shares the account does not have. Undefined while unknown.
 */
export function useNoTerminal(clienteId: number, ticker: string): number | undefined {
  const conciliacao = useQuery(conciliacaoQueries.detail(clienteId));
  const data = conciliacao.data;
  if (!data || data.terminal_status !== 'online') return undefined;
  return data.linhas.find((l) => l.acao === baseSymbol(ticker))?.terminal ?? 0;
}

/** The terminal holds fewer shares than the sale: the warning, and the operator's explicit confirmation. */
export function AcimaDoTerminal({
  ticker,
  noTerminal,
  quantidade,
  confirmado,
  onConfirmadoChange,
  disabled,
}: {
  ticker: string;
  noTerminal: number;
  quantidade: number | null;
  confirmado: boolean;
  onConfirmadoChange: (confirmado: boolean) => void;
  disabled: boolean;
}) {
  return (
    <Alert.Root status="warning" role="alert">
      <Alert.Indicator />
      <Alert.Content gap="3">
        <Alert.Title>
          O terminal do cliente tem {formatInteger(noTerminal)}{' '}
          {noTerminal === 1 ? 'ação' : 'ações'} de {baseSymbol(ticker)}; a venda é de{' '}
          {formatInteger(quantidade)}.
        </Alert.Title>
        <Alert.Description>
          Confira a posição na Conciliação (Painel de Controle). Vender acima da posição do terminal
          pode vender ações que a conta não tem.
        </Alert.Description>
        <Checkbox.Root
          checked={confirmado}
          onCheckedChange={(e) => onConfirmadoChange(e.checked === true)}
          disabled={disabled}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Vender assim mesmo, acima da posição do terminal</Checkbox.Label>
        </Checkbox.Root>
      </Alert.Content>
    </Alert.Root>
  );
}

function Linha({ label, children }: { label: string; children: ReactNode }) {
  return (
    <HStack justify="space-between">
      <Text color="fg.muted">{label}</Text>
      <Text fontWeight="semibold" fontVariantNumeric="tabular-nums">
        {children}
      </Text>
    </HStack>
  );
}

/** Today's price, what the sale would bring in, and its result against what the operation cost. */
export function VendaEstimativa({
  precoAtual,
  carregando,
  estimativa,
}: {
  precoAtual: number | undefined;
  carregando: boolean;
  estimativa: EstimativaVenda;
}) {
  const cor =
    estimativa.resultado === null ? undefined : estimativa.resultado >= 0 ? 'green.600' : 'red.600';
  return (
    <Stack gap="1" fontSize="sm" role="group" aria-label="Estimativa da venda">
      <Linha label="Preço atual">
        {precoAtual === undefined ? (carregando ? '...' : SEM_COTACAO) : formatMoney(precoAtual)}
      </Linha>
      <Linha label="Valor estimado da venda">{formatMoney(estimativa.valor)}</Linha>
      <Linha label="Resultado estimado">
        <Text as="span" color={cor}>
          {formatMoney(estimativa.resultado)}
          {estimativa.percentual !== null && ` (${formatPercent(estimativa.percentual)})`}
        </Text>
      </Linha>
    </Stack>
  );
}
