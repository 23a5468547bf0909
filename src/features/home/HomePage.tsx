import { Alert, Box, Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Inicio } from '../../../contract';
import { formatDate, formatInteger, formatMoney, formatPercent } from '../../../shared/format';
import { inicioQueries } from '../../api/inicio';
import { LoadError, nuncaCarregou } from '../../components/LoadError';
import { ValorComSinal } from '../../components/ValorComSinal';
import { Alertas, Alvos, Divergencias, Eventos, Lotes, Ordens, Stops, Terminais } from './Secoes';

const SECOES = [
  'alvos',
  'stops',
  'ordens',
  'lotes',
  'terminais',
  'divergencias',
  'eventos',
  'alertas',
] as const;

/** Sum of every section's count: what needs attention now. */
const pendencias = (d: Inicio) => SECOES.reduce((n, k) => n + d[k].total, 0);

/** A figure of the day: its name, its value coloured by its sign, and a line on what it is made of. */
function Figura({
  titulo,
  valor,
  children,
}: {
  titulo: string;
  valor: number;
  children: ReactNode;
}) {
  return (
    <Card.Root size="sm">
      <Card.Body gap="1">
        <Heading as="h2" size="sm" color="fg.muted" fontWeight="medium">
          {titulo}
        </Heading>
        <Text fontSize="2xl" fontVariantNumeric="tabular-nums">
          <ValorComSinal value={valor} fontWeight="semibold">
            {formatMoney(valor)}
          </ValorComSinal>
        </Text>
        <Text color="fg.muted" fontSize="sm">
          {children}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

function Resultado({ resultado }: Pick<Inicio, 'resultado'>) {
  const { dia, dia_percentual, posicoes, sem_cotacao, mes, vendas_mes } = resultado;
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <Figura titulo="Resultado do dia" valor={dia}>
        {dia_percentual === null ? '' : `${formatPercent(dia_percentual)} · `}
        {formatInteger(posicoes)} {posicoes === 1 ? 'posição aberta' : 'posições abertas'} contra o
        fechamento anterior
        {sem_cotacao ? ` · ${formatInteger(sem_cotacao)} sem cotação` : ''}
      </Figura>
      <Figura titulo="Realizado no mês" valor={mes}>
        {vendas_mes === 0
          ? 'Nenhuma venda neste mês'
          : `${formatInteger(vendas_mes)} ${vendas_mes === 1 ? 'venda' : 'vendas'} neste mês`}
      </Figura>
    </SimpleGrid>
  );
}

/**
 * Dashboard (issue 34): the day's starting point — the book's result today and this month, then each kind of
 * thing that needs attention with its count, every item a link to where it is acted on. Polled like every live
 * figure; an empty section says all is well.
 */
export function HomePage() {
  const inicio = useQuery(inicioQueries.inicio());
  const d = inicio.data;
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        Dashboard
      </Heading>
      {nuncaCarregou(inicio) && (
        <LoadError
          what="o resumo do dia"
          error={inicio.error}
          onRetry={() => void inicio.refetch()}
          retrying={inicio.isFetching}
        />
      )}
      {inicio.isPending && <Text color="fg.muted">Carregando o resumo do dia…</Text>}
      {d && (
        <>
          <Text color="fg.muted" fontSize="sm">
            Hoje, {formatDate(d.hoje)}.
          </Text>
          <Resultado resultado={d.resultado} />
          {pendencias(d) === 0 && (
            <Alert.Root status="success" variant="subtle">
              <Alert.Indicator />
              <Alert.Title>Tudo em ordem: nada pede atenção agora.</Alert.Title>
            </Alert.Root>
          )}
          {/* Columns the sections flow through, each kept whole: a long list and a short one side by side leave no
              hole under the short one, as a grid's rows do. */}
          <Box columnCount={{ base: 1, md: 2, xl: 3 }} columnGap="4">
            <Alvos alvos={d.alvos} />
            <Stops stops={d.stops} />
            <Ordens ordens={d.ordens} />
            <Lotes lotes={d.lotes} />
            <Terminais terminais={d.terminais} />
            <Divergencias divergencias={d.divergencias} />
            <Eventos eventos={d.eventos} />
            <Alertas alertas={d.alertas} />
          </Box>
        </>
      )}
    </Stack>
  );
}
