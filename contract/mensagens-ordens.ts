/**
 * What the server says about orders and lotes that the mocks say too: one text, imported by the server's modules
 * and by mocks/handlers (no message copied by hand).
 */

/** A lote's order the terminal never got: its cancel asks nothing. */
export const NADA_A_CANCELAR = 'Nada a cancelar agora: nenhuma perna está aberta no terminal.';

/** The events of an order's timeline (GET /ordens/{group_id}/). */
export const EVENTO_ORDEM = {
  registrada: 'Ordem registrada',
  concluida: 'Ordem concluída',
  encerrada: 'Ordem encerrada sem execução completa',
} as const;

/** A leg refused because the target is not above the price (the price already in BRL). */
export const alvoAbaixoDoPreco = (preco: string) => `O alvo deve ser maior que o preço (${preco}).`;

/** A lote's client left out because it already holds the stock. */
export const posicaoAberta = (ticker: string) => `Já tem posição aberta em ${ticker}.`;

/** The erro of an order a person closed by hand (its outcome unknown), naming who and why. */
export const RESOLVIDA_POR = 'Resolvida por';
export const resolvidaPor = (usuario: string, motivo: string) =>
  `${RESOLVIDA_POR} ${usuario}: ${motivo}`;
