import { useMutation } from '@tanstack/react-query';
import type { LoginRequest } from '../../contract';
import { session } from '../lib/session';

/**
 * The calls themselves come with the API client (axios, zod and the contract): more than half of what the login
 * screen would otherwise load before it shows. They load after it shows (LoginPage asks for them once the browser
 * is idle), at the latest on Entrar.
 */
export const loadAuthCalls = () => import('./auth-calls');

export function useLogin() {
  return useMutation({
    mutationFn: async (body: LoginRequest) => (await loadAuthCalls()).login(body),
    onSuccess: ({ access, username }) => session.login({ access, username }),
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
