import { Alert, Button, Dialog, Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PAPEIS, PAPEL_NOME } from '../../../contract';
import { useCreateUsuario } from '../../api/usuarios';
import { FormField } from '../../components/form';
import { DialogCloseButton, TargetDialog } from '../../components/TargetDialog';
import { ApiRequestError } from '../../lib/api-error';
import { setApiFieldErrors } from '../../lib/form-errors';
import {
  NOVO_USUARIO_FIELDS,
  NOVO_USUARIO_VAZIO,
  novoUsuarioSchema,
  type NovoUsuarioValues,
} from './form';
import { SenhaTemporaria } from './SenhaTemporaria';

/** Novo usuário: name, e-mail and role; then its temporary password, shown once. */
export function NovoUsuarioDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <TargetDialog target={open ? 'novo' : null} targetKey={(t) => t} onClose={onClose}>
      {() => <NovoUsuarioForm onClose={onClose} />}
    </TargetDialog>
  );
}

function NovoUsuarioForm({ onClose }: { onClose: () => void }) {
  const { register, handleSubmit, setError, formState } = useForm<
    NovoUsuarioValues,
    unknown,
    z.output<typeof novoUsuarioSchema>
  >({
    resolver: zodResolver(novoUsuarioSchema),
    defaultValues: NOVO_USUARIO_VAZIO,
  });
  const create = useCreateUsuario();
  const erro = (name: (typeof NOVO_USUARIO_FIELDS)[number]) => formState.errors[name]?.message;
  const onSubmit = handleSubmit((body) =>
    create.mutate(body, {
      onError: (error) => setApiFieldErrors(error, NOVO_USUARIO_FIELDS, setError),
    }),
  );
  const geral =
    create.error && !(create.error instanceof ApiRequestError && create.error.campos)
      ? create.error.message
      : null;

  if (create.data)
    return (
      <Dialog.Content>
        <Dialog.Header>
          <Dialog.Title>Usuário criado</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <SenhaTemporaria username={create.data.username} senha={create.data.senha_temporaria} />
        </Dialog.Body>
        <Dialog.Footer>
          <Button onClick={onClose}>Concluir</Button>
        </Dialog.Footer>
        <DialogCloseButton />
      </Dialog.Content>
    );
  return (
    <Dialog.Content>
      <form onSubmit={onSubmit} noValidate>
        <Dialog.Header>
          <Dialog.Title>Novo usuário</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <FormField label="Usuário" error={erro('username')}>
              <Input {...register('username')} autoComplete="off" spellCheck={false} />
            </FormField>
            <FormField label="Papel" error={erro('papel')}>
              <NativeSelect.Root>
                <NativeSelect.Field {...register('papel')} placeholder="Selecione o papel">
                  {PAPEIS.map((p) => (
                    <option key={p} value={p}>
                      {PAPEL_NOME[p]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <FormField label="E-mail" error={erro('email')}>
              <Input {...register('email')} type="email" autoComplete="off" />
            </FormField>
          </SimpleGrid>
          {geral && (
            <Alert.Root status="error" mt="4" role="alert">
              <Alert.Indicator />
              <Alert.Title>{geral}</Alert.Title>
            </Alert.Root>
          )}
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" colorPalette="gray" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" loading={create.isPending}>
            Criar
          </Button>
        </Dialog.Footer>
      </form>
      <DialogCloseButton />
    </Dialog.Content>
  );
}
