import { Button, Field, Flex, Heading, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { TIPO_EVENTO_NOME, type Evento } from '../../../contract';
import { proporcaoDoEvento } from '../../../shared/eventos';
import { formatDate, formatInteger, formatNumber, DASH } from '../../../shared/format';
import { acoesQueries } from '../../api/acoes';
import { eventosQueries } from '../../api/eventos';
import { DataTable, META } from '../../components/DataTable';
import { DeleteEventoDialog } from './DeleteEventoDialog';
import { EventoDialog } from './EventoDialog';

type OpenDialog =
  { kind: 'evento'; evento: Evento | 'new' } | { kind: 'delete'; evento: Evento } | null;

const col = createColumnHelper<Evento>();

const fatorTexto = (e: Evento) =>
  e.fator === null
    ? DASH
    : `${e.fator.toLocaleString('pt-BR', { maximumFractionDigits: 10 })} (${proporcaoDoEvento(e.tipo, e.fator)})`;

/** Ferramentas → Eventos corporativos: every event, or one stock's; add, edit, delete. */
export function EventosPage() {
  const [acao, setAcao] = useState<number | undefined>(undefined);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const acoes = useQuery(acoesQueries.list());
  const eventos = useQuery(eventosQueries.list(acao === undefined ? {} : { acao }));

  const columns = useMemo(
    () => [
      col.accessor('data_ex', {
        header: 'Data Ex',
        cell: (c) => formatDate(c.getValue()),
        meta: META.data,
      }),
      col.accessor('acao_nome', {
        header: 'Ação',
        cell: (c) => <Text fontWeight="semibold">{c.getValue()}</Text>,
      }),
      col.accessor((e) => TIPO_EVENTO_NOME[e.tipo], { id: 'tipo', header: 'Tipo' }),
      col.accessor('fator', {
        header: 'Fator',
        cell: (c) => fatorTexto(c.row.original),
        meta: { ...META.decimal, exato: true },
      }),
      col.accessor('valor_por_acao', {
        header: 'Valor por Ação (R$)',
        cell: (c) => {
          const v = c.getValue();
          return v === null ? DASH : formatNumber(v, Math.max(2, Math.min(casas(v), 8)));
        },
        meta: { ...META.dinheiro, exato: true },
      }),
      col.accessor((e) => (e.fonte === 'yahoo' ? 'Yahoo' : 'Manual'), {
        id: 'fonte',
        header: 'Fonte',
      }),
      col.accessor((e) => e.aplicado_em, {
        id: 'situacao',
        header: 'Situação',
        meta: {
          exportar: (e) =>
            e.aplicado_em
              ? `Aplicado em ${formatDate(e.aplicado_em.slice(0, 10))}`
              : 'Aguardando a data ex',
        },
        cell: (c) =>
          c.getValue() ? (
            <Text as="span" color="green.600">
              Aplicado em {formatDate(c.getValue()!.slice(0, 10))}
            </Text>
          ) : (
            <Text as="span" color="orange.600">
              Aguardando a data ex
            </Text>
          ),
      }),
      col.accessor('operacoes', {
        header: 'Operações',
        cell: (c) => formatInteger(c.getValue()),
        meta: META.inteiro,
      }),
      col.display({
        id: 'actions',
        header: 'Ações',
        cell: (c) => {
          const e = c.row.original;
          const nome = `${TIPO_EVENTO_NOME[e.tipo]} de ${e.acao_nome} em ${formatDate(e.data_ex)}`;
          return (
            <HStack gap="1">
              <Button
                size="xs"
                variant="outline"
                onClick={() => setDialog({ kind: 'evento', evento: e })}
                aria-label={`Editar ${nome}`}
              >
                Editar
              </Button>
              <Button
                size="xs"
                variant="outline"
                colorPalette="red"
                onClick={() => setDialog({ kind: 'delete', evento: e })}
                aria-label={`Excluir ${nome}`}
              >
                Excluir
              </Button>
            </HStack>
          );
        },
      }),
    ],
    [],
  );

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
        <Button size="sm" onClick={() => setDialog({ kind: 'evento', evento: 'new' })}>
          Novo Evento
        </Button>
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

/** The decimal places a value per share is written with (dividends often have more than 2). */
function casas(n: number): number {
  return String(n).split('.')[1]?.length ?? 0;
}
