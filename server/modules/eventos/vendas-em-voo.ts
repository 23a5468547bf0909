import { sql } from 'drizzle-orm';
import { formatDateTime } from '../../../shared/format';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/query';
import { HttpError } from '../../lib/http-error';

/**
 * A sale resting at the terminal realises exactly the quantity it was sent for: an event that adjusted its
 * operation meanwhile (or undid an adjustment) would leave a fill the book cannot record. The operations' own
 * routes refuse an edit under a sale in flight (operacoes/service.ts); the events follow the same rule.
 */
export class VendaEmVooError extends HttpError {
  constructor(detail: string) {
    super(409, detail);
  }
}

interface VendaEmVoo {
  operacao_id: number;
  cliente: string | null;
  ticker: string;
  criada_em: Date | string;
}

/**
 * The MT5 sales still in flight (stored or sent, not yet finished) of some operations, oldest first. Read under
 * the operations' row locks, which a sale's creation takes too: a sale cannot start between this and the adjustment.
 */
async function vendasEmVoo(tx: Tx, operacaoIds: readonly number[]): Promise<VendaEmVoo[]> {
  if (operacaoIds.length === 0) return [];
  return queryRows<VendaEmVoo>(
    tx,
    sql`select g.operacao_id, c.nome as cliente, g.ticker_base as ticker, g.created_at as criada_em
        from order_groups g join clientes c on c.id = g.cliente_id
        where g.lado = 'venda' and g.state in ('pending', 'sent')
          and g.operacao_id = any(string_to_array(${operacaoIds.join(',')}, ',')::int[])
        order by g.created_at, g.id`,
  );
}

/** Each sale as the order history shows it (client, stock, when it was sent), and the operation it sells. */
const describe = (v: VendaEmVoo) =>
  `${v.cliente ?? 'cliente sem nome'}, ${v.ticker}, operação ${v.operacao_id}, ` +
  `venda enviada em ${formatDateTime(new Date(v.criada_em).toISOString())}`;

/** Refuses (409, naming the sales) to adjust, or undo the adjustment of, operations with a sale in flight. */
export async function refuseWhileSelling(tx: Tx, operacaoIds: readonly number[]): Promise<void> {
  const vendas = await vendasEmVoo(tx, operacaoIds);
  if (vendas.length === 0) return;
  const uma = vendas.length === 1;
  const quais = uma ? 'uma operação com venda' : `${vendas.length} operações com vendas`;
  throw new VendaEmVooError(
    `O evento ajusta ${quais} MT5 em andamento: ${vendas.map(describe).join('; ')} (em Ordens). ` +
      `Aguarde ${uma ? 'a venda terminar (ou cancele-a)' : 'as vendas terminarem (ou cancele-as)'} ` +
      'antes de cadastrar, alterar ou excluir o evento.',
  );
}
