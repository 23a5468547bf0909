import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { LoteStatus } from '../../../contract';
import { formatInteger, formatMoney } from '../../../shared/format';
import { CompraGrid } from './CompraGrid';
import { CompraLoteCampos } from './CompraLoteCampos';
import { ComprasEmVooResumo } from './ComprasEmVoo';
import { EnviarCompraDialog } from './EnviarCompraDialog';
import { contagem, falhas, formatDataHora } from './figures';
import { useCompraLote } from './useCompraLote';

interface Props {
  inicial: { ticker?: string | undefined; tp?: number | undefined };
  /** A lote whose failed clients are sent again: its parameters, and those clients only. */
  reenvio: LoteStatus | null;
  onSent: (loteId: string) => void;
}

/**
 * "Nova ordem em lote": the stock, execução, target and sizing rule; Validar sizes and checks every client at its
 * own terminal; the operator reviews the grid (ticks, filters, typed quantities) and Enviar sends the lote.
 */
export function CompraLote({ inicial, reenvio, onSent }: Props) {
  const lote = useCompraLote(inicial, reenvio);
  const { validado, totais, busy } = lote;

  return (
    <Stack gap="5">
      {reenvio && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>
            Reenvio das falhas do lote de {formatDataHora(reenvio.criado_em)}:{' '}
            {contagem(falhas(reenvio).length, 'cliente', 'clientes')}. Valide para dimensionar de
            novo e envie.
          </Alert.Title>
        </Alert.Root>
      )}
      <CompraLoteCampos form={lote.form} busy={busy} reenvio={reenvio !== null} />
      <HStack gap="3" wrap="wrap">
        <Button variant="outline" onClick={lote.onValidate} loading={busy && !lote.alteradas}>
          Validar
        </Button>
        {lote.alteradas > 0 && (
          <Button variant="outline" onClick={lote.onValidarAlteracoes} loading={busy}>
            Validar alterações ({formatInteger(lote.alteradas)})
          </Button>
        )}
        <Button
          onClick={lote.onEnviar}
          disabled={!totais || totais.clientes === 0 || lote.bloqueio !== null || busy}
        >
          Enviar
        </Button>
        {totais && (
          <Text role="status" fontSize="sm" fontWeight="medium">
            Selecionados: {contagem(totais.clientes, 'cliente', 'clientes')} ·{' '}
            {contagem(totais.acoes, 'ação', 'ações')} · {formatMoney(totais.valor)}
          </Text>
        )}
      </HStack>
      {lote.bloqueio && <Text color="orange.600">{lote.bloqueio}</Text>}
      {lote.erro && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{lote.erro}</Alert.Title>
        </Alert.Root>
      )}
      {validado && (
        <>
          <ComprasEmVooResumo ticker={validado.params.ticker} linhas={validado.linhas} />
          <CompraGrid
            ticker={validado.params.ticker}
            linhas={validado.linhas}
            disabled={busy}
            onSelect={lote.onSelect}
            onQuantidade={lote.onQuantidade}
          />
        </>
      )}
      <EnviarCompraDialog envio={lote.envio} onClose={lote.onCloseEnvio} onSent={onSent} />
    </Stack>
  );
}
