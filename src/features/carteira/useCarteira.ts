import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { carteiraQueries } from '../../api/carteira';
import { clientesQueries } from '../../api/clientes';
import { cotacoesQueries } from '../../api/cotacoes';
import { operacoesQueries } from '../../api/operacoes';
import { nuncaCarregou } from '../../components/LoadError';
import { nomeDoCliente, separarOperacoes } from './carteira';
import { tickersCotacao } from './figures';
import { comCotacoes, cotacoesEm } from './OperacoesTables';

/** What the portfolio screen reads: the client, its operations with today's quotes, its summary. */
export function useCarteira(clienteId: number) {
  // The same entry /clientes keeps: a client renamed there shows its new name here.
  const cliente = useQuery(clientesQueries.detail(clienteId));
  const operacoes = useQuery(operacoesQueries.list({ cliente: clienteId }));
  const resumo = useQuery(carteiraQueries.resumo(clienteId));
  const tickers = useMemo(() => tickersCotacao(operacoes.data ?? []), [operacoes.data]);
  const cotacoes = useQuery(cotacoesQueries.atuais(tickers));
  const [refreshing, setRefreshing] = useState(false);

  const { posicionadas, realizadas } = useMemo(
    () => separarOperacoes(comCotacoes(operacoes.data ?? [], cotacoes.data)),
    [operacoes.data, cotacoes.data],
  );

  const refreshQuotes = async () => {
    setRefreshing(true);
    try {
      // The summary's open-position return uses the same quotes: both refresh together.
      await Promise.all([tickers.length ? cotacoes.refetch() : null, resumo.refetch()]);
    } finally {
      setRefreshing(false);
    }
  };

  return {
    cliente,
    nome: nomeDoCliente(cliente.data),
    resumo: resumo.data,
    posicionadas,
    realizadas,
    cotacoesEm: cotacoesEm(cotacoes.data),
    loading: cliente.isPending || operacoes.isPending || resumo.isPending,
    /** What never loaded (not what failed to refresh: the screen keeps it). */
    falhou: [operacoes, resumo].filter(nuncaCarregou),
    refreshing,
    refreshQuotes,
  };
}
