/**
 * MT5's trade server return codes in the product's words (the agent's table, agent/carteira_rv_agent/protocol.py):
 * the history shows these, never what an agent or a broker wrote, so that it speaks Portuguese whatever the
 * terminal's language. A code not in the table keeps the agent's text.
 */
export const RETCODE_TEXTO: Record<number, string> = {
  10004: 'Recotação',
  10006: 'Solicitação rejeitada',
  10007: 'Solicitação cancelada pelo operador',
  10008: 'Ordem colocada',
  10009: 'Solicitação executada',
  10010: 'Solicitação executada parcialmente',
  10011: 'Erro ao processar a solicitação',
  10012: 'Tempo esgotado: resultado desconhecido',
  10013: 'Solicitação inválida',
  10014: 'Volume inválido',
  10015: 'Preço inválido',
  10016: 'Take profit inválido',
  10017: 'Negociação desabilitada para o ativo',
  10018: 'Mercado fechado',
  10019: 'Margem livre insuficiente',
  10022: 'Validade da ordem inválida',
  10027: 'AutoTrading desabilitado no terminal',
  10030: 'Tipo de preenchimento não suportado',
  10031: 'Sem conexão com o servidor de negociação',
  10035: 'Ordem inválida',
};
