import type { Modelo, RebalancearValidar, RebalanceamentoValidacao } from '../../../contract';
import { baseSymbol } from '../../../shared/legs';
import {
  planRebalance,
  type ClienteRebalanceamento,
  type Modelo as ModeloPlano,
  type Posicao,
} from '../../../shared/rebalanceamento';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { invalidFields } from '../../lib/http-error';
import type { QuoteService } from '../../lib/quotes';
import { valoresDisponiveis } from '../carteira';
import { conciliarClientes } from '../conciliacao';
import { selectClasses, selectOrdensEmVoo, selectVendasAcoesMes } from './fatos';
import { selectClientesAlvo, type ClienteAlvo } from './repository';
import { getModelo } from './service';

export interface ValidacaoDeps {
  db: Db;
  config: Config;
  quotes: QuoteService;
}

const paraPlano = (m: Modelo): ModeloPlano => ({
  itens: m.itens,
  caixa_alvo: m.caixa_alvo,
  faixa: m.faixa,
});

/** The clients of the request: the model's followers, or those given (an unknown one is its field's 400). */
async function alvosDe(db: Db, modelo: number, req: RebalancearValidar): Promise<ClienteAlvo[]> {
  const alvos = await selectClientesAlvo(db, modelo, req.clientes);
  const achados = new Set(alvos.map((a) => a.id));
  const campos: Record<string, string> = {};
  req.clientes?.forEach((id, i) => {
    if (!achados.has(id)) campos[`clientes.${i}`] = 'Cliente não encontrado.';
  });
  if (Object.keys(campos).length) throw invalidFields(campos);
  return alvos;
}

/**
 * Validar of a rebalance (issue 33): each client's V from the current quotes and its valor disponível, its
 * position as the book and its terminal agree (the reconciliation asks the terminals side by side, within about
 * one agent timeout), its orders in flight and unknown legs, the month's stock sales; then the pure planner.
 * Nothing is stored or sent.
 */
export async function validateRebalanceamento(
  { db, config, quotes }: ValidacaoDeps,
  id: number,
  req: RebalancearValidar,
): Promise<RebalanceamentoValidacao> {
  const modelo = await getModelo(db, id);
  const alvos = await alvosDe(db, id, req);
  const ids = alvos.map((a) => a.id);
  const [conciliacao, disponiveis, emVoo, vendas] = await Promise.all([
    conciliarClientes(db, config, ids),
    valoresDisponiveis(db),
    selectOrdensEmVoo(db, ids),
    selectVendasAcoesMes(db, ids),
  ]);
  const doTerminal = new Map(conciliacao.map((c) => [c.cliente, c]));
  const tickers = new Set(modelo.itens.map((i) => i.ticker));
  for (const c of conciliacao)
    for (const l of c.linhas) if (l.livro) tickers.add(baseSymbol(l.acao));
  const [cotacoes, classes] = await Promise.all([
    quotes.getQuotes([...tickers]),
    selectClasses(db, [...tickers]),
  ]);
  const precos = Object.fromEntries([...cotacoes].map(([t, p]) => [t, String(p)]));
  const plano = paraPlano(modelo);
  const itens = alvos.map((alvo) => {
    const conc = doTerminal.get(alvo.id);
    const posicoes: Posicao[] = (conc?.linhas ?? [])
      .filter((l) => (l.livro ?? 0) > 0)
      .map((l) => ({
        ticker: l.acao,
        quantidade: l.livro!,
        preco: precos[l.acao] ?? 0,
        classe: classes.get(l.acao) ?? 'acao',
        // Never sold beyond what the book and the terminal both hold (a terminal not read: nothing).
        vendavel: l.terminal === null ? 0 : Math.min(l.livro!, l.terminal),
      }));
    const voo = emVoo.get(alvo.id);
    const cliente: ClienteRebalanceamento = {
      cliente: String(alvo.id),
      nome: alvo.nome,
      caixa: disponiveis.get(alvo.id) ?? null,
      posicoes,
      precos,
      modelo: alvo.modelo === null ? null : plano,
      mt5Online: conc?.terminal_status === 'online',
      ordensEmVoo: voo?.tickers ?? [],
      resultadoDesconhecido: voo?.desconhecido ?? false,
      vendasAcoesMes: vendas.get(alvo.id)!,
    };
    const item = planRebalance(cliente, req);
    const outro =
      alvo.modelo !== null && alvo.modelo !== id
        ? 'O cliente segue outro modelo: troque o modelo do cliente para rebalanceá-lo por este.'
        : null;
    return outro
      ? { ...item, cliente: alvo.id, ordens: [], excluido: true, motivo: outro }
      : { ...item, cliente: alvo.id };
  });
  return { itens };
}
