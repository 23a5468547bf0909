import { sql } from 'drizzle-orm';
import { isDiaUtil } from '../../../shared/ir/calendario';
import { queryRows } from '../../db/query';
import type { AlertasConfig } from '../../config-alertas';
import { aplicar, type Contexto, type Observacao, type Regra } from './motor';

/**
 * Terminals offline (issue 31): a client's MT5 status offline, timeout or error for ALERTA_OFFLINE_SEGUNDOS
 * continuously fires once per outage; said again every ALERTA_OFFLINE_REPETIR_SEGUNDOS during B3's session while it
 * lasts; resolved, and said, at the first online. Any other status (warning, no address) breaks a pending outage's
 * count and keeps a fired one open. The statuses are the ones every instance shares (mt5_status).
 */

const FORA_DO_AR = new Set(['offline', 'timeout', 'error']);

const ROTULO: Record<string, string> = {
  offline: 'offline',
  timeout: 'sem resposta no tempo',
  error: 'erro',
};

const SESSAO = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Whether B3's regular equities session is open at `now`: a business day, 10:00 to 16:55 in São Paulo. */
export function emPregao(now: Date): boolean {
  const p = Object.fromEntries(SESSAO.formatToParts(now).map((x) => [x.type, x.value]));
  if (!isDiaUtil(`${p.year}-${p.month}-${p.day}`)) return false;
  const minutos = Number(p.hour) * 60 + Number(p.minute);
  return minutos >= 10 * 60 && minutos < 16 * 60 + 55;
}

interface StatusRow {
  cliente_id: number;
  nome: string | null;
  status: string | null;
  detail: string | null;
}

export async function checkTerminais(ctx: Contexto, config: AlertasConfig): Promise<void> {
  const rows = await queryRows<StatusRow>(
    ctx.db,
    sql`select s.cliente_id, c.nome, s.status, s.detail
        from mt5_status s join clientes c on c.id = s.cliente_id`,
  );
  const regra: Regra = {
    tipo: 'terminal_offline',
    minimoSegundos: config.offlineSegundos,
    repetirSegundos: config.offlineRepetirSegundos,
    repetirAgora: emPregao,
  };
  const observacoes = rows.map((r): Observacao => {
    const nome = r.nome ?? `cliente ${r.cliente_id}`;
    const motivo = r.status === null ? '' : (ROTULO[r.status] ?? r.status);
    return {
      chave: `cliente:${r.cliente_id}`,
      assunto: { cliente_id: r.cliente_id },
      titulo: `Terminal MT5 de ${nome} fora do ar (${motivo}${r.detail ? `: ${r.detail}` : ''}).`,
      dispara: r.status !== null && FORA_DO_AR.has(r.status),
      encerra: r.status === 'online',
      tituloResolvido: `Terminal MT5 de ${nome} voltou a responder (online).`,
    };
  });
  await aplicar(ctx, regra, observacoes);
}
