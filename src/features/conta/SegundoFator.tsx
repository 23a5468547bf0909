import { Alert, Badge, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { Eu } from '../../../contract';
import { useRemove2fa } from '../../api/conta';
import { ApiRequestError } from '../../lib/api-error';
import { Inscricao2fa } from './Inscricao2fa';

/** Minha conta's second factor: on or off; turning it on (the enrolment) or off (a code asked). */
export function SegundoFator({ eu }: { eu: Eu }) {
  const [inscrevendo, setInscrevendo] = useState(false);
  const [desativando, setDesativando] = useState(false);
  const estado = (
    <HStack gap="2">
      <Text>Situação:</Text>
      <Badge colorPalette={eu.totp_ativo ? 'green' : 'gray'} variant="subtle">
        {eu.totp_ativo ? 'Ativo' : 'Desativado'}
      </Badge>
    </HStack>
  );
  // The enrolment stays on screen once the server says the factor is on: its recovery codes are shown there.
  if (inscrevendo || !eu.totp_ativo)
    return (
      <Stack gap="4" align="flex-start">
        {estado}
        {eu.exige_2fa && !eu.totp_ativo && (
          <Text fontSize="sm" color="fg.muted">
            Seu papel exige o segundo fator.
          </Text>
        )}
        <Inscricao2fa
          username={eu.username}
          onIniciada={() => setInscrevendo(true)}
          onCancelada={() => setInscrevendo(false)}
          onConcluido={() => setInscrevendo(false)}
        />
      </Stack>
    );
  return (
    <Stack gap="3" align="flex-start">
      {estado}
      {eu.exige_2fa ? (
        <Text fontSize="sm" color="fg.muted">
          Seu papel exige o segundo fator: ele não pode ser desativado. Perdeu o celular e os
          códigos? Peça a um administrador que o desative.
        </Text>
      ) : desativando ? (
        <Desativar onFechar={() => setDesativando(false)} />
      ) : (
        <Button variant="outline" colorPalette="red" onClick={() => setDesativando(true)}>
          Desativar segundo fator
        </Button>
      )}
    </Stack>
  );
}

/** Turning it off asks a code of the app (or a recovery code): a stolen session alone cannot. */
function Desativar({ onFechar }: { onFechar: () => void }) {
  const remove = useRemove2fa();
  const [codigo, setCodigo] = useState('');
  const [vazio, setVazio] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valor = codigo.trim();
    setVazio(!valor);
    if (valor) remove.mutate(valor, { onSuccess: onFechar });
  };
  const doCampo = remove.error instanceof ApiRequestError ? remove.error.campos?.codigo : undefined;
  const erro = vazio ? 'Informe o código.' : doCampo;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="3" maxW="xs">
        <Field.Root invalid={Boolean(erro)}>
          <Field.Label>Código do aplicativo ou de recuperação</Field.Label>
          <Input
            value={codigo}
            onChange={(e) => setCodigo(e.target.value)}
            autoComplete="one-time-code"
            maxLength={32}
          />
          <Field.ErrorText>{erro}</Field.ErrorText>
        </Field.Root>
        {remove.error && !doCampo && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{remove.error.message}</Alert.Title>
          </Alert.Root>
        )}
        <HStack gap="2">
          <Button type="submit" colorPalette="red" loading={remove.isPending}>
            Desativar
          </Button>
          <Button variant="ghost" colorPalette="gray" onClick={onFechar}>
            Cancelar
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
