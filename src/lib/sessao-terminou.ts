/**
 * Why the login form shows after a session that was open (issue 34, rough edge 9): the server refused its token
 * (it expired, or it was ended elsewhere: Minha conta's Sessões, a role changed, the user deactivated). Kept in
 * the tab's sessionStorage so that the login form, mounted after the session is gone, can say so once. Its own
 * module: the login screen reads it without loading axios.
 */
const KEY = 'sessao-terminou';

export const sessaoTerminou = {
  marcar(): void {
    sessionStorage.setItem(KEY, '1');
  },
  /** Whether the last session ended that way; read once (a later visit of the login form is a fresh start). */
  consumir(): boolean {
    const terminou = sessionStorage.getItem(KEY) !== null;
    sessionStorage.removeItem(KEY);
    return terminou;
  },
};

export const SESSAO_TERMINOU =
  'Sua sessão terminou: ela expirou ou foi encerrada em outro lugar. Entre de novo para continuar.';
