import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { usuariosEndpoints as e, type UsuarioCreate, type UsuarioUpdate } from '../../contract';
import { auditoriaQueries } from './auditoria';
import { call } from './call';

/** Ferramentas → Usuários (issue 32, admin): the users and what an administrator does to each. */
export const usuariosQueries = {
  all: () => ['usuarios'] as const,
  list: () =>
    queryOptions({
      queryKey: [...usuariosQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => call(e.list, {}, { signal }),
    }),
};

/** Every change to a user is audited: the audit screen's pages are stale too. */
function useInvalidateUsuarios() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: usuariosQueries.all() }),
      queryClient.invalidateQueries({ queryKey: auditoriaQueries.all() }),
    ]);
}

/** Creates a user; the answer's temporary password is shown once. */
export function useCreateUsuario() {
  const invalidate = useInvalidateUsuarios();
  return useMutation({
    mutationFn: (body: UsuarioCreate) => call(e.create, { body }),
    onSuccess: invalidate,
  });
}

/** E-mail, role or active (a new role or a deactivation ends their sessions); 409 for the last admin. */
export function useUpdateUsuario() {
  const invalidate = useInvalidateUsuarios();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UsuarioUpdate }) =>
      call(e.update, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

/** A new temporary password (shown once); their sessions end. */
export function useResetSenhaUsuario() {
  const invalidate = useInvalidateUsuarios();
  return useMutation({
    mutationFn: (id: number) => call(e.resetSenha, { params: { id } }),
    onSuccess: invalidate,
  });
}

/** Turns their second factor off (a lost phone and codes); their sessions end. */
export function useReset2faUsuario() {
  const invalidate = useInvalidateUsuarios();
  return useMutation({
    mutationFn: (id: number) => call(e.desativar2fa, { params: { id } }),
    onSuccess: invalidate,
  });
}

/** Clears the login throttle of the account: the next login does not wait. */
export function useUnlockUsuario() {
  const invalidate = useInvalidateUsuarios();
  return useMutation({
    mutationFn: (id: number) => call(e.desbloquear, { params: { id } }),
    onSuccess: invalidate,
  });
}
