import { Field, Flex, Heading, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { SITUACAO_IR_NOME, SITUACOES_IR, type LivroIr } from '../../../contract';
import { todayIso } from '../../../shared/dates';
import { formatDate, formatMoney } from '../../../shared/format';
import { irQueries } from '../../api/ir';
import { DataTable } from '../../components/DataTable';
import { LoadError, nuncaCarregou } from '../../components/LoadError';
import { mesCurto, mesPorExtenso, plural } from '../../widgets/ir';
import { colunasDoLivro } from './colunas';
import {
  filtrarPorSituacao,
  irMensalSearch,
  mesesParaEscolher,
  mesPadrao,
  resumoDoLivro,
  type FiltroSituacao,
} from './ir-mensal';

/**
 * Ferramentas → IR mensal: every client's income tax in one month — the DARFs to send, their value and due date,
 * who is under R$ 10,00 or owes nothing — each client a link to its portfolio's IR tab on that month, and the
 * grid exported to Excel.
 */
export function IrMensalPage() {
  const hoje = todayIso();
  const search = irMensalSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const mes = search.mes ?? mesPadrao(hoje);
  const navigate = useNavigate();
  const livro = useQuery(irQueries.livro(mes));
  const [situacao, setSituacao] = useState<FiltroSituacao>('');
  const linhas = useMemo(
    () => filtrarPorSituacao(livro.data?.clientes ?? [], situacao),
    [livro.data, situacao],
  );

  return (
    <Stack gap="5">
      <Heading as="h1" size="lg">
        IR mensal
      </Heading>
      <Text color="fg.muted" fontSize="sm" maxW="4xl">
        O imposto de renda de cada cliente no mês, apurado com as operações da carteira: os DARFs
        (código 6015) a enviar, com valor e vencimento. Clique no cliente para ver o mês em detalhe
        e copiar os campos do DARF.
      </Text>
      <Flex gap="3" direction={{ base: 'column', sm: 'row' }}>
        <Field.Root maxW={{ sm: '3xs' }}>
          <Field.Label>Mês</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={mes}
              onChange={(e) =>
                void navigate({ to: '.', search: { mes: e.target.value }, replace: true })
              }
            >
              {mesesParaEscolher(hoje, mes).map((m) => (
                <option key={m} value={m}>
                  {mesCurto(m)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root maxW={{ sm: '3xs' }}>
          <Field.Label>Situação</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={situacao}
              onChange={(e) => setSituacao(e.target.value as FiltroSituacao)}
            >
              <option value="">Todas</option>
              {SITUACOES_IR.map((s) => (
                <option key={s} value={s}>
                  {SITUACAO_IR_NOME[s]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Flex>
      {nuncaCarregou(livro) ? (
        <LoadError
          what={`o IR de ${mesCurto(mes)}`}
          error={livro.error}
          onRetry={() => void livro.refetch()}
          retrying={livro.isFetching}
        />
      ) : (
        <DataTable
          label={`IR mensal de ${mesPorExtenso(mes)}`}
          columns={colunasDoLivro}
          data={linhas}
          getRowId={(c) => String(c.cliente)}
          emptyText={livro.isPending ? 'Carregando...' : 'Nenhum cliente nesta situação.'}
          exportacao={{ nome: 'IR mensal', de: mesCurto(mes).replace('/', '-') }}
          toolbar={livro.data && <Resumo livro={livro.data} />}
        />
      )}
    </Stack>
  );
}

/** The line above the grid: the month's DARFs, their total and due date. */
function Resumo({ livro }: { livro: LivroIr }) {
  const r = resumoDoLivro(livro);
  return (
    <Text fontSize="sm" color="fg.muted" aria-live="polite">
      {plural(r.clientes, 'cliente', 'clientes')} · {plural(r.darfs, 'DARF', 'DARFs')} a pagar,{' '}
      {formatMoney(r.total)}
      {r.vencimento && `, vencimento ${formatDate(r.vencimento)}`}
      {r.abaixoDe10 > 0 && ` · ${r.abaixoDe10} abaixo de R$ 10,00`}
    </Text>
  );
}
