import { RETCODE, type OrderState } from '../lib/mt5-agent/protocol';

/** The simulated terminal's description of each retcode, in the words the product shows. */
export const RETCODE_DESC: Record<number, string> = {
  [RETCODE.PLACED]: 'Ordem colocada',
  [RETCODE.DONE]: 'Solicitação executada',
  [RETCODE.REJECT]: 'Solicitação rejeitada',
  [RETCODE.INVALID]: 'Solicitação inválida',
  [RETCODE.INVALID_VOLUME]: 'Volume inválido',
  [RETCODE.INVALID_PRICE]: 'Preço inválido',
  [RETCODE.INVALID_STOPS]: 'Take profit inválido',
  [RETCODE.TRADE_DISABLED]: 'Negociação desabilitada para o ativo',
  [RETCODE.MARKET_CLOSED]: 'Mercado fechado',
  [RETCODE.NO_MONEY]: 'Margem livre insuficiente',
  [RETCODE.CLIENT_DISABLES_AT]: 'AutoTrading desabilitado no terminal',
  [RETCODE.CONNECTION]: 'Sem conexão com o servidor de negociação',
};

/** What MT5 writes in MqlTradeResult.comment by default: the retcode's description, in the terminal's words. */
export const BROKER_COMMENT: Record<number, string> = {
  [RETCODE.PLACED]: 'Request placed',
  [RETCODE.DONE]: 'Request executed',
  [RETCODE.REJECT]: 'Request rejected',
  [RETCODE.INVALID]: 'Invalid request',
  [RETCODE.INVALID_VOLUME]: 'Invalid volume',
  [RETCODE.INVALID_PRICE]: 'Invalid price',
  [RETCODE.INVALID_STOPS]: 'Invalid stops',
  [RETCODE.TRADE_DISABLED]: 'Trade disabled',
  [RETCODE.MARKET_CLOSED]: 'Market closed',
  [RETCODE.NO_MONEY]: 'No money',
  [RETCODE.CLIENT_DISABLES_AT]: 'AutoTrading disabled by client',
  [RETCODE.CONNECTION]: 'No connection',
};

/** GET /orders/{ticket}'s retcode and text for an order that finished without filling. */
export const FINISHED: Partial<Record<OrderState, { retcode: number | null; desc: string }>> = {
  canceled: { retcode: null, desc: 'Ordem cancelada' },
  rejected: { retcode: RETCODE.REJECT, desc: RETCODE_DESC[RETCODE.REJECT]! },
  expired: { retcode: null, desc: 'Ordem expirada' },
};
