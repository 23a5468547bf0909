import { gravado } from '../recorded';

/**
 * Users, my account, the login's second step and the audit log (issue 32), as recorded (mocks/fixtures/usuarios*,
 * eu*, token-2fa*, auditoria*). The screens' tests play richer answers per test (tests/src/msw-scenes-usuarios.ts).
 */
export const usuariosHandlers = [
  gravado('usuarios'),
  gravado('usuarios-create'),
  gravado('usuarios-update'),
  gravado('usuarios-senha'),
  gravado('usuarios-2fa-desativar'),
  gravado('usuarios-desbloquear'),
  gravado('eu'),
  gravado('eu-senha'),
  gravado('eu-sessoes'),
  gravado('eu-sessoes-delete'),
  gravado('eu-sessoes-encerrar-outras'),
  gravado('eu-2fa'),
  gravado('eu-2fa-confirmar'),
  gravado('eu-2fa-delete'),
  gravado('token-2fa'),
  gravado('auditoria'),
];
