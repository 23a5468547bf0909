import { gravado } from '../recorded';

/**
 * Alerts, notifications, price rules and preferences (issue 31), as recorded (mocks/fixtures/alertas*,
 * notificacoes*, preferencias*: what the recording's demo raised). The screens' tests seed their own per test
 * (tests/src/msw-scenes-alertas.ts).
 */
export const alertasHandlers = [
  gravado('alertas'),
  gravado('alertas-reconhecer'),
  gravado('alertas-adiar'),
  gravado('alertas-regras'),
  gravado('alertas-regras-create'),
  gravado('alertas-regras-rearmar'),
  gravado('alertas-regras-delete'),
  gravado('notificacoes'),
  gravado('notificacoes-contagem'),
  gravado('notificacoes-lidas'),
  gravado('preferencias'),
  gravado('preferencias-update'),
];
