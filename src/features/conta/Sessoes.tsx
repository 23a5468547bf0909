import { Alert, Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { Sessao } from '../../../contract';
import { DASH, formatDateTime } from '../../../shared/format';
import { contaQueries, useEndOutrasSessoes, useEndSessao } from '../../api/conta';
import { DataTable, META } from '../../components/DataTable';
import { nomeDoNavegador } from './navegador';

const col = createColumnHelper<Sessao>();

function colunas(onEnd: (s: Sessao) => void, encerrando: string | undefined) {
  return [
    col.accessor('criada_em', {
      header: 'Início',
      meta: META.dataHora,
      cell: (c) => formatDateTime(c.getValue()),
    }),
    col.accessor('ultimo_acesso', {
      header: 'Último acesso',
      meta: META.dataHora,
      cell: (c) => formatDateTime(c.getValue()),
    }),
    col.accessor('endereco', { header: 'Endereço', cell: (c) => c.getValue() ?? DASH }),
    col.accessor((s) => nomeDoNavegador(s.navegador), {
      id: 'navegador',
      header: 'Navegador',
      cell: (c) => (
        <Text as="span" title={c.row.original.navegador ?? undefined}>
          {c.getValue()}
        </Text>
      ),
    }),
    col.display({
      id: 'acoes',
      header: 'Ações',
      meta: { pinRight: true },
      cell: (c) =>
        c.row.original.atual ? (
          <Badge colorPalette="green" variant="subtle">
            Esta sessão
          </Badge>
        ) : (
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            loading={encerrando === c.row.original.id}
            onClick={() => onEnd(c.row.original)}
            aria-label={`Encerrar a sessão iniciada em ${formatDateTime(c.row.original.criada_em)}`}
          >
            Encerrar
          </Button>
        ),
    }),
  ];
}

/**
 * My open sessions: when each started and was last seen, from where, with what browser; Encerrar ends one (its
 * token stops opening the API), "Encerrar as outras" every one but this browser's.
 */
export function Sessoes() {
  const sessoes = useQuery(contaQueries.sessoes());
  const end = useEndSessao();
  const endOthers = useEndOutrasSessoes();
  const columns = useMemo(
    () => colunas((s) => end.mutate(s.id), end.isPending ? end.variables : undefined),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the mutation object changes every render
    [end.mutate, end.isPending, end.variables],
  );
  const outras = (sessoes.data ?? []).filter((s) => !s.atual).length;
  const erro = end.error ?? endOthers.error;

  return (
    <Stack gap="3">
      <HStack gap="3" wrap="wrap">
        <Text fontSize="sm" color="fg.muted" flex="1" minW="48">
          {sessoes.isPending
            ? 'Carregando...'
            : `${sessoes.data?.length ?? 0} ${sessoes.data?.length === 1 ? 'sessão aberta' : 'sessões abertas'}`}
        </Text>
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          disabled={outras === 0}
          loading={endOthers.isPending}
          onClick={() => endOthers.mutate()}
        >
          Encerrar as outras
        </Button>
      </HStack>
      {endOthers.data && (
        <Text fontSize="sm" role="status">
          {endOthers.data.encerradas === 1
            ? '1 sessão encerrada.'
            : `${endOthers.data.encerradas} sessões encerradas.`}
        </Text>
      )}
      {erro && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{erro.message}</Alert.Title>
        </Alert.Root>
      )}
      <DataTable
        label="Minhas sessões"
        columns={columns}
        data={sessoes.data ?? []}
        getRowId={(s) => s.id}
        emptyText={sessoes.isPending ? 'Carregando...' : 'Nenhuma sessão aberta.'}
      />
    </Stack>
  );
}
