import { and, inArray, ne } from 'drizzle-orm';
import type { TipoAlerta } from '../../../contract';
import type { Db } from '../../db/client';
import { alertas } from '../../db/schema';
import { writePlano } from './motor-escrita';
import {
  adiado,
  type Aberto,
  type Contexto,
  type Observacao,
  type Plano,
  type Regra,
} from './motor-tipos';

export { tituloDe, type Assunto, type Contexto, type Observacao, type Regra } from './motor-tipos';

/**
 * The one state machine of every alert type (issue 31). A check observes its subjects (an operation and its quote,
 * a terminal's status, a leg in doubt…) and hands the observations here; this decides, in memory, what opens, fires,
 * repeats and resolves, the same way for all, and writes it in one transaction (motor-escrita.ts). Several
 * instances may run it at once on one database: a firing is an insert of a unique (tipo, chave, episodio), and
 * every later change a compare-and-set on the alert's `avisos` (its notification round) as read, so that exactly
 * one writer wins each change and only the winner notifies.
 */

const segundosDesde = (a: Date | null, now: Date) =>
  a === null ? Infinity : (now.getTime() - a.getTime()) / 1000;

async function selectAbertos(
  db: Db,
  tipos: TipoAlerta[],
): Promise<Array<Aberto & { tipo: TipoAlerta }>> {
  return (await db
    .select({
      id: alertas.id,
      tipo: alertas.tipo,
      chave: alertas.chave,
      estado: alertas.estado,
      desde: alertas.desde,
      ultimo_aviso_em: alertas.ultimo_aviso_em,
      avisos: alertas.avisos,
      reconhecido: alertas.reconhecido,
      adiado_ate: alertas.adiado_ate,
      cliente_id: alertas.cliente_id,
      user_id: alertas.user_id,
    })
    .from(alertas)
    .where(and(inArray(alertas.tipo, tipos), ne(alertas.estado, 'resolvido')))) as Array<
    Aberto & { tipo: TipoAlerta }
  >;
}

/** A fired alert still firing: the end of its snooze, or its repeat when due; nothing otherwise. */
function lembrar(regra: Regra, aberto: Aberto, now: Date): 'fim_adiamento' | 'repeticao' | null {
  if (aberto.adiado_ate !== null) return adiado(aberto.adiado_ate, now) ? null : 'fim_adiamento';
  const repetir = regra.repetirSegundos;
  if (repetir === null || aberto.reconhecido) return null;
  if (segundosDesde(aberto.ultimo_aviso_em, now) < repetir) return null;
  if (regra.repetirAgora && !regra.repetirAgora(now)) return null;
  return 'repeticao';
}

/** What the observations call for, decided against the open alerts as read. */
export function plan(
  regra: Regra,
  observacoes: readonly Observacao[],
  abertos: readonly Aberto[],
  now: Date,
  escopo: (a: { cliente_id: number | null }) => boolean = () => true,
): Plano {
  const plano: Plano = {
    abrir: [],
    descartar: [],
    disparar: [],
    repetir: [],
    fimAdiamento: [],
    resolver: [],
  };
  const porChave = new Map(abertos.map((a) => [a.chave, a]));
  for (const obs of observacoes) {
    const aberto = porChave.get(obs.chave);
    porChave.delete(obs.chave);
    if (!aberto) {
      if (obs.dispara) plano.abrir.push(obs);
    } else if (aberto.estado === 'pendente') {
      if (!obs.dispara) plano.descartar.push(aberto);
      else if (segundosDesde(aberto.desde, now) >= regra.minimoSegundos)
        plano.disparar.push({ aberto, obs });
    } else if (obs.encerra) {
      plano.resolver.push({ aberto, tituloResolvido: obs.tituloResolvido });
    } else {
      const lembrete = lembrar(regra, aberto, now);
      if (lembrete === 'repeticao') plano.repetir.push({ aberto, obs });
      else if (lembrete === 'fim_adiamento') plano.fimAdiamento.push({ aberto, obs });
    }
  }
  for (const aberto of porChave.values()) {
    if (!escopo(aberto)) continue;
    if (aberto.estado === 'pendente') plano.descartar.push(aberto);
    else plano.resolver.push({ aberto, tituloResolvido: undefined });
  }
  return plano;
}

type Observado = readonly Observacao[] | ((abertas: ReadonlySet<string>) => readonly Observacao[]);

/**
 * Applies checks' observations, of one type or several read together (targets and stops: one read of their open
 * alerts). `escopo` says which open alerts the observations cover (a reconciliation covers the clients it asked); by
 * default every open alert of the type, and those whose subject was not observed are over. A check of many
 * subjects passes a function: it observes only those that fire or have an open alert (the rest change nothing).
 */
export async function aplicar(
  ctx: Contexto,
  regras: ReadonlyArray<{ regra: Regra; observacoes: Observado }> | Regra,
  observacoes?: Observado,
  escopo?: (a: { cliente_id: number | null }) => boolean,
): Promise<void> {
  const itens = 'tipo' in regras ? [{ regra: regras, observacoes: observacoes! }] : regras;
  const abertos = await selectAbertos(
    ctx.db,
    itens.map((i) => i.regra.tipo),
  );
  await Promise.all(
    itens.map(({ regra, observacoes: observado }) => {
      const doTipo = abertos.filter((a) => a.tipo === regra.tipo);
      const lista =
        typeof observado === 'function'
          ? observado(new Set(doTipo.map((a) => a.chave)))
          : observado;
      return writePlano(ctx, regra, plan(regra, lista, doTipo, ctx.now, escopo));
    }),
  );
}
