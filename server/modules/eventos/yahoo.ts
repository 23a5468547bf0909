import { and, eq, inArray } from 'drizzle-orm';
import {
  EVENTOS_DE_ACOES,
  EVENTOS_EM_DINHEIRO,
  isEventoDeAcoes,
  type TipoEvento,
} from '../../../contract';
import { todayIso } from '../../../shared/dates';
import { Decimal } from '../../../shared/decimal';
import type { Db, Tx } from '../../db/client';
import { eventosCorporativos } from '../../db/schema';
import { audit } from '../../lib/audit';
import { applyEvento } from './aplicacao';
import type { EventoRow } from './posicoes';
import { VendaEmVooError } from './vendas-em-voo';

/** An event as Yahoo's daily chart tells it, ready to store. */
export interface EventoYahoo {
  tipo: TipoEvento;
  data_ex: string;
  fator: string | null;
  valor_por_acao: string | null;
}

/** The `events` of a chart answer (array form): splits and dividends, dated on São Paulo's calendar. */
export interface EventosDoChart {
  splits?: Array<{ date: Date; numerator: number; denominator: number }>;
  dividends?: Array<{ date: Date; amount: number }>;
}

const DEZ_CASAS = 10;

/**
 * Yahoo's splits and dividends as events. A split is numerator new shares per denominator old ones (a factor above
 * 1 is a desdobramento, below 1 a grupamento; Yahoo reports a bonus as a split). Yahoo does not tell dividends from
 * JCP: both arrive as dividendo (a person may edit one into JCP). Its dividend amounts are restated for the splits
 * that came after them; the value per share as held on data_ex is the amount times those splits' factors.
 */
export function eventosDoYahoo(events: EventosDoChart | undefined): EventoYahoo[] {
  const splits = (events?.splits ?? [])
    .filter((s) => s.numerator > 0 && s.denominator > 0 && s.numerator !== s.denominator)
    .map((s) => ({
      data_ex: todayIso(s.date),
      fator: new Decimal(s.numerator)
        .dividedBy(s.denominator)
        .toDecimalPlaces(DEZ_CASAS, Decimal.ROUND_HALF_UP),
    }));
  const eventos: EventoYahoo[] = splits.map((s) => ({
    tipo: s.fator.greaterThan(1) ? 'desdobramento' : 'grupamento',
    data_ex: s.data_ex,
    fator: s.fator.toFixed(),
    valor_por_acao: null,
  }));
  for (const d of events?.dividends ?? []) {
    if (!(Number.isFinite(d.amount) && d.amount >= 0)) continue;
    const data_ex = todayIso(d.date);
    const depois = splits
      .filter((s) => s.data_ex > data_ex)
      .reduce((f, s) => f.times(s.fator), new Decimal(1));
    eventos.push({
      tipo: 'dividendo',
      data_ex,
      fator: null,
      valor_por_acao: new Decimal(d.amount)
        .times(depois)
        .toDecimalPlaces(DEZ_CASAS, Decimal.ROUND_HALF_UP)
        .toFixed(),
    });
  }
  return eventos;
}

/**
 * An event whose data_ex has come, applied; one that would adjust an operation under a sale resting at the
 * terminal stays stored and pending (the refusal comes before any write), for the daily job to apply once the sale
 * ends.
 */
async function applyOrPostpone(tx: Tx, evento: EventoRow): Promise<void> {
  try {
    await applyEvento(tx, evento, 'sistema');
  } catch (err) {
    if (!(err instanceof VendaEmVooError)) throw err;
  }
}

/**
 * Stores a stock's events from Yahoo (fonte 'yahoo'), each in its own transaction, audited, and applied at once when
 * its data_ex has come (or left to the daily job while a sale is in flight). An event is left out when the stock already has one of the same class (share or cash) on
 * that date, manual or from Yahoo: Yahoo never doubles a person's event nor its own. Answers how many were new.
 */
export async function storeEventosYahoo(
  db: Db,
  acaoId: number,
  eventos: readonly EventoYahoo[],
  hoje: string,
): Promise<number> {
  let novos = 0;
  for (const e of eventos) {
    const novo = await db.transaction(async (tx) => {
      const classe = isEventoDeAcoes(e.tipo) ? EVENTOS_DE_ACOES : EVENTOS_EM_DINHEIRO;
      const [existente] = await tx
        .select({ id: eventosCorporativos.id })
        .from(eventosCorporativos)
        .where(
          and(
            eq(eventosCorporativos.acao_id, acaoId),
            eq(eventosCorporativos.data_ex, e.data_ex),
            inArray(eventosCorporativos.tipo, [...classe]),
          ),
        );
      if (existente) return false;
      const [criado] = await tx
        .insert(eventosCorporativos)
        .values({ acao_id: acaoId, ...e, fonte: 'yahoo' })
        .onConflictDoNothing()
        .returning();
      if (!criado) return false;
      await audit(tx, {
        username: 'sistema',
        action: 'create',
        entity: 'evento_corporativo',
        entityId: criado.id,
        after: { acao: acaoId, ...e, fonte: 'yahoo' },
      });
      if (e.data_ex <= hoje) await applyOrPostpone(tx, criado);
      return true;
    });
    if (novo) novos++;
  }
  return novos;
}
