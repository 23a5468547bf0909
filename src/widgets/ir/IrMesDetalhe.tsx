import {
  Alert,
  Button,
  Card,
  DataList,
  Flex,
  Heading,
  HStack,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { MesIrDetalhado } from '../../../contract';
import { formatMoney } from '../../../shared/format';
import { irQueries } from '../../api/ir';
import { DataTable } from '../../components/DataTable';
import { LoadError } from '../../components/LoadError';
import {
  colunasDaApuracao,
  colunasDasPosicoes,
  colunasDasVendas,
  colunasDosSaldos,
} from './colunasDoMes';
import { AvisosIr } from './AvisosIr';
import { DarfCard } from './DarfCard';
import { apuracaoLinhas, mesCurto, mesPorExtenso, saldosLinhas, situacaoDoDarf } from './ir-state';
import { SituacaoBadge } from './SituacaoBadge';
import { VendaExternaForm } from './VendaExternaForm';

interface Props {
  clienteId: number;
  cliente?: string;
  mes: string;
  onClose: () => void;
}

/** A month of the client's income tax: its DARF, its avisos, its computation, sales, positions and carries. */
export function IrMesDetalhe({ clienteId, cliente, mes, onClose }: Props) {
  const detalhe = useQuery(irQueries.mes(clienteId, mes));
  return (
    <Stack gap="4" as="section" aria-label={`IR de ${mesPorExtenso(mes)}`}>
      <Flex gap="3" align="center" wrap="wrap">
        <Heading as="h3" size="md" flex="1">
          {mesPorExtenso(mes)}
        </Heading>
        {detalhe.data && <SituacaoBadge situacao={detalhe.data.situacao} />}
        <Button size="xs" variant="outline" colorPalette="gray" onClick={onClose}>
          Fechar mês
        </Button>
      </Flex>
      {detalhe.isPending ? (
        <HStack py="6" justify="center">
          <Spinner color="gold.solid" />
          <Text>Carregando o mês...</Text>
        </HStack>
      ) : detalhe.isError ? (
        <LoadError
          what={`o IR de ${mesCurto(mes)}`}
          error={detalhe.error}
          onRetry={() => void detalhe.refetch()}
          retrying={detalhe.isFetching}
        />
      ) : (
        <Conteudo clienteId={clienteId} cliente={cliente} m={detalhe.data} />
      )}
    </Stack>
  );
}

function Valor({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue justifyContent="flex-end" fontVariantNumeric="tabular-nums">
        {children}
      </DataList.ItemValue>
    </DataList.Item>
  );
}

function Conteudo({
  clienteId,
  cliente,
  m,
}: {
  clienteId: number;
  cliente?: string;
  m: MesIrDetalhado;
}) {
  const periodo = mesCurto(m.mes);
  const semDarf = situacaoDoDarf(m);
  return (
    <Stack gap="5">
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
        <Card.Root>
          <Card.Body>
            <DataList.Root orientation="horizontal">
              <Valor label="Vendas de ações no mês">{formatMoney(m.vendas_acoes)}</Valor>
              <Valor label="Isento (vendas até R$ 20.000,00)">{m.isento ? 'Sim' : 'Não'}</Valor>
              <Valor label="Imposto apurado">{formatMoney(m.imposto)}</Valor>
              <Valor label="IRRF compensado">{formatMoney(m.irrf_compensado)}</Valor>
              <Valor label="Imposto do mês a pagar">{formatMoney(m.imposto_a_pagar)}</Valor>
              <Valor label="DARF">{m.darf_valor > 0 ? formatMoney(m.darf_valor) : '—'}</Valor>
            </DataList.Root>
          </Card.Body>
        </Card.Root>
        {semDarf === null ? (
          <DarfCard clienteId={clienteId} mes={m.mes} />
        ) : (
          <Alert.Root status={m.situacao === 'abaixo_de_10' ? 'warning' : 'neutral'}>
            <Alert.Indicator />
            <Alert.Title>{semDarf}</Alert.Title>
          </Alert.Root>
        )}
      </SimpleGrid>
      <AvisosIr avisos={m.avisos} label="Avisos do mês" />
      <Secao titulo="Apuração">
        <DataTable
          label={`Apuração de ${periodo}`}
          columns={colunasDaApuracao}
          data={apuracaoLinhas(m)}
          getRowId={(l) => l.bucket}
        />
      </Secao>
      <Secao titulo="Vendas do mês">
        <DataTable
          label={`Vendas de ${periodo}`}
          columns={colunasDasVendas}
          data={m.linhas}
          getRowId={(l) => `${l.ticker} ${l.tipo}`}
          emptyText="Nenhuma venda no mês."
          exportacao={{ nome: `IR ${periodo.replace('/', '-')} vendas`, de: cliente }}
        />
      </Secao>
      <Secao titulo="Posições no fim do mês">
        <DataTable
          label={`Posições no fim de ${periodo}`}
          columns={colunasDasPosicoes}
          data={m.posicoes}
          getRowId={(p) => p.ticker}
          emptyText="Nenhuma posição no fim do mês."
          exportacao={{ nome: `IR ${periodo.replace('/', '-')} posições`, de: cliente }}
        />
      </Secao>
      <Secao titulo="Saldos a compensar">
        <DataTable
          label={`Saldos de ${periodo}`}
          columns={colunasDosSaldos}
          data={saldosLinhas(m)}
          getRowId={(s) => s.nome}
        />
      </Secao>
      <Secao titulo="Vendas em outras corretoras">
        <VendaExternaForm key={m.mes} clienteId={clienteId} mes={m.mes} valor={m.vendas_externas} />
      </Secao>
    </Stack>
  );
}

function Secao({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <Stack gap="2">
      <Heading as="h4" size="sm">
        {titulo}
      </Heading>
      {children}
    </Stack>
  );
}
