import { Box, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { formatDateTimeMinutes } from '../../../shared/format';
import { LoadError } from '../../components/LoadError';
import { GraficoDialog, graficoDaOperacao } from '../../widgets/grafico';
import { CarteiraAbas } from './CarteiraAbas';
import { CarteiraCabecalho, ClienteNaoEncontrado } from './CarteiraCabecalho';
import { alvo, CARREGANDO, naoExiste, type OpenDialog } from './carteira';
import { DeleteOperacaoDialog } from './DeleteOperacaoDialog';
import { OperacaoDialog } from './OperacaoDialog';
import type { RowActions } from './OperacoesTables';
import { CompraDialog } from './ordens/CompraDialog';
import { VendaDialog } from './ordens/VendaDialog';
import { useCarteira } from './useCarteira';

/** Over the page while its first answers load. */
function Carregando() {
  return (
    <Box
      position="absolute"
      inset="0"
      bg="bg/80"
      display="flex"
      alignItems="flex-start"
      justifyContent="center"
      pt="24"
      zIndex="2"
      role="status"
    >
      <HStack gap="3">
        <Spinner color="gold.solid" />
        <Text fontWeight="medium">{CARREGANDO}</Text>
      </HStack>
    </Box>
  );
}

/** A client's portfolio: its summary, its operations open and realised, its dividends and its orders. */
export function CarteiraPage() {
  const params = useParams({ strict: false });
  const clienteId = Number(params.id);
  const carteira = useCarteira(clienteId);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const actions = useMemo<RowActions>(
    () => ({
      onEdit: (operacao) => setDialog({ kind: 'operacao', operacao }),
      onDelete: (operacao) => setDialog({ kind: 'delete', operacao }),
      onSell: (operacao) => setDialog({ kind: 'venda', operacao }),
      onChart: (operacao) => setDialog({ kind: 'grafico', grafico: graficoDaOperacao(operacao) }),
    }),
    [],
  );
  // An alert's link (issue 31, ?vender=) opens the Vender of its position once the position has loaded, if open.
  const { vender } = useSearch({ strict: false }) as { vender?: number };
  const [vendaFechada, setVendaFechada] = useState<number>();
  const navigate = useNavigate();
  const aVender =
    (dialog === null &&
      vender !== vendaFechada &&
      carteira.posicionadas.find((o) => o.id === vender)) ||
    null;
  const close = () => {
    setDialog(null);
    if (vender === undefined) return;
    setVendaFechada(vender);
    void navigate({ to: '.', search: { aba: 'posicionadas' }, replace: true });
  };
  const { falhou } = carteira;

  if (naoExiste(carteira.cliente.error)) return <ClienteNaoEncontrado id={params.id} />;
  return (
    <Stack gap="5" position="relative" minH="60vh">
      <CarteiraCabecalho
        nome={carteira.nome}
        onCompra={() => setDialog({ kind: 'compra' })}
        onNovaOperacao={() => setDialog({ kind: 'operacao', operacao: 'new' })}
        onRefresh={() => void carteira.refreshQuotes()}
        refreshing={carteira.refreshing}
      />
      {carteira.cotacoesEm && (
        <Text fontSize="sm" color="fg.muted" mt="-2">
          Cotações de {formatDateTimeMinutes(carteira.cotacoesEm)}
        </Text>
      )}
      {falhou.length > 0 && (
        <LoadError
          what="a carteira"
          error={falhou[0]!.error}
          onRetry={() => falhou.forEach((q) => void q.refetch())}
          retrying={falhou.some((q) => q.isFetching)}
        />
      )}
      <CarteiraAbas
        clienteId={clienteId}
        nome={carteira.nome}
        resumo={carteira.resumo}
        posicionadas={carteira.posicionadas}
        realizadas={carteira.realizadas}
        actions={actions}
      />
      {carteira.loading && <Carregando />}

      <OperacaoDialog
        clienteId={clienteId}
        target={alvo(dialog, 'operacao', 'operacao')}
        onClose={close}
      />
      <DeleteOperacaoDialog operacao={alvo(dialog, 'delete', 'operacao')} onClose={close} />
      <CompraDialog
        clienteId={clienteId}
        open={dialog?.kind === 'compra'}
        onClose={close}
        onExecuted={close}
      />
      <VendaDialog
        clienteId={clienteId}
        operacao={alvo(dialog, 'venda', 'operacao') ?? aVender}
        onClose={close}
        onExecuted={close}
      />
      <GraficoDialog grafico={alvo(dialog, 'grafico', 'grafico')} onClose={close} />
    </Stack>
  );
}
