import { Box, Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useLogin2fa } from '../../api/auth';
import { ApiRequestError } from '../../lib/api-error';

/** Said when the server gives no reason (a network error, an answer without `detail`). */
const SEM_DETALHE = 'Não foi possível confirmar o código. Tente de novo.';

/**
 * The login's second step (issue 32): the password was right and the user has a second factor, so the code of the
 * authenticator app (or a recovery code) is asked with the challenge the first step received. An expired
 * challenge is said by the server; Voltar asks the password again.
 */
export function SegundoFatorPasso({
  desafio,
  onVoltar,
}: {
  desafio: string;
  onVoltar: () => void;
}) {
  const login2fa = useLogin2fa();
  const [codigo, setCodigo] = useState('');
  const [vazio, setVazio] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valor = codigo.trim();
    setVazio(!valor);
    if (valor) login2fa.mutate({ desafio, codigo: valor });
  };
  const erro = login2fa.error;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <Text fontSize="sm">
          Informe o código de 6 dígitos do seu aplicativo autenticador, ou um dos seus códigos de
          recuperação.
        </Text>
        <Field.Root invalid={vazio}>
          <Field.Label>Código</Field.Label>
          <Input
            value={codigo}
            onChange={(e) => setCodigo(e.target.value)}
            autoComplete="one-time-code"
            autoFocus
            spellCheck={false}
            maxLength={32}
          />
          <Field.ErrorText>Informe o código.</Field.ErrorText>
        </Field.Root>
        {erro && (
          <Box role="alert">
            <Text color="red.600" fontWeight="medium">
              {(erro instanceof ApiRequestError && erro.detail) || SEM_DETALHE}
            </Text>
          </Box>
        )}
        <Button type="submit" loading={login2fa.isPending} w="full">
          Confirmar
        </Button>
        <Button variant="ghost" colorPalette="gray" size="sm" onClick={onVoltar}>
          Voltar
        </Button>
      </Stack>
    </form>
  );
}
