import { Box, Button, Flex, Heading, HStack, Spinner, Stack, Tabs, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import type { Operacao } from '../../../contract';
import { useCliente, useCotacoes, useInvalidateCarteira, useOperacoes, useResumo } from './api';
import { ExcluirOperacaoDialog } from './ExcluirOperacaoDialog';
import { tickersCotacao } from './figures';
import { OperacaoDialog } from './OperacaoDialog';
import { BuyDialog } from './ordens/BuyDialog';
import { SellDialog } from './ordens/SellDialog';
import { comCotacoes, PosicionadasTable, RealizadasTable } from './OperacoesTables';
import { ResumoCards } from './ResumoCards';

export const CARREGANDO = 'Aguarde, carregando dados da carteira...';

type Dialogo =
  | { tipo: 'operacao'; operacao: Operacao | null }
  | { tipo: 'excluir'; operacao: Operacao }
  | { tipo: 'compra' }
  | { tipo: 'venda'; operacao: Operacao }
  | null;

export function CarteiraPage() {
  const params = useParams({ strict: false });
  const clienteId = Number(params.id);
  const cliente = useCliente(clienteId);
  const operacoes = useOperacoes(clienteId);
  const resumo = useResumo(clienteId);
  const tickers = useMemo(() => tickersCotacao(operacoes.data ?? []), [operacoes.data]);
  const cotacoes = useCotacoes(tickers);
  const [atualizando, setAtualizando] = useState(false);
  const [dialogo, setDialogo] = useState<Dialogo>(null);
  const invalidar = useInvalidateCarteira(clienteId);

  const lista = useMemo(
    () => comCotacoes(operacoes.data ?? [], cotacoes.data),
    [operacoes.data, cotacoes.data],
  );
  const posicionadas = useMemo(() => lista.filter((op) => op.data_venda === null), [lista]);
  const realizadas = useMemo(() => lista.filter((op) => op.data_venda !== null), [lista]);
  const acoes = useMemo(
    () => ({
      onEditar: (operacao: Operacao) => setDialogo({ tipo: 'operacao', operacao }),
      onExcluir: (operacao: Operacao) => setDialogo({ tipo: 'excluir', operacao }),
      onVender: (operacao: Operacao) => setDialogo({ tipo: 'venda', operacao }),
    }),
    [],
  );

  const fechar = () => setDialogo(null);
  // An executed MT5 order changed the portfolio: operations and summary reload, and the dialog closes.
  const executada = () => {
    void invalidar();
    setDialogo(null);
  };

  const atualizarCotacoes = async () => {
    setAtualizando(true);
    try {
      // The summary's open-position return uses the same quotes: both refresh together.
      await Promise.all([tickers.length ? cotacoes.refetch() : null, resumo.refetch()]);
    } finally {
      setAtualizando(false);
    }
  };

  const carregando = cliente.isPending || operacoes.isPending || resumo.isPending;
  const nome = cliente.data?.nome ?? (cliente.data ? `Cliente ${cliente.data.id}` : '');

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
          <Button size="sm" onClick={() => setDialogo({ tipo: 'compra' })}>
            Nova Compra (MT5)
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => setDialogo({ tipo: 'operacao', operacao: null })}
          >
            Nova Operação
          </Button>
          <Button size="sm" variant="outline" onClick={atualizarCotacoes} disabled={atualizando}>
            {atualizando ? 'Atualizando...' : 'Atualizar cotações'}
          </Button>
        </HStack>
      </Flex>

      <Tabs.Root defaultValue="resumo" variant="line" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="resumo">Resumo</Tabs.Trigger>
          <Tabs.Trigger value="posicionadas">POSICIONADAS</Tabs.Trigger>
          <Tabs.Trigger value="realizadas">REALIZADAS</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="resumo">
          <ResumoCards resumo={resumo.data} />
        </Tabs.Content>
        <Tabs.Content value="posicionadas">
          <PosicionadasTable data={posicionadas} acoes={acoes} />
        </Tabs.Content>
        <Tabs.Content value="realizadas">
          <RealizadasTable data={realizadas} acoes={acoes} />
        </Tabs.Content>
      </Tabs.Root>

      {carregando && (
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
        open={dialogo?.tipo === 'operacao'}
        operacao={dialogo?.tipo === 'operacao' ? dialogo.operacao : null}
        onClose={() => setDialogo(null)}
      />
      {dialogo?.tipo === 'compra' && (
        <BuyDialog clienteId={clienteId} open onClose={fechar} onExecuted={executada} />
      )}
      {dialogo?.tipo === 'venda' && (
        <SellDialog
          clienteId={clienteId}
          operacao={dialogo.operacao}
          open
          onClose={fechar}
          onExecuted={executada}
        />
      )}
      <ExcluirOperacaoDialog
        clienteId={clienteId}
        operacao={dialogo?.tipo === 'excluir' ? dialogo.operacao : null}
        onClose={() => setDialogo(null)}
      />
    </Stack>
  );
}
