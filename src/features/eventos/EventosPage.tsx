import { Button, Field, Flex, Heading, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { eventosEndpoints, type Evento } from '../../../contract';
import { acoesQueries } from '../../api/acoes';
import { eventosQueries } from '../../api/eventos';
import { usePermissao } from '../../api/permissao';
import { DataTable } from '../../components/DataTable';
import { colunasDosEventos } from './colunas';
import { DeleteEventoDialog } from './DeleteEventoDialog';
import { EventoDialog } from './EventoDialog';

type OpenDialog =
  { kind: 'evento'; evento: Evento | 'new' } | { kind: 'delete'; evento: Evento } | null;

/** Ferramentas → Eventos corporativos: every event, or one stock's; add, edit, delete. */
export function EventosPage() {
  const [acao, setAcao] = useState<number | undefined>(undefined);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const acoes = useQuery(acoesQueries.list());
  const eventos = useQuery(eventosQueries.list(acao === undefined ? {} : { acao }));
  // A role that may not write events reads them without the buttons (issue 32).
  const { pode } = usePermissao(eventosEndpoints.create);

  const columns = useMemo(() => {
    const todas = colunasDosEventos({
      onEdit: (evento) => setDialog({ kind: 'evento', evento }),
      onDelete: (evento) => setDialog({ kind: 'delete', evento }),
    });
    return pode ? todas : todas.filter((c) => c.id !== 'actions');
  }, [pode]);

  return (
    <Stack gap="5">
      <Flex
        gap="3"
        align={{ base: 'stretch', md: 'center' }}
        direction={{ base: 'column', md: 'row' }}
      >
        <Heading as="h1" size="lg" flex="1">
          Eventos corporativos
        </Heading>
        {pode && (
          <Button size="sm" onClick={() => setDialog({ kind: 'evento', evento: 'new' })}>
            Novo Evento
          </Button>
        )}
      </Flex>
      <Text color="fg.muted" fontSize="sm" maxW="4xl">
        Desdobramentos, grupamentos e bonificações ajustam quantidade, preço e alvo das operações
        abertas na véspera da data ex. Dividendos e JCP são creditados a quem tinha a ação no
        fechamento da véspera. Excluir um evento desfaz o que ele fez.
      </Text>
      <Field.Root maxW="xs">
        <Field.Label>Filtrar por ação</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            value={acao ?? ''}
            onChange={(e) => setAcao(e.target.value ? Number(e.target.value) : undefined)}
          >
            <option value="">Todas</option>
            {(acoes.data ?? []).map((a) => (
              <option key={a.id} value={a.id}>
                {a.ticker}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <DataTable
        label="Eventos corporativos"
        columns={columns}
        data={eventos.data ?? []}
        getRowId={(e) => String(e.id)}
        emptyText={eventos.isPending ? 'Carregando...' : 'Nenhum evento cadastrado.'}
        exportacao={{ nome: 'Eventos corporativos' }}
      />
      <EventoDialog
        target={dialog?.kind === 'evento' ? dialog.evento : null}
        acaoFiltrada={acao}
        onClose={() => setDialog(null)}
      />
      <DeleteEventoDialog
        evento={dialog?.kind === 'delete' ? dialog.evento : null}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}
