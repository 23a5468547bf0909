import { Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { usuariosQueries } from '../../api/usuarios';
import { DataTable } from '../../components/DataTable';
import { LoadError, nuncaCarregou } from '../../components/LoadError';
import { colunasDosUsuarios } from './colunas';
import { NovoUsuarioDialog } from './NovoUsuarioDialog';
import { UsuarioDialog } from './UsuarioDialog';

/** Ferramentas → Usuários (issue 32, admin): who may log in, with what role, and their access. */
export function UsuariosPage() {
  const usuarios = useQuery(usuariosQueries.list());
  const [novo, setNovo] = useState(false);
  // The id, so that the dialog shows the list's row as it is after each change.
  const [gerenciado, setGerenciado] = useState<number | null>(null);
  const columns = useMemo(() => colunasDosUsuarios((u) => setGerenciado(u.id)), []);
  const usuario = usuarios.data?.find((u) => u.id === gerenciado) ?? null;

  return (
    <Stack gap="5">
      <Flex
        gap="3"
        align={{ base: 'stretch', md: 'center' }}
        direction={{ base: 'column', md: 'row' }}
      >
        <Heading as="h1" size="lg" flex="1">
          Usuários
        </Heading>
        <Button size="sm" onClick={() => setNovo(true)}>
          Novo usuário
        </Button>
      </Flex>
      <Text color="fg.muted" fontSize="sm" maxW="4xl">
        Administradores fazem tudo e cuidam dos usuários; operadores enviam ordens, lotes e
        importações; assessores consultam e editam clientes e operações manuais; leitura só consulta
        e exporta.
      </Text>
      {nuncaCarregou(usuarios) ? (
        <LoadError
          what="os usuários"
          error={usuarios.error}
          onRetry={() => void usuarios.refetch()}
          retrying={usuarios.isRefetching}
        />
      ) : (
        <DataTable
          label="Usuários"
          columns={columns}
          data={usuarios.data ?? []}
          getRowId={(u) => String(u.id)}
          initialSorting={[{ id: 'username', desc: false }]}
          emptyText={usuarios.isPending ? 'Carregando...' : 'Nenhum usuário.'}
          exportacao={{ nome: 'Usuários' }}
        />
      )}
      <NovoUsuarioDialog open={novo} onClose={() => setNovo(false)} />
      <UsuarioDialog usuario={usuario} onClose={() => setGerenciado(null)} />
    </Stack>
  );
}
