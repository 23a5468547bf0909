import { TIPO_ALERTA_NOME, type MotivoNotificacao, type TipoAlerta } from '../../../contract';
import { formatDateTime } from '../../../shared/format';

/**
 * The alert e-mails' words (issue 31): one message per notification, or one for several of one type that waited
 * the user's minute; plain text and HTML saying the same, in Portuguese.
 */

export interface NotificacaoEmail {
  titulo: string;
  tipo: TipoAlerta;
  motivo: MotivoNotificacao;
  critico: boolean;
  /** ISO instant. */
  criada_em: string;
  cliente_nome: string | null;
  ticker: string | null;
}

export interface Mensagem {
  subject: string;
  text: string;
  html: string;
}

const MOTIVO: Record<MotivoNotificacao, string> = {
  disparo: 'disparou',
  repeticao: 'continua disparado',
  fim_adiamento: 'fim do adiamento',
  resolvido: 'resolvido',
};

const PRODUTO = 'Carteira RV';
const RODAPE =
  'Veja, reconheça ou adie os alertas em Carteira RV → Alertas. Você recebe este e-mail porque escolheu ' +
  'receber alertas deste tipo por e-mail; mude isso nas suas preferências de alertas.';

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** A subject line stays one line of reasonable length, whatever a title holds. */
const assunto = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 180 ? `${line.slice(0, 179)}…` : line;
};

function detalhes(n: NotificacaoEmail): Array<[string, string]> {
  const linhas: Array<[string, string]> = [
    ['Tipo', `${TIPO_ALERTA_NOME[n.tipo]}${n.critico ? ' (crítico)' : ''}`],
    ['Situação', MOTIVO[n.motivo]],
    ['Quando', `${formatDateTime(n.criada_em)} (horário de Brasília)`],
  ];
  if (n.cliente_nome) linhas.push(['Cliente', n.cliente_nome]);
  if (n.ticker) linhas.push(['Ação', n.ticker]);
  return linhas;
}

const textoDe = (n: NotificacaoEmail) =>
  [n.titulo, '', ...detalhes(n).map(([k, v]) => `${k}: ${v}`)].join('\n');

const htmlDe = (n: NotificacaoEmail) =>
  `<p style="font-size:16px;margin:0 0 8px"><strong>${escapeHtml(n.titulo)}</strong></p>` +
  `<table style="border-collapse:collapse;margin:0 0 16px">${detalhes(n)
    .map(
      ([k, v]) =>
        `<tr><td style="padding:2px 12px 2px 0;color:#555">${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`,
    )
    .join('')}</table>`;

const documento = (corpo: string) =>
  `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${PRODUTO}</title></head>` +
  `<body style="font-family:Arial,Helvetica,sans-serif;color:#1a202c">${corpo}` +
  `<p style="color:#555;font-size:12px">${escapeHtml(RODAPE)}</p></body></html>`;

/** The message of one notification, or of several of one type (oldest first). */
export function composeMensagem(lista: readonly NotificacaoEmail[]): Mensagem {
  const [primeira] = lista;
  if (!primeira) throw new Error('composeMensagem: no notification');
  const critico = lista.some((n) => n.critico);
  if (lista.length === 1) {
    return {
      subject: assunto(`[${PRODUTO}] ${critico ? 'CRÍTICO: ' : ''}${primeira.titulo}`),
      text: `${textoDe(primeira)}\n\n${RODAPE}\n`,
      html: documento(htmlDe(primeira)),
    };
  }
  const tipo = TIPO_ALERTA_NOME[primeira.tipo];
  const cabeca = `${lista.length} alertas de ${tipo}`;
  return {
    subject: assunto(`[${PRODUTO}] ${critico ? 'CRÍTICO: ' : ''}${cabeca}`),
    text: `${cabeca}:\n\n${lista.map(textoDe).join('\n\n')}\n\n${RODAPE}\n`,
    html: documento(
      `<p style="font-size:18px"><strong>${escapeHtml(cabeca)}</strong></p>${lista.map(htmlDe).join('<hr>')}`,
    ),
  };
}
