import type { LoteItemValidacao, LoteValidacao, LoteValidarRequest } from '../../../contract';
import { avisoLoteEmVoo } from '../../../shared/compras-em-voo';
import { Decimal, money, price } from '../../../shared/decimal';
import { fractionalSymbol, splitLegs } from '../../../shared/legs';
import { dimensionar, valorEstimado } from '../../../shared/lotes';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { forEachBounded } from '../../lib/bounded';
import { invalidFields } from '../../lib/http-error';
import {
  sharedTimeoutMs,
  statusFromError,
  statusFromHealth,
  type AgentAddress,
  type SymbolInfo,
} from '../../lib/mt5-agent';
import { valoresDisponiveis } from '../carteira';
import { resolveAgent, symbolOrNull } from '../ordens';
import {
  descontar,
  emVooDe,
  paraContrato,
  selectComprasEmVoo,
  type CompraEmVooRow,
} from '../ordens';
import { clientesComPosicao, selectClientesLote } from './repository';
import { checarPernasCompra, terminalProblem } from '../ordens';
import { referencePrice } from '../ordens';

/**
 * Validar of a buy lote: each client's buy sized by the rule from its own valor disponível (less its buys of the
 * stock in flight) and its legs checked against its own terminal, the terminals asked side by side within about
 * one agent timeout; nothing is stored.
 */
export async function validarLote(
  db: Db,
  config: Config,
  req: LoteValidarRequest,
): Promise<LoteValidacao> {
  const lista = await selectClientesLote(db, req.clientes);
  const found = new Set(lista.map((c) => c.id));
  const campos: Record<string, string> = {};
  req.clientes?.forEach((id, i) => {
    if (!found.has(id)) campos[`clientes.${i}`] = 'Cliente não encontrado.';
  });
  req.ajustes?.forEach((a, i) => {
    if (!found.has(a.cliente)) campos[`ajustes.${i}.cliente`] = 'Cliente não encontrado.';
  });
  if (Object.keys(campos).length) throw invalidFields(campos);

  const [disponiveis, comPosicao, emVoo] = await Promise.all([
    valoresDisponiveis(db),
    clientesComPosicao(db, req.ticker),
    selectComprasEmVoo(db, req.ticker, req.clientes ?? null),
  ]);
  const ajustes = new Map(req.ajustes?.map((a) => [a.cliente, a.quantidade]));
  const { slots, timeoutMs } = sharedTimeoutMs(config.mt5, lista.length);
  const itens = new Array<LoteItemValidacao>(lista.length);
  await forEachBounded(
    lista.map((c, i) => ({ c, i })),
    slots,
    async ({ c, i }) => {
      itens[i] = await validarCliente(config, req, c, {
        disponivel: disponiveis.get(c.id) ?? null,
        posicaoAberta: comPosicao.has(c.id),
        emVoo: emVoo.get(c.id) ?? [],
        ajuste: ajustes.get(c.id),
        timeoutMs,
      });
    },
  );
  return { itens };
}

async function validarCliente(
  config: Config,
  req: LoteValidarRequest,
  cliente: AgentAddress & { id: number; nome: string },
  ctx: {
    disponivel: string | null;
    posicaoAberta: boolean;
    emVoo: CompraEmVooRow[];
    ajuste?: number | undefined;
    timeoutMs: number;
  },
): Promise<LoteItemValidacao> {
  // Until the terminal answers, a market order in flight has no price: its value is unknown, not subtracted.
  const emVooSemPreco = ctx.emVoo.map((r) => emVooDe(r, null));
  const item: LoteItemValidacao = {
    cliente: cliente.id,
    nome: cliente.nome,
    status_mt5: 'missing_ip',
    detalhe_mt5: 'Cliente sem IP de VM',
    valor_disponivel: money(descontar(ctx.disponivel, emVooSemPreco)),
    preco_referencia: null,
    quantidade: 0,
    legs_sugeridas: [],
    validacoes: [],
    valor_estimado: null,
    posicao_aberta: ctx.posicaoAberta,
    compras_em_voo: emVooSemPreco.map(paraContrato),
    aviso: avisoLoteEmVoo(req.ticker, emVooSemPreco),
    elegivel: false,
    motivo: 'Cliente sem IP de VM.',
  };
  const resolved = resolveAgent(config, cliente, ctx.timeoutMs);
  if (!resolved.agent) {
    if (resolved.status === 'missing_ip') return item;
    return {
      ...item,
      status_mt5: resolved.status,
      detalhe_mt5: resolved.detail,
      motivo: `Terminal MT5 não chamado: ${resolved.detail}.`,
    };
  }
  const { agent } = resolved;

  let health;
  let info: SymbolInfo | null;
  let frac: SymbolInfo | null;
  try {
    // One round trip per client: the fractional symbol is asked before the quantity says it is needed.
    [health, info, frac] = await Promise.all([
      agent.health(),
      symbolOrNull(agent, req.ticker),
      symbolOrNull(agent, fractionalSymbol(req.ticker)),
    ]);
  } catch (err) {
    const { status, detail } = statusFromError(err);
    return {
      ...item,
      status_mt5: status,
      detalhe_mt5: detail,
      motivo: `Terminal MT5 indisponível: ${detail ?? status}.`,
    };
  }
  const { status, detail } = statusFromHealth(health);
  Object.assign(item, { status_mt5: status, detalhe_mt5: detail });
  if (!info) {
    const motivo = `O símbolo ${req.ticker} não existe no terminal.`;
    return { ...item, validacoes: [{ symbol: req.ticker, ok: false, motivo }], motivo };
  }

  const preco = referencePrice('compra', info, req.preco);
  // The buys in flight valued at the price a market order pays now (the ask), whatever this lote's limit price.
  const emVoo = ctx.emVoo.map((r) => emVooDe(r, referencePrice('compra', info)));
  const livre = descontar(ctx.disponivel, emVoo);
  const dim =
    ctx.ajuste !== undefined
      ? { quantidade: ctx.ajuste, motivo: null }
      : dimensionar(req.regra, req.valor, livre, preco);
  const legs = splitLegs(req.ticker, dim.quantidade);
  const problem = terminalProblem(health);
  const validacoes = checarPernasCompra(
    health,
    legs,
    legs.map((leg) => (leg.symbol === req.ticker ? info : frac)),
    req,
  );
  const failed = validacoes.find((v) => !v.ok);
  const disponivel = livre === null ? null : new Decimal(livre);
  const aviso = avisoLoteEmVoo(req.ticker, emVoo);
  // The first reason the default selection leaves the client out, most fundamental first.
  const motivo =
    problem ??
    (ctx.posicaoAberta ? `Já tem posição aberta em ${req.ticker}.` : null) ??
    aviso ??
    (disponivel === null
      ? 'Sem patrimônio importado: valor disponível desconhecido.'
      : disponivel.greaterThan(0)
        ? null
        : 'Sem valor disponível.') ??
    dim.motivo ??
    (failed ? (failed.motivo ?? 'inválido') : null);
  return {
    ...item,
    valor_disponivel: money(livre),
    compras_em_voo: emVoo.map(paraContrato),
    aviso,
    preco_referencia: price(preco),
    quantidade: dim.quantidade,
    legs_sugeridas: legs,
    validacoes,
    valor_estimado: dim.quantidade > 0 ? valorEstimado(dim.quantidade, preco) : null,
    elegivel: motivo === null,
    motivo,
  };
}
