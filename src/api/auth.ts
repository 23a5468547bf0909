import { useMutation } from '@tanstack/react-query';
import type { Login2faRequest, LoginRequest, LoginResponse } from '../../contract';
import { session } from '../lib/session';

/**
 * The calls themselves come with the API client (axios, zod and the contract): more than half of what the login
 * screen would otherwise load before it shows. They load after it shows (LoginPage asks for them once the browser
 * is idle), at the latest on Entrar.
 */
export const loadAuthCalls = () => import('./auth-calls');

/** A login's answer becomes the stored session: the token, the name, the role and what the session reaches. */
export const startSession = ({ access, username, papel, escopo }: LoginResponse) =>
  session.login({ access, username, papel, escopo });

/** The password step: a session, or (the second factor on) the challenge the code step needs. */
export function useLogin() {
  return useMutation({
    mutationFn: async (body: LoginRequest) => (await loadAuthCalls()).login(body),
    onSuccess: (result) => {
      if ('sessao' in result) startSession(result.sessao);
    },
  });
}

/** The code step: the challenge and a TOTP or recovery code give the session. */
export function useLogin2fa() {
  return useMutation({
    mutationFn: async (body: Login2faRequest) => (await loadAuthCalls()).login2fa(body),
    onSuccess: startSession,
  });
}

/**
 * Sair: the session ends here whatever the server answers (the app's providers then clear the cached data, as
 * they do when a 401 ends it). Ending it on the server too belongs in `mutationFn`.
 */
export function useLogout() {
  return useMutation({
    // The server ends the session (the token stops working); whatever it answers, this browser logs out.
    mutationFn: async () => (await loadAuthCalls()).logout(),
    onSettled: () => session.logout(),
  });
}
