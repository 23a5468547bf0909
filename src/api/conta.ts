import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { euEndpoints as e, type TrocarSenha } from '../../contract';
import { startSession } from './auth';
import { call } from './call';

/** My account (issue 32): who I am (role, second factor, what this session reaches) and my open sessions. */
export const contaQueries = {
  all: () => ['conta'] as const,
  eu: () =>
    queryOptions({
      queryKey: [...contaQueries.all(), 'eu'] as const,
      queryFn: ({ signal }) => call(e.get, {}, { signal }),
    }),
  sessoes: () =>
    queryOptions({
      queryKey: [...contaQueries.all(), 'sessoes'] as const,
      queryFn: ({ signal }) => call(e.sessoes, {}, { signal }),
    }),
};

const useInvalidateConta = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: contaQueries.all() });
};

/**
 * Changes my password (the current one asked). The server ends every session of mine and answers a new token for
 * this browser: it replaces the stored one at once (the old one no longer opens the API).
 */
export function useChangeSenha() {
  const invalidate = useInvalidateConta();
  return useMutation({
    mutationFn: (body: TrocarSenha) => call(e.senha, { body }),
    onSuccess: (resposta) => {
      startSession(resposta);
      return invalidate();
    },
  });
}

export function useEndSessao() {
  const invalidate = useInvalidateConta();
  return useMutation({
    mutationFn: (id: string) => call(e.encerrarSessao, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useEndOutrasSessoes() {
  const invalidate = useInvalidateConta();
  return useMutation({
    mutationFn: () => call(e.encerrarOutras),
    onSuccess: invalidate,
  });
}

/** Starts the enrolment: a new secret and its otpauth:// URI (nothing changes until a code confirms it). */
export function useStart2fa() {
  return useMutation({ mutationFn: () => call(e.inscrever2fa) });
}

/**
 * Confirms the enrolment with a code: the second factor is on, the answer's 10 recovery codes are shown once, and
 * its new token replaces this browser's (the server ended every session opened with the password alone).
 */
export function useConfirm2fa() {
  const invalidate = useInvalidateConta();
  return useMutation({
    mutationFn: (codigo: string) => call(e.confirmar2fa, { body: { codigo } }),
    onSuccess: (resposta) => {
      startSession(resposta);
      return invalidate();
    },
  });
}

/** Turns my second factor off, confirmed by a code (TOTP or recovery). */
export function useRemove2fa() {
  const invalidate = useInvalidateConta();
  return useMutation({
    mutationFn: (codigo: string) => call(e.desativar2fa, { body: { codigo } }),
    onSuccess: invalidate,
  });
}
