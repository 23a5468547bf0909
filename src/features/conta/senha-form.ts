import { z } from 'zod';
import { TrocarSenhaSchema } from '../../../contract';

export const SENHAS_DIFERENTES = 'As duas senhas novas não conferem.';

/** The password form: the contract's rules, and the new password typed twice. */
export const senhaFormSchema = TrocarSenhaSchema.extend({ confirmacao: z.string() }).refine(
  (v) => v.nova === v.confirmacao,
  { path: ['confirmacao'], message: SENHAS_DIFERENTES },
);
export type SenhaFormValues = z.input<typeof senhaFormSchema>;
export const SENHA_FORM_FIELDS = ['atual', 'nova', 'confirmacao'] as const;
export const SENHA_VAZIA: SenhaFormValues = { atual: '', nova: '', confirmacao: '' };
