import { Alert, Box, Button, Card, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { LoginRequest } from '../../../contract';
import { loadAuthCalls, useLogin } from '../../api/auth';
import { ApiRequestError } from '../../lib/api-error';
import { whenIdle } from '../../lib/idle';
import { SESSAO_TERMINOU, sessaoTerminou } from '../../lib/sessao-terminou';
import { SegundoFatorPasso } from './SegundoFatorPasso';

// The rules (zod and the contract) load after the form shows, with the calls: the form checks on Entrar only.
const loadValidation = () => import('./login-validation');
const resolver: Resolver<LoginRequest> = async (...args) =>
  (await loadValidation()).loginResolver(...args);

export function LoginPage() {
  const login = useLogin();
  // The challenge of the second step, once the password was right for a user with the second factor on.
  const [desafio, setDesafio] = useState<string | null>(null);
  // A session that expired or was ended elsewhere: the user is told, not just shown the form (issue 34).
  const [terminou] = useState(sessaoTerminou.consumir);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginRequest>({ resolver, defaultValues: { username: '', password: '' } });
  useEffect(
    () =>
      whenIdle(() => {
        void loadValidation();
        void loadAuthCalls();
      }),
    [],
  );
  const throttled =
    login.error instanceof ApiRequestError && login.error.status === 429
      ? login.error.detail
      : undefined;

  return (
    <Box minH="100dvh" display="grid" placeItems="center" px="4">
      <Card.Root as="main" w="full" maxW="sm">
        <Card.Header>
          <Heading as="h1" size="xl" color="gold.fg">
            Carteira RV
          </Heading>
        </Card.Header>
        <Card.Body>
          {desafio ? (
            <SegundoFatorPasso
              desafio={desafio}
              onVoltar={() => {
                login.reset();
                setDesafio(null);
              }}
            />
          ) : (
            <form
              onSubmit={handleSubmit((values) =>
                login.mutate(values, {
                  onSuccess: (result) => {
                    if ('desafio' in result) setDesafio(result.desafio);
                  },
                }),
              )}
              noValidate
            >
              <Stack gap="4">
                {terminou && !login.isSuccess && (
                  <Alert.Root status="info" role="status">
                    <Alert.Indicator />
                    <Alert.Title>{SESSAO_TERMINOU}</Alert.Title>
                  </Alert.Root>
                )}
                <Field.Root invalid={!!errors.username}>
                  <Field.Label>Usuário</Field.Label>
                  <Input autoComplete="username" autoFocus {...register('username')} />
                  <Field.ErrorText>{errors.username?.message}</Field.ErrorText>
                </Field.Root>
                <Field.Root invalid={!!errors.password}>
                  <Field.Label>Senha</Field.Label>
                  <Input
                    type="password"
                    autoComplete="current-password"
                    {...register('password')}
                  />
                  <Field.ErrorText>{errors.password?.message}</Field.ErrorText>
                </Field.Root>
                {login.isError && (
                  <Box role="alert">
                    <Text color="red.600" fontWeight="medium">
                      Usuário ou senha inválidos
                    </Text>
                    {throttled && (
                      <Text color="red.600" fontSize="sm">
                        {throttled}
                      </Text>
                    )}
                  </Box>
                )}
                <Button type="submit" loading={login.isPending} w="full">
                  Entrar
                </Button>
              </Stack>
            </form>
          )}
        </Card.Body>
      </Card.Root>
    </Box>
  );
}
