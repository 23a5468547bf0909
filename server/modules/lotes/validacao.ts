import type { LoteItemValidacao, LoteValidacao, LoteValidarRequest } from '../../../contract';
import { posicaoAberta } from '../../../contract/mensagens-ordens';
import { avisoLoteEmVoo } from '../../../shared/compras-em-voo';
import { money, price } from '../../../shared/decimal';
import {
  dimensionar,
  motivoDoCliente,
  valorEstimado,
  type Dimensionamento,
} from '../../../shared/lotes';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { forEachBounded } from '../../lib/bounded';
import { invalidFields } from '../../lib/http-error';
import {
  CLIENTE_SEM_IP,
  sharedTimeoutMs,
  statusFromError,
  statusFromHealth,
  terminalNaoChamado,
  terminalSemResposta,
  type AgentAddress,
  type SymbolInfo,
} from '../../lib/mt5-agent';
import { valoresDisponiveis } from '../carteira';
import {
  deductEmVoo,
  emVooDe,
  paraContrato,
  planCompra,
  referencePrice,
  resolveAgent,
  selectComprasEmVoo,
  type CompraEmVooRow,
  type EmVoo,
  type PlanoCompra,
} from '../ordens';
import { clientesComPosicao, selectClientesLote } from './repository';

/**
 * Validar of a buy lote: each client's buy sized by the rule from its own valor disponível (less its buys of the
 * stock in flight) and its legs checked against its own terminal, the terminals asked side by side within about
 * one agent timeout; nothing is stored.
 */
export async function validateLote(
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
      itens[i] = await validateCliente(config, req, c, {
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

interface ClienteContexto {
  disponivel: string | null;
  posicaoAberta: boolean;
  emVoo: CompraEmVooRow[];
  ajuste?: number | undefined;
  timeoutMs: number;
}

/** A client's money for this buy: its buys in flight valued at the ask, what is left, and the rule's quantity. */
interface Dimensao {
  emVoo: EmVoo[];
  livre: string | null;
  dim: Dimensionamento;
}

function dimensao(
  req: LoteValidarRequest,
  ctx: ClienteContexto,
  preco: number,
  base: SymbolInfo,
): Dimensao {
  // The buys in flight valued at the price a market order pays now (the ask), whatever this lote's limit price.
  const emVoo = ctx.emVoo.map((r) => emVooDe(r, referencePrice('compra', base)));
  const livre = deductEmVoo(ctx.disponivel, emVoo);
  const dim =
    ctx.ajuste !== undefined
      ? { quantidade: ctx.ajuste, motivo: null }
      : dimensionar(req.regra, req.valor, livre, preco);
  return { emVoo, livre, dim };
}

/** One client's line: its terminal asked through the order pipeline, or why it was not. */
async function validateCliente(
  config: Config,
  req: LoteValidarRequest,
  cliente: AgentAddress & { id: number; nome: string },
  ctx: ClienteContexto,
): Promise<LoteItemValidacao> {
  // Until the terminal answers, a market order in flight has no price: its value is unknown, not subtracted.
  const emVooSemPreco = ctx.emVoo.map((r) => emVooDe(r, null));
  const item: LoteItemValidacao = {
    cliente: cliente.id,
    nome: cliente.nome,
    status_mt5: 'missing_ip',
    detalhe_mt5: CLIENTE_SEM_IP,
    valor_disponivel: money(deductEmVoo(ctx.disponivel, emVooSemPreco)),
    preco_referencia: null,
    quantidade: 0,
    legs_sugeridas: [],
    validacoes: [],
    valor_estimado: null,
    posicao_aberta: ctx.posicaoAberta,
    compras_em_voo: emVooSemPreco.map(paraContrato),
    aviso: avisoLoteEmVoo(req.ticker, emVooSemPreco),
    elegivel: false,
    motivo: `${CLIENTE_SEM_IP}.`,
  };
  const resolved = resolveAgent(config, cliente, ctx.timeoutMs);
  if (!resolved.agent) {
    if (resolved.status === 'missing_ip') return item;
    return {
      ...item,
      status_mt5: resolved.status,
      detalhe_mt5: resolved.detail,
      motivo: terminalNaoChamado(resolved.detail),
    };
  }
  let sized = null as Dimensao | null;
  let plano: PlanoCompra;
  try {
    // One round trip per client: the fractional symbol is asked before the quantity says it is needed.
    plano = await planCompra(resolved.agent, {
      ticker: req.ticker,
      preco: req.preco,
      tp: req.tp,
      prefetchFractional: true,
      quantidade: {
        dimensionar: (preco, base) => (sized = dimensao(req, ctx, preco, base)).dim.quantidade,
      },
    });
  } catch (err) {
    const { status, detail } = statusFromError(err);
    return {
      ...item,
      status_mt5: status,
      detalhe_mt5: detail,
      motivo: terminalSemResposta(detail ?? status),
    };
  }
  const { status, detail } = statusFromHealth(plano.health);
  Object.assign(item, { status_mt5: status, detalhe_mt5: detail });
  if (!sized || plano.precoReferencia === null) {
    return { ...item, validacoes: plano.validacoes, motivo: plano.recusada?.motivo ?? null };
  }
  return lineOf(req, ctx, item, plano, plano.precoReferencia, sized);
}

/** The line of a client whose terminal answered: its quantity, legs, checks, and why it is left out, if it is. */
function lineOf(
  req: LoteValidarRequest,
  ctx: ClienteContexto,
  item: LoteItemValidacao,
  plano: PlanoCompra,
  preco: number,
  { emVoo, livre, dim }: Dimensao,
): LoteItemValidacao {
  const aviso = avisoLoteEmVoo(req.ticker, emVoo);
  const motivo = motivoDoCliente({
    terminal: plano.problema,
    posicaoAberta: ctx.posicaoAberta ? posicaoAberta(req.ticker) : null,
    aviso,
    disponivel: livre,
    dimensionamento: dim.motivo,
    pernas: plano.recusada?.motivo ?? null,
  });
  return {
    ...item,
    valor_disponivel: money(livre),
    compras_em_voo: emVoo.map(paraContrato),
    aviso,
    preco_referencia: price(preco),
    quantidade: dim.quantidade,
    legs_sugeridas: plano.legs,
    validacoes: plano.validacoes,
    valor_estimado: dim.quantidade > 0 ? valorEstimado(dim.quantidade, preco) : null,
    elegivel: motivo === null,
    motivo,
  };
}
