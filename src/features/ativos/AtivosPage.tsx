import { Button, Field, Flex, Heading, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { CLASSE_ATIVO_NOME, CLASSES_ATIVO, type Acao } from '../../../contract';
import { formatInteger } from '../../../shared/format';
import { acoesQueries } from '../../api/acoes';
import { DataTable } from '../../components/DataTable';
import { LoadError, nuncaCarregou } from '../../components/LoadError';
import { GraficoDialog, type Grafico } from '../../widgets/grafico';
import { AtivoDialog } from './AtivoDialog';
import { colunasDosAtivos } from './colunas';
import { filtrarAtivos } from './form';

/** Ferramentas → Ativos: the universe of assets, each with its class for the income tax; add or correct one. */
export function AtivosPage() {
  const acoes = useQuery(acoesQueries.list());
  const [busca, setBusca] = useState('');
  const [classe, setClasse] = useState('');
  const [dialog, setDialog] = useState<Acao | 'new' | null>(null);
  const [grafico, setGrafico] = useState<Grafico | null>(null);

  const columns = useMemo(
    () =>
      colunasDosAtivos({
        onGrafico: (ticker) => setGrafico({ ticker, descricao: '', marcas: [], linhas: [] }),
        onEdit: setDialog,
      }),
    [],
  );
  const linhas = useMemo(
    () => filtrarAtivos(acoes.data ?? [], busca, classe),
    [acoes.data, busca, classe],
  );

  return (
    <Stack gap="5">
      <Flex
        gap="3"
        align={{ base: 'stretch', md: 'center' }}
        direction={{ base: 'column', md: 'row' }}
      >
        <Heading as="h1" size="lg" flex="1">
          Ativos
        </Heading>
        <Button size="sm" onClick={() => setDialog('new')}>
          Novo Ativo
        </Button>
      </Flex>
      <Text color="fg.muted" fontSize="sm" maxW="4xl">
        O universo de ativos da carteira. A classe (Ação, Unit, ETF, FII, BDR) decide o imposto de
        renda das vendas: só ações entram na isenção de R$ 20.000,00 no mês.
      </Text>
      <Flex gap="3" direction={{ base: 'column', sm: 'row' }}>
        <Field.Root maxW={{ sm: 'xs' }}>
          <Field.Label>Buscar</Field.Label>
          <Input
            size="sm"
            value={busca}
            onChange={(e) => setBusca(e.target.value)}
            placeholder="Ticker ou empresa"
            autoComplete="off"
          />
        </Field.Root>
        <Field.Root maxW={{ sm: '3xs' }}>
          <Field.Label>Classe</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={classe} onChange={(e) => setClasse(e.target.value)}>
              <option value="">Todas</option>
              {CLASSES_ATIVO.map((c) => (
                <option key={c} value={c}>
                  {CLASSE_ATIVO_NOME[c]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Flex>
      {nuncaCarregou(acoes) ? (
        <LoadError
          what="os ativos"
          error={acoes.error}
          onRetry={() => void acoes.refetch()}
          retrying={acoes.isFetching}
        />
      ) : (
        <DataTable
          label="Ativos"
          columns={columns}
          data={linhas}
          getRowId={(a) => String(a.id)}
          initialSorting={[{ id: 'ticker', desc: false }]}
          emptyText={acoes.isPending ? 'Carregando...' : 'Nenhum ativo encontrado.'}
          exportacao={{ nome: 'Ativos' }}
          toolbar={
            <Text fontSize="sm" color="fg.muted">
              {formatInteger(linhas.length)} ativos
            </Text>
          }
        />
      )}
      <AtivoDialog target={dialog} onClose={() => setDialog(null)} />
      <GraficoDialog grafico={grafico} onClose={() => setGrafico(null)} />
    </Stack>
  );
}
