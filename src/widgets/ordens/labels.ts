import type { EstadoOrdem, EstadoPerna, Execucao, Lado, PernaOrdem } from '../../../contract';
import { formatInteger, formatNumber } from '../../../shared/format';
import { RETCODE_TEXTO } from './retcodes';

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

/** '10009 Solicitação executada': the terminal's return code and its text from our table, in Portuguese. */
export function retornoPerna(leg: PernaOrdem): string | null {
  const texto = (leg.retcode !== null ? RETCODE_TEXTO[leg.retcode] : undefined) ?? leg.retcode_desc;
  return [leg.retcode, texto].filter((x) => x !== null).join(' ') || null;
}

/** The broker's own words (often English), shown apart from ours: null when they only repeat the retcode's text. */
export function palavrasDaCorretora(leg: PernaOrdem): string | null {
  return leg.broker_comment && leg.broker_comment !== leg.retcode_desc ? leg.broker_comment : null;
}
