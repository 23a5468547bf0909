import { Alert, Button, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { SENHA_MINIMO } from '../../../contract';
import { useChangeSenha } from '../../api/conta';
import { FormField } from '../../components/form';
import { ApiRequestError } from '../../lib/api-error';
import { setApiFieldErrors } from '../../lib/form-errors';
import {
  SENHA_FORM_FIELDS,
  SENHA_VAZIA,
  senhaFormSchema,
  type SenhaFormValues,
} from './senha-form';

/**
 * Changes my password: the current one, the new one twice (the server's rules: at least 12 characters, not a
 * common one). The server ends my other sessions and gives this browser a new token.
 */
export function SenhaForm({ onChanged }: { onChanged?: () => void }) {
  const { register, handleSubmit, setError, reset, formState } = useForm<SenhaFormValues>({
    resolver: zodResolver(senhaFormSchema),
    defaultValues: SENHA_VAZIA,
  });
  const change = useChangeSenha();
  const [feito, setFeito] = useState(false);
  const erro = (name: (typeof SENHA_FORM_FIELDS)[number]) => formState.errors[name]?.message;
  // A refusal of a field is said under it; anything else (too many attempts, no answer) above the button.
  const geral =
    change.error && !(change.error instanceof ApiRequestError && change.error.campos)
      ? change.error.message
      : null;

  const onSubmit = handleSubmit(({ atual, nova }) => {
    setFeito(false);
    change.mutate(
      { atual, nova },
      {
        onSuccess: () => {
          reset(SENHA_VAZIA);
          setFeito(true);
          onChanged?.();
        },
        onError: (error) => setApiFieldErrors(error, SENHA_FORM_FIELDS, setError),
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="4" maxW="sm">
        <FormField label="Senha atual" error={erro('atual')}>
          <Input type="password" autoComplete="current-password" {...register('atual')} />
        </FormField>
        <FormField label="Nova senha" error={erro('nova')}>
          <Input type="password" autoComplete="new-password" {...register('nova')} />
        </FormField>
        <FormField label="Repita a nova senha" error={erro('confirmacao')}>
          <Input type="password" autoComplete="new-password" {...register('confirmacao')} />
        </FormField>
        <Text fontSize="sm" color="fg.muted">
          Pelo menos {SENHA_MINIMO} caracteres; senhas comuns são recusadas.
        </Text>
        {geral && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{geral}</Alert.Title>
          </Alert.Root>
        )}
        {feito && (
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Title>Senha alterada. As outras sessões foram encerradas.</Alert.Title>
          </Alert.Root>
        )}
        <Button type="submit" loading={change.isPending} alignSelf="flex-start">
          Trocar senha
        </Button>
      </Stack>
    </form>
  );
}
