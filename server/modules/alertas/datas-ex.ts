import { sql } from 'drizzle-orm';
import { TIPO_EVENTO_NOME, type TipoEvento } from '../../../contract';
import { todayIso } from '../../../shared/dates';
import { formatDate } from '../../../shared/format';
import { addDays, isDiaUtil } from '../../../shared/ir/calendario';
import { queryRows } from '../../db/query';
import type { AlertasConfig } from '../../config-alertas';
import { aplicar, type Contexto, type Observacao } from './motor';

/**
 * Ex-dates coming (issue 31): a corporate event of a stock some client holds (an open operation) is told
 * ALERTA_DATA_EX_DIAS business days before its data_ex, and on the day: one notification per event and moment,
 * ever (its moment is its episode). A moment found late (the event registered a day before) is still told until
 * the data_ex; a past one is over.
 */

/** The date `n` business days before `data` (national holidays, shared/ir/calendario.ts). */
export function diasUteisAntes(data: string, n: number): string {
  let d = data;
  for (let faltam = n; faltam > 0;) {
    d = addDays(d, -1);
    if (isDiaUtil(d)) faltam--;
  }
  return d;
}

interface EventoRow {
  id: number;
  tipo: TipoEvento;
  data_ex: string;
  ticker: string;
  clientes: number;
}

const plural = (n: number, um: string, varios: string) => `${n} ${n === 1 ? um : varios}`;

export async function checkDatasEx(ctx: Contexto, config: AlertasConfig): Promise<void> {
  const hoje = todayIso(ctx.now);
  // Enough calendar days to hold the business days asked, holidays and weekends included.
  const ate = addDays(hoje, config.dataExDias * 2 + 10);
  const rows = await queryRows<EventoRow>(
    ctx.db,
    sql`select e.id, e.tipo, e.data_ex::text as data_ex, a.ticker,
          (select count(distinct o.cliente_id)::int from operacoes o
            where o.acao_id = e.acao_id and o.data_venda is null) as clientes
        from eventos_corporativos e join acoes a on a.id = e.acao_id
        where e.data_ex between ${hoje}::date and ${ate}::date
          and exists (select 1 from operacoes o where o.acao_id = e.acao_id and o.data_venda is null)`,
  );
  const observacoes = rows.flatMap((e): Observacao[] => {
    const assunto = { evento_id: e.id, ticker: e.ticker };
    const evento = `${TIPO_EVENTO_NOME[e.tipo]} de ${e.ticker}`;
    const quem = plural(e.clientes, 'cliente tem', 'clientes têm');
    return [
      {
        chave: `evento:${e.id}:antes`,
        episodio: '1',
        assunto,
        titulo: `Data ex em ${formatDate(e.data_ex)}: ${evento} (${quem} a ação).`,
        dispara: hoje >= diasUteisAntes(e.data_ex, config.dataExDias) && hoje < e.data_ex,
        encerra: hoje >= e.data_ex,
      },
      {
        chave: `evento:${e.id}:no_dia`,
        episodio: '1',
        assunto,
        titulo: `Hoje é a data ex: ${evento} (${quem} a ação).`,
        dispara: hoje === e.data_ex,
        encerra: hoje > e.data_ex,
      },
    ];
  });
  await aplicar(ctx, { tipo: 'data_ex', minimoSegundos: 0, repetirSegundos: null }, observacoes);
}
