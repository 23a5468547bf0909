import {
  CLIENTE_NAO_ENCONTRADO,
  conciliacaoEndpoints as e,
  type ConciliacaoCliente,
  type Cliente,
  type LinhaConciliacao,
} from '../../contract';
import { fail, handle, ok } from '../contract';
import { openMockPositions } from './carteira';
import { findMockCliente, listMockClientes, mockClienteStatus } from './clientes';

/**
 * The mock's reconciliation: a terminal that answers holds the client's book, except client 1's, which holds 100
 * PETR4 fewer; client 1 also has a custody import holding its book plus 300 ITSA4. Terminals the client list shows
 * offline, timing out, in error or without an IP are "sem terminal".
 */
const ANSWERS = new Set(['online', 'warning']);

function conciliar(cliente: Cliente): ConciliacaoCliente {
  const status = mockClienteStatus(cliente.id);
  const livro = openMockPositions(cliente.id);
  const answered = Boolean(status && ANSWERS.has(status.status));
  const terminal = answered ? new Map(livro) : null;
  let custodia: Map<string, number> | null = null;
  if (cliente.id === 1) {
    terminal?.set('PETR4', (terminal.get('PETR4') ?? 0) - 100);
    custodia = new Map([...livro, ['ITSA4', 300]]);
  }
  const acoes = [
    ...new Set([...livro.keys(), ...(terminal?.keys() ?? []), ...(custodia?.keys() ?? [])]),
  ].sort();
  const linhas = acoes.map((acao): LinhaConciliacao => {
    const l = livro.get(acao) ?? 0;
    const t = terminal ? (terminal.get(acao) ?? 0) : null;
    const c = custodia ? (custodia.get(acao) ?? 0) : null;
    const lados = [l, t, c].filter((q): q is number => q !== null);
    const comAcoes = (
      [
        ['so_no_livro', l],
        ['so_no_terminal', t],
        ['so_na_custodia', c],
      ] as const
    ).filter(([, q]) => q);
    return {
      acao,
      livro: l || null,
      terminal: t || null,
      custodia: c || null,
      situacao: lados.every((q) => q === l)
        ? 'confere'
        : comAcoes.length === 1
          ? comAcoes[0]![0]
          : 'diverge',
      diferenca_terminal: t === null ? null : t - l,
      diferenca_custodia: c === null ? null : c - l,
    };
  });
  const divergencias = linhas.filter((l) => l.situacao !== 'confere').length;
  return {
    cliente: cliente.id,
    nome: cliente.nome ?? `Cliente ${cliente.id}`,
    situacao: divergencias ? 'divergente' : answered ? 'confere' : 'sem_terminal',
    divergencias,
    terminal_status: answered ? 'online' : ((status?.status ?? 'missing_ip') as 'offline'),
    terminal_detalhe: answered ? null : (status?.detail ?? null),
    custodia_data: custodia ? '2025-10-28' : null,
    linhas,
  };
}

export const conciliacaoHandlers = [
  handle(e.list, () =>
    ok(
      e.list,
      listMockClientes().map((c) => {
        const { linhas: _linhas, ...resumo } = conciliar(c);
        return resumo;
      }),
    ),
  ),
  handle(e.cliente, ({ input: { params } }) => {
    const cliente = findMockCliente(params.id);
    return cliente ? ok(e.cliente, conciliar(cliente)) : fail(404, CLIENTE_NAO_ENCONTRADO);
  }),
];
