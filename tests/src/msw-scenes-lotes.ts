import * as c from '../../contract';
import { alvoAbaixoDoPreco, posicaoAberta } from '../../contract/mensagens-ordens';
import { CLIENTE_SEM_IP, terminalProblem, terminalSemResposta } from '../../contract/terminal';
import { fail, handle, ok } from '../../mocks/contract';
import { avancar, cancelGrupo, novoGrupo, statusDoLote, uuid, type Lote } from '../../mocks/grupos';
import * as carteira from '../../mocks/handlers/carteira';
import {
  findMockCliente,
  listMockClientes,
  mockClienteStatus,
} from '../../mocks/handlers/clientes';
import { recorded } from '../../mocks/recorded';
import {
  avisoLoteEmVoo,
  deductEmVoo,
  recusaEmVoo,
  recusaLoteEmVoo,
} from '../../shared/compras-em-voo';
import { money } from '../../shared/decimal';
import { formatMoney } from '../../shared/format';
import { splitLegs } from '../../shared/legs';
import { dimensionar, motivoDoCliente, valorEstimado } from '../../shared/lotes';
import { comprasEmVoo, roteiroDe, type EmVoo } from './msw-scenes';

/**
 * The buy lote's server for the lote screens' tests (server.use): every client of the clients mock sized from its
 * own valor disponível (the portfolio mock's, less its buys in `emVoo`) by the server's rules (shared/lotes), its
 * terminal's status in the server's words; a sent lote's orders go through the scene's statuses (msw-scenes.ts
 * `roteiroDe`: half filled, then executed; rejected for RJCT3), executed ones reaching the portfolio mock.
 */

const e = c.lotesEndpoints;
const UNREACHABLE = new Set(['offline', 'timeout', 'missing_ip', 'error']);
const nomeDe = (id: number) => findMockCliente(id)?.nome ?? `Cliente ${id}`;

/** One client's line of a validation, through the server's rules (shared/lotes) and words (the contract). */
function linha(id: number, req: c.LoteValidarRequest, emVoo: EmVoo[], ajuste?: number) {
  const status = mockClienteStatus(id);
  const compras = comprasEmVoo(emVoo, id, req.ticker);
  const disponivel = deductEmVoo(carteira.mockResumo(id)?.valor_disponivel ?? null, compras);
  const aviso = avisoLoteEmVoo(req.ticker, compras);
  const posicao = carteira.openMockTickers(id).includes(req.ticker);
  const item = {
    cliente: id,
    nome: nomeDe(id),
    status_mt5: c.Mt5StatusValueSchema.catch('error').parse(status?.status ?? 'missing_ip'),
    detalhe_mt5: status?.detail ?? null,
    valor_disponivel: money(disponivel),
    posicao_aberta: posicao,
    compras_em_voo: compras,
    aviso,
  };
  if (!status || UNREACHABLE.has(status.status)) {
    const semIp = status?.status === 'missing_ip';
    const motivo = semIp ? `${CLIENTE_SEM_IP}.` : terminalSemResposta(status?.detail ?? '');
    const vazio = { preco_referencia: null, quantidade: 0, legs_sugeridas: [], validacoes: [] };
    return { ...item, ...vazio, valor_estimado: null, elegivel: false, motivo };
  }
  const preco = req.preco ?? carteira.mockQuote(req.ticker) ?? 10;
  const dim = ajuste === undefined ? dimensionar(req.regra, req.valor, disponivel, preco) : null;
  const quantidade = ajuste ?? dim!.quantidade;
  const legs = splitLegs(req.ticker, quantidade);
  const aberto = { connected: true, trade_allowed: false };
  const problema = status.status === 'warning' ? terminalProblem(aberto) : null;
  const recusa = problema ?? (req.tp > preco ? null : alvoAbaixoDoPreco(formatMoney(preco)));
  const motivo = motivoDoCliente({
    terminal: problema,
    posicaoAberta: posicao ? posicaoAberta(req.ticker) : null,
    aviso,
    disponivel,
    dimensionamento: dim?.motivo ?? null,
    pernas: recusa,
  });
  return {
    ...item,
    preco_referencia: preco,
    quantidade,
    legs_sugeridas: legs,
    validacoes: legs.map((l) => ({ symbol: l.symbol, ok: !recusa, motivo: recusa })),
    valor_estimado: quantidade > 0 ? valorEstimado(quantidade, preco) : null,
    elegivel: motivo === null,
    motivo,
  };
}

/** The 409 of a lote when some client already has a buy of the stock in flight; null when none has. */
function recusaLote(emVoo: EmVoo[], { ticker_base: ticker, itens }: c.LoteCompraRequest) {
  const recusados = itens.flatMap(({ cliente }, i) => {
    const compras = comprasEmVoo(emVoo, cliente, ticker);
    return compras.length
      ? [{ i, nome: nomeDe(cliente), motivo: recusaEmVoo(ticker, compras) }]
      : [];
  });
  if (!recusados.length) return null;
  const campos = Object.fromEntries(recusados.map((r) => [`itens.${r.i}.cliente`, r.motivo]));
  return { status: 409, body: { detail: recusaLoteEmVoo(ticker, recusados), campos } } as never;
}

export function lotesScene({ emVoo = [] as EmVoo[] } = {}) {
  const lotes = new Map<string, Lote>();
  const chaves = new Map<string, string>();
  const naoEncontrado = () => fail(404, recorded('lote-status-404').response.body.detail);
  let grupos = 0;
  const item = (cliente: number, legs: c.Leg[], ticker: string, fim: () => void) => {
    const group_id = uuid('00000000', ++grupos);
    const campos = { group_id, cliente, nome: nomeDe(cliente), operacao: null };
    return novoGrupo<c.LoteItemStatus>(campos, legs, roteiroDe(ticker), fim);
  };
  return [
    handle(e.validate, ({ input: { body } }) => {
      const todos = [...listMockClientes()].sort((a, b) =>
        (a.nome ?? '').localeCompare(b.nome ?? '', 'pt-BR'),
      );
      const ajustes = new Map(body.ajustes?.map((a) => [a.cliente, a.quantidade]));
      const ids = body.clientes ?? todos.map((cl) => cl.id);
      return ok(e.validate, { itens: ids.map((id) => linha(id, body, emVoo, ajustes.get(id))) });
    }),
    handle(e.sendCompra, ({ input: { headers, body } }) => {
      const key = headers['idempotency-key'];
      const recusa =
        chaves.has(key) || body.confirmar_compra_em_voo ? null : recusaLote(emVoo, body);
      if (recusa) return recusa;
      if (!chaves.has(key)) {
        const { ticker_base, execucao, tp, preco = null, regra = null, valor = null } = body;
        const lote_id = uuid('10000000', lotes.size + 1);
        const criado = { criado_em: new Date().toISOString(), criado_por: 'operador' };
        const campos = { lado: 'compra' as const, ticker_base, execucao, preco, tp, regra, valor };
        const itens = body.itens.map(({ cliente, legs }) => {
          const quantidade = legs.reduce((sum, l) => sum + l.quantidade, 0);
          const fim = carteira.comprada(cliente, ticker_base, quantidade, preco, tp);
          return item(cliente, legs, ticker_base, fim);
        });
        lotes.set(lote_id, { ...campos, lote_id, ...criado, itens });
        chaves.set(key, lote_id);
      }
      return ok(e.sendCompra, { lote_id: chaves.get(key)! });
    }),
    handle(e.status, ({ input: { params } }) => {
      const lote = lotes.get(params.lote_id);
      if (!lote) return naoEncontrado();
      lote.itens.forEach(avancar);
      return ok(e.status, statusDoLote(lote));
    }),
    handle(e.cancel, ({ input: { params } }) => {
      const lote = lotes.get(params.lote_id);
      if (!lote) return naoEncontrado();
      const abertos = lote.itens.filter((i) => !i.status.finished);
      abertos.forEach(cancelGrupo);
      const cancelamentos = abertos.map(({ status: { cliente, nome, group_id } }) => {
        return { cliente, nome, group_id, ok: true, motivo: null };
      });
      return ok(e.cancel, { ...statusDoLote(lote), cancelamentos });
    }),
  ];
}
