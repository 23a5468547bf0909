import { useMutation } from '@tanstack/react-query';
import { authEndpoints as e, type LoginRequest } from '../../contract';
import { authApi } from '../lib/api';
import { session } from '../lib/session';
import { call } from './call';

export function useLogin() {
  return useMutation({
    // Without a token, and a 401 here is a wrong password, not an expired session.
    mutationFn: (body: LoginRequest) => call(e.login, { body }, { client: authApi }),
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
    mutationFn: () => call(e.logout),
    onSettled: () => session.logout(),
  });
}
