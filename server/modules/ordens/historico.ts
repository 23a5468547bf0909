import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { EventoOrdem, HistoricoQuerySchema, Ordem, OrdemDetalhe } from '../../../contract';
import { EVENTO_ORDEM } from '../../../contract/mensagens-ordens';
import { formatInteger, formatMoney } from '../../../shared/format';
import { acoes, descricaoDaOrdem } from '../../../shared/ordens';
import type { Db } from '../../db/client';
import { notFound, uuidOr404 } from '../../lib/http-error';
import { ORDEM_NAO_ENCONTRADA } from './status';
import {
  historicoStatement,
  selectAuditoriaDaOrdem,
  selectClientOrderIds,
  selectOrdemJson,
  type AuditRow,
} from './historico-repository';
import type { OperacaoTocada } from './finalizacao';

const PAGINA_PADRAO = 50;

/** The statement of a page of the order history, newest first, as the JSON the database builds. */
export function historicoDaConsulta(query: z.output<typeof HistoricoQuerySchema>): SQL {
  const [em, id] = query.cursor?.split('_') ?? [];
  return historicoStatement({
    cliente: query.cliente,
    acao: query.acao,
    estado: query.estado,
    de: query.de,
    ate: query.ate,
    depoisDe: em && id ? { em, id } : undefined,
    limite: query.limite ?? PAGINA_PADRAO,
  });
}

/** One order with its legs, its timeline from the audit log and the operations it touched. */
export async function getOrdem(db: Db, groupId: string): Promise<OrdemDetalhe> {
  uuidOr404(groupId, ORDEM_NAO_ENCONTRADA);
  const json = await selectOrdemJson(db, groupId);
  if (!json) throw notFound(ORDEM_NAO_ENCONTRADA);
  const ordem = JSON.parse(json) as Ordem;
  const auditoria = await selectAuditoriaDaOrdem(
    db,
    groupId,
    await selectClientOrderIds(db, groupId),
  );
  return {
    ...ordem,
    timeline: auditoria.map((row) => eventoDe(row, ordem)),
    operacoes: operacoesDa(ordem, auditoria),
  };
}

// ---- The timeline: each audit entry said as what happened to the order ------------------------------------------

/** A price with its 4 places when it has them (the one BRL formatter). */
const brl = (value: number) => formatMoney(value, 4);

const GroupCreated = z.object({
  confirmado: z
    .object({
      acima_do_terminal: z.object({ quantidade: z.number(), terminal: z.number() }).optional(),
    })
    .optional(),
});
const GroupFinished = z.object({
  erro: z.string().nullish(),
  filled: z.number().nullish(),
  price: z.number().nullish(),
  operacoes: z
    .array(z.object({ id: z.number(), papel: z.enum(['criada', 'realizada', 'restante']) }))
    .optional(),
});
const CancelRequest = z.object({
  pedidos: z.array(z.object({ symbol: z.string(), ticket: z.number(), resposta: z.string() })),
});
const Resolved = z.object({ motivo: z.string() });
const LegUpdate = z.object({
  state: z.string().optional(),
  ticket: z.number().nullish(),
  volume_filled: z.number().nullish(),
  price_avg: z.union([z.string(), z.number()]).nullish(),
  retcode: z.number().nullish(),
  retcode_desc: z.string().nullish(),
  broker_comment: z.string().nullish(),
  problema: z.string().nullish(),
});
const LegBefore = z.object({ volume_filled: z.number().nullish() }).nullish();

const PAPEL: Record<OperacaoTocada['papel'], string> = {
  criada: 'criada',
  realizada: 'realizada',
  restante: 'aberta com o restante',
};

function criada(ordem: Ordem, after: unknown): string {
  const acima = GroupCreated.safeParse(after).data?.confirmado?.acima_do_terminal;
  return descricaoDaOrdem(ordem, acima?.terminal);
}

function concluida(after: unknown): string | null {
  const f = GroupFinished.safeParse(after).data;
  if (!f) return null;
  const partes: string[] = [];
  if (f.erro) partes.push(f.erro);
  else if (f.filled && f.price) partes.push(`${acoes(f.filled)} a ${brl(f.price)} (preço médio).`);
  for (const op of f.operacoes ?? [])
    partes.push(`Operação #${op.id} ${PAPEL[op.papel]} na carteira.`);
  return partes.join(' ') || null;
}

function pernaAtualizada(row: AuditRow, ordem: Ordem): Pick<EventoOrdem, 'evento' | 'detalhe'> {
  const numero = Number(row.entity_id?.split(':').pop());
  const leg = ordem.legs[numero - 1];
  const symbol = leg?.symbol ?? row.entity_id ?? 'perna';
  const u = LegUpdate.safeParse(row.after).data ?? {};
  const filled = u.volume_filled ?? LegBefore.safeParse(row.before).data?.volume_filled ?? 0;
  const preco =
    u.price_avg === null || u.price_avg === undefined
      ? ''
      : `, preço médio ${brl(Number(u.price_avg))}`;
  const retorno = [u.retcode, u.retcode_desc]
    .filter((x) => x !== null && x !== undefined)
    .join(' ');
  const corretora =
    u.broker_comment && u.broker_comment !== u.retcode_desc ? ` (${u.broker_comment})` : '';
  const executadas = leg ? `${formatInteger(filled)} de ${acoes(leg.volume)} executadas` : '';
  switch (u.state) {
    case 'placed':
      return {
        evento: `${symbol}: enviada e aceita pelo terminal`,
        detalhe:
          [u.ticket ? `Ticket ${u.ticket}` : null, retorno + corretora || null]
            .filter(Boolean)
            .join(' — ') || null,
      };
    case 'partial':
      return { evento: `${symbol}: executada em parte`, detalhe: `${executadas}${preco}.` };
    case 'filled':
      return { evento: `${symbol}: executada`, detalhe: `${acoes(filled)}${preco}.` };
    case 'rejected':
      return { evento: `${symbol}: rejeitada`, detalhe: retorno + corretora || null };
    case 'canceled':
      return { evento: `${symbol}: cancelada`, detalhe: `${executadas}${preco}.` };
    case 'expired':
      return { evento: `${symbol}: expirada`, detalhe: `${executadas}${preco}.` };
    case 'unknown':
      return {
        evento: `${symbol}: situação desconhecida (em dúvida)`,
        detalhe: u.problema ?? 'O terminal não respondeu; será consultado de novo.',
      };
    default:
      return { evento: `${symbol}: atualizada`, detalhe: null };
  }
}

function eventoDe(row: AuditRow, ordem: Ordem): EventoOrdem {
  const base = { em: row.em, usuario: row.username };
  if (row.entity === 'order_leg') return { ...base, ...pernaAtualizada(row, ordem) };
  switch (row.action) {
    case 'create':
      return { ...base, evento: EVENTO_ORDEM.registrada, detalhe: criada(ordem, row.after) };
    case 'complete':
      return { ...base, evento: EVENTO_ORDEM.concluida, detalhe: concluida(row.after) };
    case 'fail':
      return {
        ...base,
        evento: EVENTO_ORDEM.encerrada,
        detalhe: concluida(row.after),
      };
    case 'cancel_request': {
      const pedidos = CancelRequest.safeParse(row.after).data?.pedidos ?? [];
      return {
        ...base,
        evento: 'Cancelamento pedido ao terminal',
        detalhe: pedidos.length
          ? pedidos.map((p) => `${p.symbol} (ticket ${p.ticket}): ${p.resposta}`).join('; ')
          : 'As pernas abertas já tinham terminado.',
      };
    }
    case 'resolve':
      return {
        ...base,
        evento: 'Ordem resolvida por um responsável',
        detalhe: Resolved.safeParse(row.after).data?.motivo ?? null,
      };
    default:
      return { ...base, evento: row.action, detalhe: null };
  }
}

/**
 * The operations the order touched, as its completion recorded them; an order finished before completions named
 * them falls back on what the rows say (the operation a buy created, the one a completed sale realised).
 */
function operacoesDa(ordem: Ordem, auditoria: AuditRow[]): OperacaoTocada[] {
  const fim = auditoria.findLast(
    (r) => r.entity === 'order_group' && (r.action === 'complete' || r.action === 'fail'),
  );
  const registradas = fim && GroupFinished.safeParse(fim.after).data?.operacoes;
  if (registradas) return registradas;
  if (ordem.operacao_id === null) return [];
  if (ordem.lado === 'compra') return [{ id: ordem.operacao_id, papel: 'criada' }];
  return ordem.estado === 'completed' ? [{ id: ordem.operacao_id, papel: 'realizada' }] : [];
}
