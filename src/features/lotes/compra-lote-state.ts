import type {
  LoteCompraRequest,
  LoteItemValidacao,
  LoteStatus,
  LoteValidarRequest,
} from '../../../contract';
import { paramsOf, type Params } from './compra-params';
import { falhas, novaLinha, pernasDe, podeSelecionar, type LinhaCompra } from './figures';

/**
 * The buy lote's state (pure): what Validar sized and checked (the parameters and one row per client), how the
 * operator's ticks, typed quantities and a new Validar change it, and what follows (what blocks Enviar, the lote
 * it sends, the request that validates a re-send or the typed quantities).
 */

/** The parameters Validar ran with, and each client's row as the operator left it. */
export interface Validado {
  params: Params;
  linhas: LinhaCompra[];
}

export type CompraLoteAction =
  | { type: 'validated'; params: Params; itens: LoteItemValidacao[] }
  /** The typed quantities validated again: those clients' rows replaced, their ticks kept when still allowed. */
  | { type: 'revalidated'; itens: LoteItemValidacao[] }
  | { type: 'selected'; clientes: number[]; selecionado: boolean }
  | { type: 'typed'; cliente: number; quantidade: number };

function linhaTipada(l: LinhaCompra, quantidade: number): LinhaCompra {
  return {
    ...l,
    quantidade,
    alterada: quantidade !== l.item.quantidade,
    selecionado: quantidade > 0 && l.selecionado,
  };
}

export function compraLoteReducer(
  state: Validado | null,
  action: CompraLoteAction,
): Validado | null {
  if (action.type === 'validated') {
    return { params: action.params, linhas: action.itens.map(novaLinha) };
  }
  if (!state) return state;
  const linhas = (update: (l: LinhaCompra) => LinhaCompra) => ({
    ...state,
    linhas: state.linhas.map(update),
  });
  switch (action.type) {
    case 'revalidated': {
      const novos = new Map(action.itens.map((i) => [i.cliente, i]));
      return linhas((l) => {
        const item = novos.get(l.item.cliente);
        if (!item) return l;
        const linha = { ...novaLinha(item), selecionado: l.selecionado };
        return { ...linha, selecionado: linha.selecionado && podeSelecionar(linha) };
      });
    }
    case 'selected': {
      const ids = new Set(action.clientes);
      return linhas((l) =>
        ids.has(l.item.cliente) && podeSelecionar(l)
          ? { ...l, selecionado: action.selecionado }
          : l,
      );
    }
    case 'typed':
      return linhas((l) =>
        l.item.cliente === action.cliente ? linhaTipada(l, action.quantidade) : l,
      );
  }
}

/** What the form starts with: a re-send's parameters, else the address's stock and target. */
export function valoresIniciais(
  inicial: { ticker?: string | undefined; tp?: number | undefined },
  reenvio: LoteStatus | null,
): Partial<LoteValidarRequest> {
  return reenvio
    ? {
        ticker: reenvio.ticker_base,
        execucao: reenvio.execucao,
        preco: reenvio.preco ?? undefined,
        tp: reenvio.tp ?? undefined,
        regra: reenvio.regra ?? 'quantidade_fixa',
        valor: reenvio.valor ?? 1,
      }
    : {
        ticker: inicial.ticker ?? '',
        tp: inicial.tp,
        execucao: 'mercado',
        regra: 'percentual_disponivel',
      };
}

/**
 * What Validar asks for: the parameters, and for a re-send the failed clients only, sized by the lote's rule (or
 * with the quantities they had, when it had none).
 */
export function pedidoDeValidacao(params: Params, reenvio: LoteStatus | null): LoteValidarRequest {
  if (!reenvio) return params;
  const falhados = falhas(reenvio);
  return {
    ...params,
    clientes: falhados.map((i) => i.cliente),
    ...(reenvio.regra
      ? {}
      : {
          ajustes: falhados.map((i) => ({
            cliente: i.cliente,
            quantidade: i.summary.reduce((sum, l) => sum + l.volume, 0),
          })),
        }),
  };
}

/** The rows with a typed quantity still to validate (the unticked ones with none are left out). */
export const alteradas = (v: Validado | null) =>
  v?.linhas.filter((l) => l.alterada && l.quantidade > 0) ?? [];

/** Validar alterações: those clients only, with their typed quantities. */
export function pedidoDasAlteracoes(v: Validado): LoteValidarRequest {
  const linhas = alteradas(v);
  return {
    ...v.params,
    clientes: linhas.map((l) => l.item.cliente),
    ajustes: linhas.map((l) => ({ cliente: l.item.cliente, quantidade: l.quantidade })),
  };
}

/** Why Enviar waits, if it does: the parameters changed since Validar, or a ticked quantity was typed over. */
export function bloqueio(v: Validado | null, valores: Partial<Params>): string | null {
  if (!v) return null;
  if (JSON.stringify(paramsOf(valores)) !== JSON.stringify(v.params)) {
    return 'Os parâmetros mudaram: valide de novo antes de enviar.';
  }
  if (v.linhas.some((l) => l.selecionado && l.alterada)) {
    return 'Valide as quantidades alteradas antes de enviar.';
  }
  return null;
}

/** The lote Enviar sends: the ticked clients with their legs, at the validated parameters. */
export function loteBody({ params, linhas }: Validado): LoteCompraRequest {
  return {
    ticker_base: params.ticker,
    execucao: params.execucao,
    ...(params.execucao === 'limite' ? { preco: params.preco } : {}),
    tp: params.tp,
    regra: params.regra,
    valor: params.valor,
    itens: linhas
      .filter((l) => l.selecionado)
      .map((l) => ({ cliente: l.item.cliente, legs: pernasDe(l, params.ticker) })),
  };
}

/** The ticked clients that already have a buy of the stock in flight (Validar said so): confirmed first. */
export const selecionadosEmVoo = ({ linhas }: Validado) =>
  linhas.filter((l) => l.selecionado && l.item.compras_em_voo.length > 0).map((l) => l.item.nome);
