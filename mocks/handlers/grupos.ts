import type { Leg, OrderStatus } from '../../contract';
import { recorded } from '../recorded';

/**
 * An order group of the mock, single or a lote's item, as the server follows one: half filled at the first poll,
 * executed at the second (then what it changes in the portfolio runs once), refused at once when it carries an
 * erro, never answered when its terminal is unreachable. In the QA replay a group may follow a recorded sequence
 * instead: each poll answers the next recorded status.
 */
export interface Grupo<S extends OrderStatus = OrderStatus> {
  status: S;
  polls: number;
  esperando: boolean;
  aoExecutar: (() => void) | undefined;
  roteiro: OrderStatus[] | undefined;
}

export const uuid = (prefix: string, n: number) =>
  `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function novoGrupo<S extends OrderStatus>(
  status: Omit<S, 'executed_all' | 'finished' | 'summary'>,
  legs: Leg[],
  opcoes: Partial<Pick<Grupo, 'esperando' | 'aoExecutar' | 'roteiro'>> = {},
): Grupo<S> {
  const summary = legs.map((l) => ({
    symbol: l.symbol,
    executada: false,
    volume: l.quantidade,
    volume_exec: 0,
  }));
  return {
    status: { ...status, executed_all: false, finished: false, summary } as unknown as S,
    polls: 0,
    esperando: opcoes.esperando ?? false,
    aoExecutar: opcoes.aoExecutar,
    roteiro: opcoes.roteiro,
  };
}

/** One poll: the group as the server answers it now. */
export function avancar<S extends OrderStatus>(grupo: Grupo<S>): S {
  const { status } = grupo;
  if (status.finished || grupo.esperando) return status;
  grupo.polls++;
  if (grupo.roteiro?.length) {
    const { executed_all, finished, erro, aviso, summary } =
      grupo.roteiro[Math.min(grupo.polls, grupo.roteiro.length) - 1]!;
    Object.assign(status, { executed_all, finished, erro, aviso, summary });
  } else if (status.erro) {
    status.finished = true;
  } else {
    const done = grupo.polls >= 2;
    status.summary = status.summary.map((l) => ({
      ...l,
      executada: done,
      volume_exec: done ? l.volume : Math.floor(l.volume / 2),
    }));
    Object.assign(status, { executed_all: done, finished: done });
  }
  if (status.executed_all) {
    grupo.aoExecutar?.();
    grupo.aoExecutar = undefined;
  }
  return status;
}

/** The recorded words of a refusal or a cancel, for other symbols than the recorded ones. */
function pernasNaoExecutadas(fixture: 'compra-status-rejeitada' | 'ordem-cancelar') {
  const { erro, summary } = recorded(fixture).response.body;
  const perna = new RegExp(`${summary[0]!.symbol} (\\S+)(.*?)\\)\\.$`).exec(erro ?? '')!;
  const prefixo = (erro ?? '').slice(0, perna.index);
  return (symbols: readonly string[]) =>
    `${prefixo}${symbols.map((s) => `${s} ${perna[1]}${perna[2]}`).join('; ')}).`;
}

/** The server's erro of an order its terminal rejected, as recorded, naming these symbols. */
export const rejeicao = (ticker: string) =>
  pernasNaoExecutadas('compra-status-rejeitada')([ticker]);

/** What is still open is canceled at once: the filled part stays, the group ends with the server's words. */
export function cancelGrupo(grupo: Grupo) {
  grupo.aoExecutar = undefined;
  const abertas = grupo.status.summary.filter((l) => !l.executada).map((l) => l.symbol);
  Object.assign(grupo.status, {
    finished: true,
    erro: pernasNaoExecutadas('ordem-cancelar')(abertas),
  });
}
