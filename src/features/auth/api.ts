import { useMutation } from '@tanstack/react-query';
import { LoginResponseSchema, type LoginRequest } from '../../../contract';
import { authApi } from '../../lib/api';
import { session } from '../../lib/session';

export function useLogin() {
  return useMutation({
    mutationKey: ['token'],
    mutationFn: async (body: LoginRequest) => {
      const { data } = await authApi.post('token/', body);
      return LoginResponseSchema.parse(data);
    },
    onSuccess: (data) => session.login({ access: data.access, username: data.username }),
  });
}
