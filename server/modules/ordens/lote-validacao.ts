import type { LoteItemValidacao, LoteValidacao, LoteValidarRequest } from '../../../contract';
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
import { valoresDisponiveis } from '../../lib/portfolio-figures';
import { resolveAgent, symbolOrNull } from './agent';
import { terminalProblem } from './compra';
import { clientesComPosicao, selectClientesLote } from './lotes-repository';
import { checkLegs, referencePrice } from './validation';

/**
 * Validar of a buy lote: each client's buy sized by the rule from its own valor disponível and its legs checked
 * against its own terminal, the terminals asked side by side within about one agent timeout; nothing is stored.
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

  const [disponiveis, comPosicao] = await Promise.all([
    valoresDisponiveis(db),
    clientesComPosicao(db, req.ticker),
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
    ajuste?: number | undefined;
    timeoutMs: number;
  },
): Promise<LoteItemValidacao> {
  const item: LoteItemValidacao = {
    cliente: cliente.id,
    nome: cliente.nome,
    status_mt5: 'missing_ip',
    detalhe_mt5: 'Cliente sem IP de VM',
    valor_disponivel: money(ctx.disponivel),
    preco_referencia: null,
    quantidade: 0,
    legs_sugeridas: [],
    validacoes: [],
    valor_estimado: null,
    posicao_aberta: ctx.posicaoAberta,
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
  const dim =
    ctx.ajuste !== undefined
      ? { quantidade: ctx.ajuste, motivo: null }
      : dimensionar(req.regra, req.valor, ctx.disponivel, preco);
  const legs = splitLegs(req.ticker, dim.quantidade);
  const problem = terminalProblem(health);
  const validacoes =
    legs.length === 0
      ? []
      : problem
        ? legs.map((leg) => ({ symbol: leg.symbol, ok: false, motivo: problem }))
        : checkLegs({
            lado: 'compra',
            legs,
            infos: legs.map((leg) => (leg.symbol === req.ticker ? info : frac)),
            preco: req.preco,
            tp: req.tp,
            marginFree: health.account.margin_free,
          });
  const failed = validacoes.find((v) => !v.ok);
  const disponivel = ctx.disponivel === null ? null : new Decimal(ctx.disponivel);
  // The first reason the default selection leaves the client out, most fundamental first.
  const motivo =
    problem ??
    (ctx.posicaoAberta ? `Já tem posição aberta em ${req.ticker}.` : null) ??
    (disponivel === null
      ? 'Sem patrimônio importado: valor disponível desconhecido.'
      : disponivel.greaterThan(0)
        ? null
        : 'Sem valor disponível.') ??
    dim.motivo ??
    (failed ? (failed.motivo ?? 'inválido') : null);
  return {
    ...item,
    preco_referencia: price(preco),
    quantidade: dim.quantidade,
    legs_sugeridas: legs,
    validacoes,
    valor_estimado: dim.quantidade > 0 ? valorEstimado(dim.quantidade, preco) : null,
    elegivel: motivo === null,
    motivo,
  };
}
