import {
  Alert,
  Box,
  Button,
  Field,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import {
  EMAIL_USUARIO_INVALIDO,
  EMAIL_USUARIO_PATTERN,
  TIPO_ALERTA_NOME,
  TIPOS_ALERTA,
  type Canais,
  type CanalAlerta,
  type Preferencias as PreferenciasUsuario,
} from '../../../contract';
import { alertasQueries, useSavePreferencias } from '../../api/alertas';
import { FormField } from '../../components/form';
import { LoadError, nuncaCarregou } from '../../components/LoadError';
import { setApiFieldErrors } from '../../lib/form-errors';
import { detalheDoErro } from './alertas-state';
import { CANAL_ALERTA } from './labels';

interface Valores {
  email: string;
  canais: Canais;
}

const CANAIS = Object.keys(CANAL_ALERTA) as CanalAlerta[];

/** The server says e-mail is off, or the user has no address: what is chosen reaches the app only. */
function AvisoDeEmail({ preferencias }: { preferencias: PreferenciasUsuario }) {
  if (!preferencias.email_ativo) {
    return (
      <Alert.Root status="info" role="status">
        <Alert.Indicator />
        <Alert.Title>
          O envio de e-mails está desligado neste servidor: os alertas aparecem só no app, qualquer
          que seja a escolha abaixo.
        </Alert.Title>
      </Alert.Root>
    );
  }
  if (!preferencias.email) {
    return (
      <Alert.Root status="warning" role="status">
        <Alert.Indicator />
        <Alert.Title>Informe seu e-mail para receber alertas por e-mail.</Alert.Title>
      </Alert.Root>
    );
  }
  return null;
}

function PreferenciasForm({ preferencias }: { preferencias: PreferenciasUsuario }) {
  const { register, handleSubmit, setError, formState, reset } = useForm<Valores>({
    defaultValues: { email: preferencias.email ?? '', canais: preferencias.canais },
  });
  const salvar = useSavePreferencias();
  const onSubmit = handleSubmit(({ email, canais }) =>
    salvar.mutate(
      { email: email.trim() || null, canais },
      {
        onSuccess: (salvas) => reset({ email: salvas.email ?? '', canais: salvas.canais }),
        onError: (error) => setApiFieldErrors(error, ['email'], setError),
      },
    ),
  );
  return (
    <Stack asChild gap="5" maxW="3xl">
      <form onSubmit={onSubmit} noValidate>
        <AvisoDeEmail preferencias={preferencias} />
        <Box maxW="md">
          <FormField label="Seu e-mail" error={formState.errors.email?.message}>
            <Input
              {...register('email', {
                validate: (v) =>
                  !v.trim() || EMAIL_USUARIO_PATTERN.test(v.trim()) || EMAIL_USUARIO_INVALIDO,
              })}
              type="email"
              autoComplete="email"
            />
          </FormField>
        </Box>
        <Box>
          <Text fontWeight="semibold" mb="1">
            Como avisar, por tipo de alerta
          </Text>
          <Text fontSize="sm" color="fg.muted" mb="3">
            Todo alerta aparece no sino. Escolha os tipos que também devem chegar por e-mail.
          </Text>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {TIPOS_ALERTA.map((tipo) => (
              <Field.Root key={tipo}>
                <Field.Label>{TIPO_ALERTA_NOME[tipo]}</Field.Label>
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field {...register(`canais.${tipo}`)}>
                    {CANAIS.map((c) => (
                      <option key={c} value={c}>
                        {CANAL_ALERTA[c]}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
            ))}
          </SimpleGrid>
        </Box>
        {salvar.error && !formState.errors.email && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{detalheDoErro(salvar.error)}</Alert.Title>
          </Alert.Root>
        )}
        {salvar.isSuccess && !formState.isDirty && (
          <Text color="green.600" fontSize="sm" role="status">
            Preferências salvas.
          </Text>
        )}
        <Box>
          <Button type="submit" loading={salvar.isPending}>
            Salvar preferências
          </Button>
        </Box>
      </form>
    </Stack>
  );
}

/** The user's e-mail and, per alert type, in the app only or in the app and by e-mail. */
export function Preferencias() {
  const preferencias = useQuery(alertasQueries.preferencias());
  if (nuncaCarregou(preferencias)) {
    return (
      <LoadError
        what="as preferências"
        error={preferencias.error}
        onRetry={() => void preferencias.refetch()}
        retrying={preferencias.isFetching}
      />
    );
  }
  if (!preferencias.data) return <Text color="fg.muted">Carregando...</Text>;
  return <PreferenciasForm preferencias={preferencias.data} />;
}
