import type { EstadoOrdem, EstadoPerna, Execucao, Lado, PernaOrdem } from '../../../contract';
import { formatInteger, formatNumber } from '../../../shared/format';

/** An order's state as the screens say it, and its colour. */
export const ESTADO_ORDEM: Record<EstadoOrdem, { label: string; palette: string }> = {
  pending: { label: 'Registrada', palette: 'gray' },
  sent: { label: 'Em andamento', palette: 'blue' },
  completed: { label: 'Executada', palette: 'green' },
  failed: { label: 'Não executada', palette: 'red' },
  resolved: { label: 'Resolvida', palette: 'purple' },
};

export const ESTADO_PERNA: Record<EstadoPerna, string> = {
  pending: 'A enviar',
  placed: 'Aberta',
  partial: 'Parcial',
  filled: 'Executada',
  canceled: 'Cancelada',
  rejected: 'Rejeitada',
  expired: 'Expirada',
  unknown: 'Em dúvida',
};

export const LADO: Record<Lado, string> = { compra: 'Compra', venda: 'Venda' };
export const EXECUCAO: Record<Execucao, string> = { mercado: 'Mercado', limite: 'Limite' };

/** An order still in flight: something may still fill, be canceled or be resolved. */
export const emAndamento = (estado: EstadoOrdem) => estado === 'pending' || estado === 'sent';

/** 'PETR4 150/200 a 38,12': what a leg asked, what filled and at what average price. */
export function resumoPerna(leg: PernaOrdem): string {
  const preco = leg.preco_medio === null ? '' : ` a ${formatNumber(leg.preco_medio)}`;
  return `${leg.symbol} ${formatInteger(leg.volume_exec)}/${formatInteger(leg.volume)}${preco}`;
}

/** '10009 Solicitação executada — Request executed': the terminal's return code and the broker's own words. */
export function retornoPerna(leg: PernaOrdem): string | null {
  const codigo = [leg.retcode, leg.retcode_desc].filter((x) => x !== null).join(' ');
  const corretora =
    leg.broker_comment && leg.broker_comment !== leg.retcode_desc ? leg.broker_comment : null;
  return [codigo || null, corretora].filter(Boolean).join(' — ') || null;
}
