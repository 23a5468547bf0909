import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/query';
import type { AlertasConfig } from '../../config-alertas';
import { aplicar, type Contexto, type Observacao } from './motor';

/**
 * Orders in doubt (issue 31): a leg of an order in flight whose outcome is unknown for ALERTA_DUVIDA_SEGUNDOS fires,
 * critical, and is said again every ALERTA_DUVIDA_REPETIR_SEGUNDOS until it leaves unknown (filled, refused, or
 * its order resolved by a person), which ends it silently.
 */

interface PernaRow {
  group_id: string;
  leg: number;
  symbol: string;
  problema: string | null;
  cliente_id: number;
  nome: string | null;
  lado: 'compra' | 'venda';
  ticker_base: string;
}

export async function checkDuvidas(ctx: Contexto, config: AlertasConfig): Promise<void> {
  // From the groups in flight (their state index), then their legs by key: no scan of every leg ever sent.
  const rows = await queryRows<PernaRow>(
    ctx.db,
    sql`select l.group_id, l.leg, l.symbol, l.problema, g.cliente_id, c.nome, g.lado, g.ticker_base
        from order_groups g
        join order_legs l on l.group_id = g.id
        join clientes c on c.id = g.cliente_id
        where g.state in ('pending', 'sent') and l.state = 'unknown'`,
  );
  const observacoes = rows.map((r): Observacao => ({
    chave: `perna:${r.group_id}:${r.leg}`,
    assunto: { cliente_id: r.cliente_id, order_group_id: r.group_id, ticker: r.ticker_base },
    titulo:
      `Ordem de ${r.lado} de ${r.ticker_base} (${r.nome ?? `cliente ${r.cliente_id}`}) em dúvida: ` +
      `situação desconhecida de ${r.symbol}${r.problema ? ` (${r.problema})` : ''}.`,
    dispara: true,
    encerra: false,
  }));
  await aplicar(
    ctx,
    {
      tipo: 'ordem_em_duvida',
      minimoSegundos: config.duvidaSegundos,
      repetirSegundos: config.duvidaRepetirSegundos,
    },
    observacoes,
  );
}
