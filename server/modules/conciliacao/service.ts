import {
  CLIENTE_NAO_ENCONTRADO,
  type ConciliacaoCliente,
  type ConciliacaoResumo,
  type LinhaConciliacao,
  type Mt5StatusValue,
  type SituacaoLinha,
} from '../../../contract';
import { baseSymbol, positionsByBase } from '../../../shared/legs';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { signalChange } from '../../lib/changes';
import { notFound } from '../../lib/http-error';
import { CLIENTE_SEM_IP, askFleet, statusFromError, type Position } from '../../lib/mt5-agent';
import { selectClientesAlvo, selectCustodia, selectLivro, type ClienteAlvo } from './repository';

/** What a terminal said: its positions per base ticker, or why there are none to compare. */
interface Terminal {
  status: Mt5StatusValue;
  detalhe: string | null;
  posicoes: Map<string, number> | null;
}

const SEM_IP: Terminal = { status: 'missing_ip', detalhe: CLIENTE_SEM_IP, posicoes: null };

/** A stock of the custody sheet (PETR4, PETR4F, TAEE11, B3SA3); other assets (funds, bonds) are not reconciled here. */
const ACAO_B3 = /^[A-Z][A-Z0-9]{3}\d{1,2}F?$/;

interface Lados {
  livro: Map<string, number>;
  terminal: Map<string, number> | null;
  custodia: Map<string, number> | null;
}

/**
 * One stock: every side that has figures agrees (a side without the stock counts 0); exactly one side holds it; or
 * the quantities differ. A side that could not be read (the terminal did not answer, no custody import) is left out,
 * never counted as a divergence.
 */
function classify(livro: number, terminal: number | null, custodia: number | null): SituacaoLinha {
  const lados = [livro, terminal, custodia].filter((q): q is number => q !== null);
  if (lados.every((q) => q === livro)) return 'confere';
  const comAcoes = [
    ['so_no_livro', livro],
    ['so_no_terminal', terminal],
    ['so_na_custodia', custodia],
  ].filter(([, q]) => q !== null && q !== 0);
  return comAcoes.length === 1 ? (comAcoes[0]![0] as SituacaoLinha) : 'diverge';
}

const collator = new Intl.Collator('pt-BR');
const figura = (q: number | null) => (q === null || q === 0 ? null : q);

function linhas({ livro, terminal, custodia }: Lados): LinhaConciliacao[] {
  const acoes = new Set([
    ...livro.keys(),
    ...(terminal?.keys() ?? []),
    ...(custodia?.keys() ?? []),
  ]);
  return [...acoes].sort(collator.compare).map((acao) => {
    const noLivro = livro.get(acao) ?? 0;
    const noTerminal = terminal ? (terminal.get(acao) ?? 0) : null;
    const naCustodia = custodia ? (custodia.get(acao) ?? 0) : null;
    return {
      acao,
      livro: figura(noLivro),
      terminal: figura(noTerminal),
      custodia: figura(naCustodia),
      situacao: classify(noLivro, noTerminal, naCustodia),
      diferenca_terminal: noTerminal === null ? null : noTerminal - noLivro,
      diferenca_custodia: naCustodia === null ? null : naCustodia - noLivro,
    };
  });
}

const add = (map: Map<string, number>, acao: string, q: number) =>
  map.set(acao, (map.get(acao) ?? 0) + q);

/** Asks every client's terminal for its positions, side by side, in about one agent timeout. */
function terminais(alvos: ClienteAlvo[], config: Config): Promise<Terminal[]> {
  return askFleet(
    alvos,
    config.mt5,
    async (agent): Promise<Terminal> => {
      const posicoes: Position[] = await agent.positions();
      return { status: 'online', detalhe: null, posicoes: positionsByBase(posicoes) };
    },
    () => SEM_IP,
    (_, err) => {
      const { status, detail } = statusFromError(err);
      return { status, detalhe: detail, posicoes: null };
    },
  );
}

/** The reconciliation of every client asked (all, or these), with its lines. */
export async function reconcile(
  db: Db,
  config: Config,
  ids?: readonly number[],
): Promise<ConciliacaoCliente[]> {
  const alvos = await selectClientesAlvo(db, ids);
  const [livro, custodia, respostas] = await Promise.all([
    selectLivro(db, ids),
    selectCustodia(db, ids),
    terminais(alvos, config),
  ]);
  const livroDe = new Map<number, Map<string, number>>();
  for (const r of livro) {
    const map = livroDe.get(r.cliente_id) ?? new Map<string, number>();
    livroDe.set(r.cliente_id, add(map, baseSymbol(r.ticker), r.quantidade));
  }
  const custodiaDe = new Map<number, { data: string; acoes: Map<string, number> }>();
  for (const r of custodia) {
    const entry = custodiaDe.get(r.cliente_id) ?? { data: r.data, acoes: new Map() };
    custodiaDe.set(r.cliente_id, entry);
    const ativo = r.ativo.trim().toUpperCase();
    if (ACAO_B3.test(ativo)) add(entry.acoes, baseSymbol(ativo), Number(r.quantidade));
  }
  const resultado = alvos.map((cliente, i): ConciliacaoCliente => {
    const terminal = respostas[i]!;
    const daCustodia = custodiaDe.get(cliente.id);
    const lista = linhas({
      livro: livroDe.get(cliente.id) ?? new Map(),
      terminal: terminal.posicoes,
      custodia: daCustodia?.acoes ?? null,
    });
    const divergencias = lista.filter((l) => l.situacao !== 'confere').length;
    return {
      cliente: cliente.id,
      nome: cliente.nome,
      situacao: divergencias > 0 ? 'divergente' : terminal.posicoes ? 'confere' : 'sem_terminal',
      divergencias,
      terminal_status: terminal.status,
      terminal_detalhe: terminal.detalhe,
      custodia_data: daCustodia?.data ?? null,
      linhas: lista,
    };
  });
  // The alerts hear of every reconciliation made: its new divergences are told (issue 31).
  signalChange(db, { kind: 'conciliacao', clientes: resultado });
  return resultado;
}

/** Every client: its worst state and how many stocks disagree. */
export async function conciliacaoGeral(db: Db, config: Config): Promise<ConciliacaoResumo[]> {
  return (await reconcile(db, config)).map(({ linhas: _linhas, ...resumo }) => resumo);
}

/** One client, stock by stock. */
export async function conciliacaoCliente(
  db: Db,
  config: Config,
  id: number,
): Promise<ConciliacaoCliente> {
  const [cliente] = await reconcile(db, config, [id]);
  if (!cliente) throw notFound(CLIENTE_NAO_ENCONTRADO);
  return cliente;
}
