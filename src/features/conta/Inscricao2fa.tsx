import { Alert, Box, Button, Field, HStack, Input, QrCode, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { Inscricao2fa as Inscricao } from '../../../contract';
import { useConfirm2fa, useStart2fa } from '../../api/conta';
import { CopyButton } from '../../components/CopyButton';
import { ApiRequestError } from '../../lib/api-error';
import { CodigosRecuperacao } from './CodigosRecuperacao';

/** 'JBSWY3DPEHPK3PXP' → 'JBSW Y3DP EHPK 3PXP': easier to type into an app by hand. */
export const segredoEmGrupos = (segredo: string) => segredo.replace(/(.{4})(?=.)/g, '$1 ');

const Erro = ({ error }: { error: Error }) => (
  <Alert.Root status="error" role="alert">
    <Alert.Indicator />
    <Alert.Title>{error.message}</Alert.Title>
  </Alert.Root>
);

/**
 * Turning the second factor on (TOTP): a new secret as a QR code and as text, one code of the app to confirm it,
 * then the 10 recovery codes, shown once. Confirming ends the sessions opened with the password alone and gives
 * this browser a new one (useConfirm2fa stores it); `onConcluido` once the codes were kept.
 */
export function Inscricao2fa({
  username,
  onIniciada,
  onCancelada,
  onConcluido,
}: {
  username: string;
  /** The enrolment started: the caller keeps it on screen until `onConcluido`, whatever the account says. */
  onIniciada?: () => void;
  /** Cancelar, before a code confirmed it: nothing changed. */
  onCancelada?: () => void;
  /** The codes were kept. */
  onConcluido: () => void;
}) {
  const start = useStart2fa();
  const confirm = useConfirm2fa();
  const cancel = () => {
    start.reset();
    confirm.reset();
    onCancelada?.();
  };
  if (confirm.data)
    return (
      <CodigosRecuperacao
        username={username}
        codigos={confirm.data.codigos_recuperacao}
        onConcluir={onConcluido}
      />
    );
  if (!start.data)
    return (
      <Stack gap="3" align="flex-start">
        <Text>
          Com o segundo fator, entrar pede a senha e um código de 6 dígitos que um aplicativo
          autenticador do seu celular gera a cada 30 segundos (Google Authenticator, Microsoft
          Authenticator, 1Password e outros).
        </Text>
        {start.error && <Erro error={start.error} />}
        <Button
          onClick={() => start.mutate(undefined, { onSuccess: onIniciada })}
          loading={start.isPending}
        >
          Ativar segundo fator
        </Button>
      </Stack>
    );
  return <Confirmacao inscricao={start.data} confirm={confirm} onCancelar={cancel} />;
}

function Confirmacao({
  inscricao,
  confirm,
  onCancelar,
}: {
  inscricao: Inscricao;
  confirm: ReturnType<typeof useConfirm2fa>;
  onCancelar: () => void;
}) {
  const [codigo, setCodigo] = useState('');
  const [vazio, setVazio] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valor = codigo.replace(/\s/g, '');
    setVazio(!valor);
    if (valor) confirm.mutate(valor);
  };
  // The server's word on the code goes under the field; anything else (no enrolment, already on) above it.
  const doCampo =
    confirm.error instanceof ApiRequestError ? confirm.error.campos?.codigo : undefined;
  const erro = vazio ? 'Informe o código.' : doCampo;

  return (
    <Stack gap="5">
      <Stack gap="2">
        <Text fontWeight="medium">1. Leia o QR code com o aplicativo autenticador</Text>
        <Box bg="white" color="black" p="3" rounded="md" borderWidth="1px" w="fit-content">
          <QrCode.Root value={inscricao.otpauth_uri} size="xl" encoding={{ ecc: 'M' }}>
            <QrCode.Frame role="img" aria-label="QR code do segundo fator">
              <QrCode.Pattern />
            </QrCode.Frame>
          </QrCode.Root>
        </Box>
        <Text fontSize="sm">Ou digite este segredo no aplicativo:</Text>
        <HStack gap="3" wrap="wrap">
          <Text
            aria-label="Segredo"
            fontFamily="mono"
            fontSize="md"
            px="2"
            py="1"
            bg="bg.muted"
            rounded="sm"
            wordBreak="break-all"
            data-segredo={inscricao.segredo}
          >
            {segredoEmGrupos(inscricao.segredo)}
          </Text>
          <CopyButton value={inscricao.segredo} copiedText="Segredo copiado." />
        </HStack>
      </Stack>
      <form onSubmit={submit} noValidate>
        <Stack gap="3" maxW="xs">
          <Text fontWeight="medium">2. Informe o código que o aplicativo mostra</Text>
          <Field.Root invalid={Boolean(erro)}>
            <Field.Label>Código do aplicativo</Field.Label>
            <Input
              value={codigo}
              onChange={(e) => setCodigo(e.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
            />
            <Field.ErrorText>{erro}</Field.ErrorText>
          </Field.Root>
          {confirm.error && !doCampo && <Erro error={confirm.error} />}
          <HStack gap="2">
            <Button type="submit" loading={confirm.isPending}>
              Confirmar
            </Button>
            <Button variant="ghost" colorPalette="gray" onClick={onCancelar}>
              Cancelar
            </Button>
          </HStack>
        </Stack>
      </form>
    </Stack>
  );
}
