import { useQuery } from '@tanstack/react-query';
import { PAPEL_NOME, papelPode, type Papel, type Permissao } from '../../contract';
import { useSession } from '../lib/session';
import { contaQueries } from './conta';

/**
 * The logged user's role: the one the login answered (kept with the session, which a change of role ends), or,
 * for a session stored before roles existed, GET /api/eu/'s. Undefined while unknown.
 */
export function usePapel(): Papel | undefined {
  const current = useSession();
  const eu = useQuery({
    ...contaQueries.eu(),
    enabled: Boolean(current && !current.papel),
    staleTime: Infinity,
  });
  return current?.papel ?? eu.data?.papel;
}

export interface Permitido {
  /** The role may call the endpoint (false while the role is unknown: nothing is offered that may be refused). */
  pode: boolean;
  /** The role is known. */
  conhecido: boolean;
  /** What a screen the role may not use says: "Seu papel (Assessor) não permite importar planilhas." */
  motivo: string;
}

/** "Seu papel (Leitura) não permite …": what a forbidden screen or a hidden act says. */
export const semPermissao = (papel: Papel, permissao: Permissao) =>
  `Seu papel (${PAPEL_NOME[papel]}) não permite ${permissao.acao}.`;

/**
 * Whether the logged user's role may call an endpoint, read from the contract's `permissao` table (the server
 * refuses the others with 403): the screens hide what the role may not do, and never repeat the rules.
 */
export function usePermissao(endpoint: { readonly permissao: Permissao }): Permitido {
  const papel = usePapel();
  return {
    pode: papel !== undefined && papelPode(papel, endpoint),
    conhecido: papel !== undefined,
    motivo: papel === undefined ? '' : semPermissao(papel, endpoint.permissao),
  };
}
