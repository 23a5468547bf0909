import { useState } from 'react';
import type { EscopoRestrito } from '../../../contract';
import type { Session } from '../../lib/session';

/**
 * Which restricted screen shows, if any: the session's scope while it is restricted, and still after the step
 * that lifted it until that screen says it is done (the enrolment's new session is a full one, but its recovery
 * codes must stay on screen until the user kept them). Logging out forgets it.
 */
export function useAcessoRestrito(current: Session | null) {
  const [tela, setTela] = useState<EscopoRestrito | null>(null);
  const escopo = current?.escopo;
  const restrito = escopo && escopo !== 'completo' ? escopo : null;
  // Derived during render (React's pattern for state that follows a prop): a new restriction replaces the screen.
  if (restrito && restrito !== tela) setTela(restrito);
  if (!current && tela) setTela(null);
  return { tela: restrito ?? tela, concluir: () => setTela(null) };
}
