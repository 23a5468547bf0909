import { Box, Button, Flex, Heading, HStack, Spinner, Stack, Tabs, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import type { Operacao } from '../../../contract';
import { formatDateTimeMinutes } from '../../../shared/format';
import { carteiraQueries } from '../../api/carteira';
import { clientesQueries } from '../../api/clientes';
import { cotacoesQueries } from '../../api/cotacoes';
import { operacoesQueries } from '../../api/operacoes';
import { LoadError, nuncaCarregou } from '../../components/LoadError';
import { GraficoDialog, graficoDaOperacao, type Grafico } from '../../widgets/grafico';
import { HistoricoOrdens } from '../../widgets/ordens';
import { ApiRequestError } from '../../lib/api';
import type { AbaCarteira } from './abas';
import { DeleteOperacaoDialog } from './DeleteOperacaoDialog';
import { tickersCotacao } from './figures';
import { OperacaoDialog } from './OperacaoDialog';
import { ProventosTable } from './ProventosTable';
import { CompraDialog } from './ordens/CompraDialog';
import { VendaDialog } from './ordens/VendaDialog';
import {
  comCotacoes,
  cotacoesEm,
  PosicionadasTable,
  RealizadasTable,
  type RowActions,
} from './OperacoesTables';
import { ResumoCards } from './ResumoCards';

export const CARREGANDO = 'Aguarde, carregando dados da carteira...';

/** The client asked for does not exist (deleted, or a typed address): 404, or 400 for an id that is none. */
const naoExiste = (error: Error | null) =>
  error instanceof ApiRequestError && (error.status === 404 || error.status === 400);

/** The one dialog open on the page, with what it is about. */
type OpenDialog =
  | { kind: 'operacao'; operacao: Operacao | 'new' }
  | { kind: 'delete'; operacao: Operacao }
  | { kind: 'compra' }
  | { kind: 'venda'; operacao: Operacao }
  | { kind: 'grafico'; grafico: Grafico }
  | null;

export function CarteiraPage() {
  const params = useParams({ strict: false });
  const clienteId = Number(params.id);
  const { aba } = useSearch({ strict: false }) as { aba?: AbaCarteira };
  const navigate = useNavigate();
  // The same entry /clientes keeps: a client renamed there shows its new name here.
  const cliente = useQuery(clientesQueries.detail(clienteId));
  const operacoes = useQuery(operacoesQueries.list({ cliente: clienteId }));
  const resumo = useQuery(carteiraQueries.resumo(clienteId));
  const tickers = useMemo(() => tickersCotacao(operacoes.data ?? []), [operacoes.data]);
  const cotacoes = useQuery(cotacoesQueries.atuais(tickers));
  const [refreshing, setRefreshing] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog>(null);

  const rows = useMemo(
    () => comCotacoes(operacoes.data ?? [], cotacoes.data),
    [operacoes.data, cotacoes.data],
  );
  const posicionadas = useMemo(() => rows.filter((op) => op.data_venda === null), [rows]);
  const realizadas = useMemo(() => rows.filter((op) => op.data_venda !== null), [rows]);
  const actions = useMemo<RowActions>(
    () => ({
      onEdit: (operacao) => setDialog({ kind: 'operacao', operacao }),
      onDelete: (operacao) => setDialog({ kind: 'delete', operacao }),
      onSell: (operacao) => setDialog({ kind: 'venda', operacao }),
      onChart: (operacao) => setDialog({ kind: 'grafico', grafico: graficoDaOperacao(operacao) }),
    }),
    [],
  );
  const close = () => setDialog(null);

  const refreshQuotes = async () => {
    setRefreshing(true);
    try {
      // The summary's open-position return uses the same quotes: both refresh together.
      await Promise.all([tickers.length ? cotacoes.refetch() : null, resumo.refetch()]);
    } finally {
      setRefreshing(false);
    }
  };

  const loading = cliente.isPending || operacoes.isPending || resumo.isPending;
  const nome = cliente.data?.nome ?? (cliente.data ? `Cliente ${cliente.data.id}` : '');
  const falhou = [operacoes, resumo].filter(nuncaCarregou);

  if (naoExiste(cliente.error)) {
    return (
      <Stack gap="4" align="flex-start">
        <Button asChild variant="outline" colorPalette="gray" size="sm">
          <RouterLink to="/clientes">← Voltar</RouterLink>
        </Button>
        <Heading as="h1" size="lg">
          Cliente não encontrado
        </Heading>
        <Text color="fg.muted">
          Não há cliente com o código {params.id}: ele pode ter sido deletado.
        </Text>
      </Stack>
    );
  }

  return (
    <Stack gap="5" position="relative" minH="60vh">
      <Flex
        gap="3"
        align={{ base: 'stretch', md: 'center' }}
        direction={{ base: 'column', md: 'row' }}
      >
        <HStack gap="3" flex="1" minW="0">
          <Button asChild variant="outline" colorPalette="gray" size="sm">
            <RouterLink to="/clientes">← Voltar</RouterLink>
          </Button>
          <Heading as="h1" size="lg" truncate>
            {nome ? `${nome} Carteira` : 'Carteira'}
          </Heading>
        </HStack>
        <HStack gap="2" wrap="wrap">
          <Button size="sm" onClick={() => setDialog({ kind: 'compra' })}>
            Nova Compra (MT5)
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => setDialog({ kind: 'operacao', operacao: 'new' })}
          >
            Nova Operação
          </Button>
          <Button size="sm" variant="outline" onClick={refreshQuotes} disabled={refreshing}>
            {/* Both labels share one cell, the idle one hidden: the button keeps the wider one's width. */}
            <Box display="grid">
              <Box
                gridArea="1 / 1"
                visibility={refreshing ? 'hidden' : 'visible'}
                aria-hidden={refreshing}
              >
                Atualizar cotações
              </Box>
              <Box
                gridArea="1 / 1"
                visibility={refreshing ? 'visible' : 'hidden'}
                aria-hidden={!refreshing}
              >
                Atualizando...
              </Box>
            </Box>
          </Button>
        </HStack>
      </Flex>

      {cotacoesEm(cotacoes.data) && (
        <Text fontSize="sm" color="fg.muted" mt="-2">
          Cotações de {formatDateTimeMinutes(cotacoesEm(cotacoes.data))}
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

      {/* The tab lives in the address: back from an order opened in ORDENS returns to ORDENS. */}
      <Tabs.Root
        value={aba ?? 'resumo'}
        onValueChange={({ value }) =>
          void navigate({ to: '.', search: { aba: value }, replace: true })
        }
        variant="line"
        lazyMount
      >
        <Tabs.List flexWrap="wrap">
          <Tabs.Trigger value="resumo" whiteSpace="nowrap">
            Resumo
          </Tabs.Trigger>
          <Tabs.Trigger value="posicionadas" whiteSpace="nowrap">
            POSICIONADAS
          </Tabs.Trigger>
          <Tabs.Trigger value="realizadas" whiteSpace="nowrap">
            REALIZADAS
          </Tabs.Trigger>
          <Tabs.Trigger value="proventos" whiteSpace="nowrap">
            PROVENTOS
          </Tabs.Trigger>
          <Tabs.Trigger value="ordens" whiteSpace="nowrap">
            ORDENS
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="resumo">
          <ResumoCards resumo={resumo.data} />
        </Tabs.Content>
        <Tabs.Content value="posicionadas">
          <PosicionadasTable data={posicionadas} actions={actions} cliente={nome} />
        </Tabs.Content>
        <Tabs.Content value="realizadas">
          <RealizadasTable data={realizadas} actions={actions} cliente={nome} />
        </Tabs.Content>
        <Tabs.Content value="proventos">
          <ProventosTable clienteId={clienteId} cliente={nome} />
        </Tabs.Content>
        <Tabs.Content value="ordens">
          <HistoricoOrdens clienteId={clienteId} />
        </Tabs.Content>
      </Tabs.Root>

      {loading && (
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
      )}

      <OperacaoDialog
        clienteId={clienteId}
        target={dialog?.kind === 'operacao' ? dialog.operacao : null}
        onClose={close}
      />
      <DeleteOperacaoDialog
        operacao={dialog?.kind === 'delete' ? dialog.operacao : null}
        onClose={close}
      />
      <CompraDialog
        clienteId={clienteId}
        open={dialog?.kind === 'compra'}
        onClose={close}
        onExecuted={close}
      />
      <VendaDialog
        clienteId={clienteId}
        operacao={dialog?.kind === 'venda' ? dialog.operacao : null}
        onClose={close}
        onExecuted={close}
      />
      <GraficoDialog grafico={dialog?.kind === 'grafico' ? dialog.grafico : null} onClose={close} />
    </Stack>
  );
}
