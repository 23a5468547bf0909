import {
  Alert,
  Box,
  Button,
  Dialog,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PAPEIS, PAPEL_NOME, type Usuario } from '../../../contract';
import { useUpdateUsuario } from '../../api/usuarios';
import { FormField } from '../../components/form';
import { DialogCloseButton, TargetDialog } from '../../components/TargetDialog';
import { ApiRequestError } from '../../lib/api-error';
import { setApiFieldErrors } from '../../lib/form-errors';
import { AcessoDoUsuario } from './AcessoDoUsuario';
import { EDICAO_FIELDS, edicaoInicial, edicaoSchema, type EdicaoValues } from './form';

/**
 * Gerenciar: a user's e-mail and role, and what ends or restores their access (deactivate, a new temporary
 * password, their second factor off, the login throttle cleared). `usuario` is the list's current row.
 */
export function UsuarioDialog({
  usuario,
  onClose,
}: {
  usuario: Usuario | null;
  onClose: () => void;
}) {
  return (
    <TargetDialog target={usuario} targetKey={(u) => u.id} onClose={onClose} size="lg">
      {(u) => (
        <Dialog.Content>
          <Dialog.Header>
            <Dialog.Title>Usuário {u.username}</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>
            <Stack gap="5">
              <Edicao usuario={u} />
              <Box borderTopWidth="1px" />
              <AcessoDoUsuario usuario={u} />
            </Stack>
          </Dialog.Body>
          <Dialog.Footer>
            <Button variant="outline" colorPalette="gray" onClick={onClose}>
              Concluir
            </Button>
          </Dialog.Footer>
          <DialogCloseButton />
        </Dialog.Content>
      )}
    </TargetDialog>
  );
}

/** E-mail and role: a new role ends their sessions (the server says so), the last admin stays admin (409). */
function Edicao({ usuario }: { usuario: Usuario }) {
  const { register, handleSubmit, setError, reset, formState } = useForm<
    EdicaoValues,
    unknown,
    z.output<typeof edicaoSchema>
  >({ resolver: zodResolver(edicaoSchema), defaultValues: edicaoInicial(usuario) });
  const update = useUpdateUsuario();
  const erro = (name: (typeof EDICAO_FIELDS)[number]) => formState.errors[name]?.message;
  const onSubmit = handleSubmit((body) =>
    update.mutate(
      { id: usuario.id, body },
      {
        onSuccess: (salvo) => reset(edicaoInicial(salvo)),
        onError: (error) => setApiFieldErrors(error, EDICAO_FIELDS, setError),
      },
    ),
  );
  const geral =
    update.error && !(update.error instanceof ApiRequestError && update.error.campos)
      ? update.error.message
      : null;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Dados do usuário">
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <FormField label="E-mail" error={erro('email')}>
            <Input {...register('email')} type="email" autoComplete="off" />
          </FormField>
          <FormField label="Papel" error={erro('papel')}>
            <NativeSelect.Root>
              <NativeSelect.Field {...register('papel')}>
                {PAPEIS.map((p) => (
                  <option key={p} value={p}>
                    {PAPEL_NOME[p]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        </SimpleGrid>
        <Text fontSize="sm" color="fg.muted">
          Mudar o papel encerra as sessões do usuário na hora.
        </Text>
        {geral && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{geral}</Alert.Title>
          </Alert.Root>
        )}
        {update.isSuccess && !formState.isDirty && (
          <Text fontSize="sm" role="status" color="green.fg">
            Alterações salvas.
          </Text>
        )}
        <Button
          type="submit"
          alignSelf="flex-start"
          loading={update.isPending}
          disabled={!formState.isDirty}
        >
          Salvar
        </Button>
      </Stack>
    </form>
  );
}
