import type {
  CanalAlerta,
  DirecaoRegra,
  EstadoAlerta,
  MotivoNotificacao,
  Notificacao,
} from '../../../contract';

/** How the screens name the alerts' states, channels, directions and reasons (the types' names are the contract's). */

export const ESTADO_ALERTA: Record<EstadoAlerta, { label: string; palette: string }> = {
  pendente: { label: 'Pendente', palette: 'gray' },
  disparado: { label: 'Disparado', palette: 'orange' },
  resolvido: { label: 'Resolvido', palette: 'green' },
};

export const CANAL_ALERTA: Record<CanalAlerta, string> = {
  app: 'No app',
  app_email: 'No app e por e-mail',
};

export const DIRECAO_REGRA: Record<DirecaoRegra, string> = {
  acima: 'Acima de',
  abaixo: 'Abaixo de',
};

/** What a notification says besides its title: nothing for the firing itself. */
export const MOTIVO_NOTIFICACAO: Record<MotivoNotificacao, string | null> = {
  disparo: null,
  repeticao: 'Repetição',
  fim_adiamento: 'Fim do adiamento',
  resolvido: 'Resolvido',
};

const plural = (n: number, um: string, varios: string) => `${n} ${n === 1 ? um : varios}`;

/** The e-mail of a notification, when the user chose e-mail for its type; a failure is said plainly. */
export function emailDaNotificacao(
  n: Pick<Notificacao, 'email' | 'email_tentativas'>,
): { texto: string; falhou: boolean } | null {
  switch (n.email) {
    case null:
      return null;
    case 'falhou':
      return {
        texto: `E-mail não enviado (${plural(n.email_tentativas, 'tentativa', 'tentativas')}).`,
        falhou: true,
      };
    case 'pendente':
      return { texto: 'E-mail na fila de envio.', falhou: false };
    case 'enviado':
      return { texto: 'Enviado por e-mail.', falhou: false };
  }
}

/** The bell's accessible name: what a screen reader says of it. */
export const rotuloDoSino = (naoLidas: number | undefined) =>
  naoLidas
    ? `Notificações: ${plural(naoLidas, 'não lida', 'não lidas')}`
    : 'Notificações: nenhuma não lida';
