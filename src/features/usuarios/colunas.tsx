import { Badge, Button, HStack } from '@chakra-ui/react';
import { createColumnHelper } from '@tanstack/react-table';
import { PAPEL_NOME, type Usuario } from '../../../contract';
import { DASH, formatDateTime } from '../../../shared/format';
import { META } from '../../components/DataTable';

const col = createColumnHelper<Usuario>();

const SimNao = ({ valor, sim, nao }: { valor: boolean; sim: string; nao: string }) => (
  <Badge variant="subtle" colorPalette={valor ? 'green' : 'gray'}>
    {valor ? sim : nao}
  </Badge>
);

/** The users' columns: who, their e-mail and role, whether active and with 2FA, their last login, Gerenciar. */
export const colunasDosUsuarios = (onGerenciar: (u: Usuario) => void) => [
  col.accessor('username', {
    header: 'Usuário',
    cell: (c) => (
      <HStack gap="2">
        <span>{c.getValue()}</span>
        {c.row.original.senha_temporaria && (
          <Badge size="sm" variant="outline" colorPalette="orange">
            Senha temporária
          </Badge>
        )}
      </HStack>
    ),
  }),
  col.accessor((u) => u.email ?? DASH, { id: 'email', header: 'E-mail' }),
  col.accessor((u) => PAPEL_NOME[u.papel], { id: 'papel', header: 'Papel' }),
  col.accessor('ativo', {
    header: 'Ativo',
    meta: META.simNao,
    cell: (c) => <SimNao valor={c.getValue()} sim="Ativo" nao="Desativado" />,
  }),
  col.accessor('totp_ativo', {
    header: '2FA',
    meta: META.simNao,
    cell: (c) => <SimNao valor={c.getValue()} sim="Ativo" nao="Sem 2FA" />,
  }),
  col.accessor('ultimo_login', {
    header: 'Último login',
    meta: META.dataHora,
    cell: (c) => (c.getValue() ? formatDateTime(c.getValue()) : 'Nunca'),
  }),
  col.display({
    id: 'acoes',
    header: 'Ações',
    meta: { pinRight: true },
    cell: (c) => (
      <Button
        size="xs"
        variant="outline"
        onClick={() => onGerenciar(c.row.original)}
        aria-label={`Gerenciar ${c.row.original.username}`}
      >
        Gerenciar
      </Button>
    ),
  }),
];
