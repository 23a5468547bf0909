import type { TipoAlerta } from '../../../contract';
import type { Db } from '../../db/client';
import type { Destinatarios } from './destinatarios';

/** The alerts' state machine's words (motor.ts decides, motor-escrita.ts writes). */

/** What an alert is about, as its row stores it. */
export interface Assunto {
  cliente_id?: number | null;
  operacao_id?: number | null;
  order_group_id?: string | null;
  evento_id?: number | null;
  regra_id?: number | null;
  /** A preco alert is its rule owner's only. */
  user_id?: number | null;
  ticker?: string | null;
  nivel?: string | null;
  cotacao?: string | null;
}

export interface Observacao {
  /** The subject ('operacao:12'); at most one alert of a type and subject is open at a time. */
  chave: string;
  /**
   * A fixed episode: fires once per episode, ever (a rule's arming, an ex-date's moment). Without it each new
   * occurrence after a resolution is the next number.
   */
  episodio?: string;
  assunto: Assunto;
  /** What the alert says when it fires (a function: made only for the few subjects that change). */
  titulo: string | (() => string);
  /** The condition holds: opens an alert, or keeps a pending one counting its minimum time. */
  dispara: boolean;
  /** A fired alert is over (re-armed, back online). Subjects no longer observed are over too, silently. */
  encerra: boolean;
  /** Said when it is over (a terminal back online); without it the end is silent. */
  tituloResolvido?: string;
}

/** The title as stored: a sentence ending in a name that has its own full stop ("Petrobras S.A.") ends once. */
export const tituloDe = (obs: Observacao) =>
  (typeof obs.titulo === 'string' ? obs.titulo : obs.titulo()).replace(/\.\.$/, '.');

export interface Regra {
  tipo: TipoAlerta;
  /** How long the condition must hold before it fires (0: at once). */
  minimoSegundos: number;
  /** Said again this often while it lasts (null: once). */
  repetirSegundos: number | null;
  /** Whether a repeat may go now (the terminals': during B3's session only). */
  repetirAgora?: (now: Date) => boolean;
}

export interface Contexto {
  db: Db;
  now: Date;
  destinatarios: Destinatarios;
  /** Notifications made with an e-mail to send, this run. */
  emails: number;
  /** Notifications made, this run. */
  notificacoes: number;
}

export interface Aberto {
  id: number;
  chave: string;
  estado: 'pendente' | 'disparado';
  desde: Date;
  ultimo_aviso_em: Date | null;
  avisos: number;
  reconhecido: boolean;
  adiado_ate: Date | null;
  cliente_id: number | null;
  user_id: number | null;
}

export const adiado = (adiadoAte: Date | null, now: Date) =>
  adiadoAte !== null && adiadoAte.getTime() > now.getTime();

export interface Plano {
  abrir: Observacao[];
  descartar: Aberto[];
  disparar: Array<{ aberto: Aberto; obs: Observacao }>;
  repetir: Array<{ aberto: Aberto; obs: Observacao }>;
  fimAdiamento: Array<{ aberto: Aberto; obs: Observacao }>;
  resolver: Array<{ aberto: Aberto; tituloResolvido: string | undefined }>;
}
