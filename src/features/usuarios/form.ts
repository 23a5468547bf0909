import { z } from 'zod';
import {
  PapelSchema,
  UsuarioCreateSchema,
  UsuarioUpdateSchema,
  type Usuario,
} from '../../../contract';

/** Novo usuário: the contract's rules (the name's characters, an e-mail or blank, a role). */
export const novoUsuarioSchema = UsuarioCreateSchema;
export type NovoUsuarioValues = z.input<typeof novoUsuarioSchema>;
export const NOVO_USUARIO_FIELDS = ['username', 'email', 'papel'] as const;
/** No role chosen yet: the select shows "Selecione o papel". */
export const NOVO_USUARIO_VAZIO: Partial<NovoUsuarioValues> = { username: '', email: '' };

/** Editing: the e-mail (blank removes it) and the role. */
export const edicaoSchema = z.object({
  email: UsuarioUpdateSchema.shape.email,
  papel: PapelSchema,
});
export type EdicaoValues = z.input<typeof edicaoSchema>;
export const EDICAO_FIELDS = ['email', 'papel'] as const;
export const edicaoInicial = (u: Usuario): EdicaoValues => ({
  email: u.email ?? '',
  papel: u.papel,
});
