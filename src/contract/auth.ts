import { z } from 'zod';

export const LoginRequestSchema = z.object({
  username: z.string().trim().min(1, 'Informe o usuário.').max(150),
  password: z.string().min(1, 'Informe a senha.').max(1024),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const LoginResponseSchema = z.object({
  access: z.string(),
  username: z.string(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;
