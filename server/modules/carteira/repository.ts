import { sql } from 'drizzle-orm';
import type { TipoEventoEmDinheiro } from '../../../contract';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/query';

export interface ProventoRow {
  evento: number;
  acao: number;
  acao_nome: string;
  tipo: TipoEventoEmDinheiro;
  data_ex: string;
  quantidade: number;
  valor_por_acao: string;
  valor_bruto: string;
  valor_liquido: string;
  data_pagamento: string;
  empresa: string;
}

/** A client's proventos per event: its operations' shares and amounts summed, latest data_ex first. */
export async function selectProventos(db: Db, clienteId: number): Promise<ProventoRow[]> {
  return queryRows<ProventoRow>(
    db,
    sql`select e.id as evento, e.acao_id as acao, a.ticker as acao_nome, e.tipo, e.data_ex,
          sum(pv.quantidade)::int as quantidade, e.valor_por_acao::text as valor_por_acao,
          sum(pv.valor_bruto)::text as valor_bruto, sum(pv.valor_liquido)::text as valor_liquido,
          coalesce(e.data_pagamento, e.data_ex)::text as data_pagamento,
          coalesce(nullif(trim(a.empresa), ''), a.ticker) as empresa
        from proventos pv
        join operacoes o on o.id = pv.operacao_id
        join eventos_corporativos e on e.id = pv.evento_id
        join acoes a on a.id = e.acao_id
        where o.cliente_id = ${clienteId}
        group by e.id, a.ticker, a.empresa
        order by e.data_ex desc, a.ticker, e.id`,
  );
}
