import type { Leg, LoteItemStatus, LoteStatus, OrderStatus } from '../contract';
import { recorded } from './recorded';

/**
 * An order group of the mock, single or a lote's item, followed as the real server followed one: each poll answers
 * the next status of a recorded flow (mocks/fixtures/fluxo-*.json, the last one repeated), its fills laid on the legs
 * sent; once executed, what it changes in the portfolio runs once.
 */
export interface Grupo<S extends OrderStatus = OrderStatus> {
  status: S;
  legs: Leg[];
  roteiro: OrderStatus[];
  polls: number;
  aoExecutar: (() => void) | undefined;
}

export const uuid = (prefix: string, n: number) =>
  `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A recorded step's fills on the legs sent: each leg filled in the proportion of the recorded leg in its place. */
const nasPernas = (passo: OrderStatus, legs: Leg[]) =>
  legs.map((l, i) => {
    const r = passo.summary[Math.min(i, passo.summary.length - 1)]!;
    const parte = r.executada ? 1 : r.volume_exec / r.volume;
    const volume_exec = Math.floor(l.quantidade * parte);
    return { symbol: l.symbol, executada: r.executada, volume: l.quantidade, volume_exec };
  });

/** A group just sent: nothing executed yet. */
export function novoGrupo<S extends OrderStatus>(
  campos: Omit<S, keyof OrderStatus> & { group_id: string },
  legs: Leg[],
  roteiro: OrderStatus[],
  aoExecutar?: () => void,
): Grupo<S> {
  const inicio = { executed_all: false, finished: false, erro: null, aviso: null };
  const summary = legs.map((l) => ({
    ...nasPernas(roteiro[0]!, [l])[0]!,
    executada: false,
    volume_exec: 0,
  }));
  return {
    status: { ...campos, ...inicio, summary } as unknown as S,
    legs,
    roteiro,
    polls: 0,
    aoExecutar,
  };
}

/** One poll: the group as the server answers it now. */
export function avancar<S extends OrderStatus>(grupo: Grupo<S>): S {
  if (grupo.status.finished) return grupo.status;
  const passo = grupo.roteiro[Math.min(++grupo.polls, grupo.roteiro.length) - 1]!;
  const { executed_all, finished, erro, aviso } = passo;
  Object.assign(grupo.status, {
    executed_all,
    finished,
    erro,
    aviso,
    summary: nasPernas(passo, grupo.legs),
  });
  if (executed_all) {
    grupo.aoExecutar?.();
    grupo.aoExecutar = undefined;
  }
  return grupo.status;
}

/** What is still open is canceled at once: the filled part stays, the group ends with the server's recorded words. */
export function cancelGrupo(grupo: Grupo) {
  grupo.aoExecutar = undefined;
  const { erro, summary } = recorded('ordem-cancelar').response.body;
  const perna = new RegExp(`${summary[0]!.symbol} (\\S+)(.*?)\\)\\.$`).exec(erro ?? '')!;
  const abertas = grupo.status.summary.filter((l) => !l.executada).map((l) => l.symbol);
  const motivo = abertas.map((s) => `${s} ${perna[1]}${perna[2]}`).join('; ');
  Object.assign(grupo.status, {
    finished: true,
    erro: `${erro!.slice(0, perna.index)}${motivo}).`,
  });
}

/** A lote kept as its orders' groups. */
export type Lote = Omit<LoteStatus, 'itens' | 'executed_all' | 'finished'> & {
  itens: Array<Grupo<LoteItemStatus>>;
};
/** The lote's status: its orders' as they stand, executed and finished when all of them are. */
export function statusDoLote(lote: Lote): LoteStatus {
  const itens = lote.itens.map((i) => ({ ...i.status }));
  const executed_all = itens.length > 0 && itens.every((i) => i.executed_all);
  return { ...lote, itens, executed_all, finished: itens.every((i) => i.finished) };
}
