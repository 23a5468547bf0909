import { Button, Field, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { formatDateTimeMinutes, formatInteger } from '../../../shared/format';
import { painelQueries } from '../../api/painel';
import { DataTable } from '../../components/DataTable';
import { LoadError, nuncaCarregou } from '../../components/LoadError';
import { GraficoDialog, type Grafico } from '../../widgets/grafico';
import { totaisAbertas } from '../../../shared/resultados';
import { comPrimeiras, useTelaEstreita } from '../../components/useTelaEstreita';
import { colunasDasPosicoes, graficoDe } from './posicionadas/colunas';
import { filtrar, TODOS } from './posicionadas/filtros';

/** A filter: Todos (or Todas) and the values the other filter leaves. */
function Filtro({
  label,
  todos,
  value,
  onChange,
  options,
  width,
}: {
  label: string;
  todos: string;
  value: string;
  onChange: (value: string) => void;
  options: string[];
  width: string;
}) {
  return (
    <Field.Root width={{ base: 'full', sm: width }}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)}>
          <option value={TODOS}>{todos}</option>
          {options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

export function PosicionadasTab() {
  const query = useQuery(painelQueries.posicionadas());
  const [cliente, setCliente] = useState(TODOS);
  const [acao, setAcao] = useState(TODOS);
  const posicoes = query.data?.posicionadas;
  const [grafico, setGrafico] = useState<Grafico | null>(null);
  const { clientes, acoes, linhas } = useMemo(
    () => filtrar(posicoes ?? [], cliente, acao),
    [posicoes, cliente, acao],
  );
  // The totals row follows the filters: the sums of the rows shown.
  const columns = useMemo(
    () =>
      colunasDasPosicoes((p) => setGrafico(graficoDe(p)), {
        ...totaisAbertas(linhas),
        linhas: linhas.length,
      }),
    [linhas],
  );
  // On a phone the figures come first, after the client (issue 34, rough edge 1).
  const estreita = useTelaEstreita();
  const mostradas = estreita
    ? comPrimeiras(columns, ['cliente', 'acao', 'lucro_percentual', 'resultado', 'preco_atual'])
    : columns;

  return (
    <Stack gap="4">
      <HStack gap="3" align="end" wrap="wrap">
        <Filtro
          label="Cliente"
          todos="Todos"
          value={cliente}
          onChange={setCliente}
          options={clientes}
          width="64"
        />
        <Filtro
          label="Ação"
          todos="Todas"
          value={acao}
          onChange={setAcao}
          options={acoes}
          width="48"
        />
        {(cliente !== TODOS || acao !== TODOS) && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              setCliente(TODOS);
              setAcao(TODOS);
            }}
          >
            Limpar Filtros
          </Button>
        )}
        <Button size="sm" onClick={() => void query.refetch()} loading={query.isFetching}>
          Atualizar
        </Button>
      </HStack>
      {nuncaCarregou(query) ? (
        <LoadError
          what="as posições"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <>
          <HStack gap="3" fontSize="sm" color="fg.muted" wrap="wrap">
            <Text>
              {query.isPending
                ? 'Carregando...'
                : `${formatInteger(linhas.length)} ${linhas.length === 1 ? 'posição' : 'posições'}`}
            </Text>
            {query.data?.cotacoes_em && (
              <Text>Cotações de {formatDateTimeMinutes(query.data.cotacoes_em)}</Text>
            )}
          </HStack>
          <DataTable
            label="Posicionadas"
            columns={mostradas}
            data={linhas}
            getRowId={(p) => String(p.id)}
            initialSorting={[{ id: 'cliente', desc: false }]}
            emptyText={query.isPending ? 'Carregando...' : 'Nenhuma posição encontrada.'}
            // The panel and its filters in the file's name (issue 34, rough edge 15).
            exportacao={{ nome: 'Posicionadas', onde: 'painel', filtros: { cliente, ação: acao } }}
          />
        </>
      )}
      <GraficoDialog grafico={grafico} onClose={() => setGrafico(null)} />
    </Stack>
  );
}
