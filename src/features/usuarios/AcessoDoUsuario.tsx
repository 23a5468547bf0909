import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { Usuario } from '../../../contract';
import { formatDateTime } from '../../../shared/format';
import {
  useReset2faUsuario,
  useResetSenhaUsuario,
  useUnlockUsuario,
  useUpdateUsuario,
} from '../../api/usuarios';
import { SenhaTemporaria } from './SenhaTemporaria';

type Ato = 'desativar' | 'senha' | '2fa';

/** What each act that ends a user's sessions asks before it is done. */
const PERGUNTAS: Record<Ato, { pergunta: (u: string) => string; confirmar: string }> = {
  desativar: {
    pergunta: (u) =>
      `Desativar ${u}? Ele não poderá mais entrar e as sessões dele serão encerradas agora. O histórico mantém o nome dele.`,
    confirmar: 'Desativar usuário',
  },
  senha: {
    pergunta: (u) =>
      `Gerar uma nova senha temporária para ${u}? As sessões dele serão encerradas agora e ele deverá trocá-la no próximo login.`,
    confirmar: 'Gerar senha temporária',
  },
  '2fa': {
    pergunta: (u) =>
      `Desativar o segundo fator de ${u}? As sessões dele serão encerradas; ele poderá ativá-lo de novo em Minha conta.`,
    confirmar: 'Desativar segundo fator',
  },
};

/**
 * A user's access: deactivate or reactivate, a new temporary password (shown once), their second factor off,
 * the login throttle cleared. Each act that ends their sessions asks first; the server's refusals (the last
 * admin's 409) are said here.
 */
export function AcessoDoUsuario({ usuario }: { usuario: Usuario }) {
  const [pergunta, setPergunta] = useState<Ato | null>(null);
  const update = useUpdateUsuario();
  const senha = useResetSenhaUsuario();
  const reset2fa = useReset2faUsuario();
  const unlock = useUnlockUsuario();
  const mutations = { desativar: update, senha, '2fa': reset2fa } as const;
  const error = update.error ?? senha.error ?? reset2fa.error ?? unlock.error;
  const clear = () => [update, senha, reset2fa, unlock].forEach((m) => m.reset());

  const confirm = (ato: Ato) => {
    const done = { onSettled: () => setPergunta(null) };
    if (ato === 'desativar') update.mutate({ id: usuario.id, body: { ativo: false } }, done);
    if (ato === 'senha') senha.mutate(usuario.id, done);
    if (ato === '2fa') reset2fa.mutate(usuario.id, done);
  };
  const ask = (ato: Ato) => {
    clear();
    setPergunta(ato);
  };

  return (
    <Stack gap="3" as="section" aria-label="Acesso">
      <Text fontWeight="semibold">Acesso</Text>
      {usuario.bloqueado_ate && (
        <Text fontSize="sm">
          Logins esperando após tentativas falhas até {formatDateTime(usuario.bloqueado_ate)}.
        </Text>
      )}
      {pergunta ? (
        <Pergunta
          texto={PERGUNTAS[pergunta].pergunta(usuario.username)}
          confirmar={PERGUNTAS[pergunta].confirmar}
          busy={mutations[pergunta].isPending}
          onConfirm={() => confirm(pergunta)}
          onCancel={() => setPergunta(null)}
        />
      ) : (
        <HStack gap="2" wrap="wrap">
          {usuario.ativo ? (
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => ask('desativar')}>
              Desativar usuário
            </Button>
          ) : (
            <Button
              size="sm"
              variant="outline"
              loading={update.isPending}
              onClick={() => {
                clear();
                update.mutate({ id: usuario.id, body: { ativo: true } });
              }}
            >
              Reativar usuário
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={() => ask('senha')}>
            Gerar senha temporária
          </Button>
          {usuario.totp_ativo && (
            <Button size="sm" variant="outline" onClick={() => ask('2fa')}>
              Desativar segundo fator
            </Button>
          )}
          <Button
            size="sm"
            variant="outline"
            loading={unlock.isPending}
            onClick={() => {
              clear();
              unlock.mutate(usuario.id);
            }}
          >
            Desbloquear login
          </Button>
        </HStack>
      )}
      {error && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{error.message}</Alert.Title>
        </Alert.Root>
      )}
      <Resultados
        username={usuario.username}
        reativado={update.data?.ativo}
        desbloqueado={unlock.isSuccess}
        sem2fa={reset2fa.isSuccess}
        senha={senha.data?.senha_temporaria}
      />
    </Stack>
  );
}

/** What the last act did: said once it is done (a temporary password shown once). */
function Resultados({
  username,
  reativado,
  desbloqueado,
  sem2fa,
  senha,
}: {
  username: string;
  /** The row after an activation change: active again, or deactivated. */
  reativado: boolean | undefined;
  desbloqueado: boolean;
  sem2fa: boolean;
  senha: string | undefined;
}) {
  return (
    <>
      {reativado !== undefined && (
        <Text fontSize="sm" role="status">
          {reativado
            ? 'Usuário reativado.'
            : 'Usuário desativado: as sessões dele foram encerradas.'}
        </Text>
      )}
      {desbloqueado && (
        <Text fontSize="sm" role="status">
          Tentativas zeradas: o próximo login de {username} não espera.
        </Text>
      )}
      {sem2fa && (
        <Text fontSize="sm" role="status">
          Segundo fator desativado e sessões encerradas.
        </Text>
      )}
      {senha && <SenhaTemporaria username={username} senha={senha} />}
    </>
  );
}

/** The question an act asks before it ends someone's sessions: Cancelar, or the act in red. */
function Pergunta(props: {
  texto: string;
  confirmar: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Stack gap="3" borderWidth="1px" borderColor="red.muted" rounded="md" p="3">
      <Text>{props.texto}</Text>
      <HStack gap="2" wrap="wrap">
        <Button variant="outline" colorPalette="gray" size="sm" onClick={props.onCancel}>
          Cancelar
        </Button>
        <Button colorPalette="red" size="sm" loading={props.busy} onClick={props.onConfirm}>
          {props.confirmar}
        </Button>
      </HStack>
    </Stack>
  );
}
