import {
  Badge,
  Box,
  Button,
  Field,
  HStack,
  Input,
  Link,
  NativeSelect,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { EstadoOrdemSchema, TICKER_B3, type EstadoOrdem, type Ordem } from '../../../contract';
import { isoFromBr } from '../../../shared/dates';
import { DASH, formatDateTime, formatInteger, formatNumber } from '../../../shared/format';
import { clientesQueries } from '../../api/clientes';
import { ordensQueries, type HistoricoFiltros } from '../../api/ordens';
import { DateInput } from '../DateInput';
import type { Planilha } from '../../lib/planilha';
import { ExportMenu } from '../ExportMenu';
import {
  ESTADO_ORDEM,
  ESTADO_PERNA,
  EXECUCAO,
  LADO,
  LoteLink,
  resumoPerna,
  retornoPerna,
} from '../../widgets/ordens';

interface Campos {
  cliente: string;
  acao: string;
  estado: '' | EstadoOrdem;
  /** As typed: dd/mm/aaaa. */
  de: string;
  ate: string;
}
const VAZIO: Campos = { cliente: '', acao: '', estado: '', de: '', ate: '' };

/** The period as the server's aaaa-mm-dd; a date still being typed is none. */
const periodo = (campos: Campos) => ({ de: isoFromBr(campos.de), ate: isoFromBr(campos.ate) });

/**
 * What the form holds, as the server's filters: a ticker or a date still being typed, or a reversed period, is
 * left out.
 */
function filtrosDe(campos: Campos, clienteFixo: number | undefined): HistoricoFiltros {
  const acao = campos.acao.trim().toUpperCase();
  const { de, ate } = periodo(campos);
  const periodoOk = !de || !ate || de <= ate;
  return {
    ...(clienteFixo !== undefined
      ? { cliente: clienteFixo }
      : campos.cliente && { cliente: Number(campos.cliente) }),
    ...(TICKER_B3.test(acao) && { acao }),
    ...(campos.estado && { estado: campos.estado }),
    ...(periodoOk && de && { de }),
    ...(periodoOk && ate && { ate }),
  };
}

function EstadoBadge({ ordem }: { ordem: Pick<Ordem, 'estado' | 'aviso'> }) {
  const estado = ESTADO_ORDEM[ordem.estado];
  return (
    <HStack gap="1">
      <Badge colorPalette={estado.palette} variant="subtle">
        {estado.label}
      </Badge>
      {ordem.aviso && (
        <Badge colorPalette="orange" variant="solid" title={ordem.aviso}>
          Em dúvida
        </Badge>
      )}
    </HStack>
  );
}

/** One line per leg, in a cell; `wrap` lets long text (the broker's words) take several lines. */
function Linhas({ items, wrap = false }: { items: Array<string | null>; wrap?: boolean }) {
  return (
    <Stack gap={wrap ? '1' : '0'}>
      {items.map((item, i) => (
        <Text key={i} whiteSpace={wrap ? 'normal' : 'nowrap'} fontSize="sm">
          {item ?? DASH}
        </Text>
      ))}
    </Stack>
  );
}

/** The first column stays in view while a wide table scrolls sideways. */
const fixa = { position: 'sticky', left: 0, bg: 'bg', zIndex: 1 } as const;

function OrdemRow({ ordem, comCliente }: { ordem: Ordem; comCliente: boolean }) {
  return (
    <Table.Row>
      <Table.Cell whiteSpace="nowrap" {...fixa}>
        <Link asChild color="gold.fg" fontWeight="medium">
          <RouterLink
            to="/ordens/$groupId"
            params={{ groupId: ordem.group_id }}
            aria-label={`Ver ordem de ${formatDateTime(ordem.criado_em)}`}
          >
            {formatDateTime(ordem.criado_em)}
          </RouterLink>
        </Link>
      </Table.Cell>
      {comCliente && <Table.Cell whiteSpace="nowrap">{ordem.nome}</Table.Cell>}
      <Table.Cell fontWeight="semibold">{ordem.acao}</Table.Cell>
      <Table.Cell whiteSpace="nowrap">
        {LADO[ordem.lado]} · {EXECUCAO[ordem.execucao]}
      </Table.Cell>
      <Table.Cell textAlign="end">{formatNumber(ordem.preco)}</Table.Cell>
      <Table.Cell textAlign="end">{formatNumber(ordem.tp)}</Table.Cell>
      <Table.Cell>
        <Linhas items={ordem.legs.map((l) => `${resumoPerna(l)} · ${ESTADO_PERNA[l.estado]}`)} />
      </Table.Cell>
      <Table.Cell>
        <EstadoBadge ordem={ordem} />
      </Table.Cell>
      <Table.Cell minW="56">
        <Linhas items={ordem.legs.map(retornoPerna)} wrap />
      </Table.Cell>
      <Table.Cell>{ordem.usuario}</Table.Cell>
      <Table.Cell>
        <LoteLink loteId={ordem.lote_id} />
      </Table.Cell>
    </Table.Row>
  );
}

const ESTADOS = EstadoOrdemSchema.options;

/** The orders loaded so far, every column as the table shows it (a leg per line in the legs' cells). */
function planilhaDeOrdens(ordens: Ordem[], comCliente: boolean): Planilha {
  const linhas = (itens: Array<string | null>) => itens.map((i) => i ?? DASH).join('\n');
  return {
    titulo: 'Ordens',
    colunas: [
      { titulo: 'Data/hora', formato: 'dataHora' },
      ...(comCliente ? [{ titulo: 'Cliente', formato: 'texto' } as const] : []),
      { titulo: 'Ação', formato: 'texto' },
      { titulo: 'Lado · Execução', formato: 'texto' },
      { titulo: 'Preço limite', formato: 'dinheiro' },
      { titulo: 'Alvo', formato: 'dinheiro' },
      { titulo: 'Pernas (executado/volume a preço médio)', formato: 'texto' },
      { titulo: 'Estado', formato: 'texto' },
      { titulo: 'Retorno do terminal', formato: 'texto' },
      { titulo: 'Enviada por', formato: 'texto' },
      // The whole id (the screen shows its first eight characters, the whole in the link's title).
      { titulo: 'Lote', formato: 'texto' },
    ],
    linhas: ordens.map((o) => [
      o.criado_em,
      ...(comCliente ? [o.nome] : []),
      o.acao,
      `${LADO[o.lado]} · ${EXECUCAO[o.execucao]}`,
      o.preco,
      o.tp,
      linhas(o.legs.map((l) => `${resumoPerna(l)} · ${ESTADO_PERNA[l.estado]}`)),
      `${ESTADO_ORDEM[o.estado].label}${o.aviso ? ' · Em dúvida' : ''}`,
      linhas(o.legs.map(retornoPerna)),
      o.usuario,
      o.lote_id,
    ]),
  };
}

/**
 * The order history: every order group newest first, filtered on the server and loaded a page at a time (the
 * cursor never repeats nor skips an order while new ones arrive). `clienteId` fixes the client (the portfolio's
 * ORDENS tab): its filter and column are left out.
 */
export function HistoricoOrdens({ clienteId }: { clienteId?: number }) {
  const [campos, setCampos] = useState<Campos>(VAZIO);
  const filtros = useMemo(() => filtrosDe(campos, clienteId), [campos, clienteId]);
  const query = useInfiniteQuery(ordensQueries.list(filtros));
  const clientes = useQuery({ ...clientesQueries.list(), enabled: clienteId === undefined });
  // Whose orders, for the exported file's name: the portfolio's client, or the one filtered by.
  const fixo = useQuery({
    ...clientesQueries.detail(clienteId ?? 0),
    enabled: clienteId !== undefined,
  });
  const nomeCliente =
    clienteId !== undefined
      ? (fixo.data?.nome ?? undefined)
      : (clientes.data?.find((c) => String(c.id) === campos.cliente)?.nome ?? undefined);
  const ordens = useMemo(() => query.data?.pages.flatMap((p) => p.results) ?? [], [query.data]);
  const set = (campo: keyof Campos) => (value: string) =>
    setCampos((c) => ({ ...c, [campo]: value }));
  const acaoIncompleta =
    campos.acao.trim() !== '' && !TICKER_B3.test(campos.acao.trim().toUpperCase());
  const { de, ate } = periodo(campos);
  const periodoInvertido = Boolean(de && ate && ate < de);
  const comCliente = clienteId === undefined;

  return (
    <Stack gap="4">
      <HStack gap="3" align="start" wrap="wrap">
        {comCliente && (
          <Field.Root width={{ base: 'full', sm: '60' }}>
            <Field.Label>Cliente</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                value={campos.cliente}
                onChange={(e) => set('cliente')(e.target.value)}
              >
                <option value="">Todos</option>
                {(clientes.data ?? []).map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.nome ?? `Cliente ${c.id}`}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        )}
        <Field.Root width={{ base: 'full', sm: '32' }} invalid={acaoIncompleta}>
          <Field.Label>Ação</Field.Label>
          <Input
            size="sm"
            value={campos.acao}
            onChange={(e) => set('acao')(e.target.value)}
            placeholder="PETR4"
            textTransform="uppercase"
            autoComplete="off"
          />
          <Field.ErrorText>Informe um ticker, como PETR4.</Field.ErrorText>
        </Field.Root>
        <Field.Root width={{ base: 'full', sm: '44' }}>
          <Field.Label>Estado</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={campos.estado}
              onChange={(e) => set('estado')(e.target.value)}
            >
              <option value="">Todos</option>
              {ESTADOS.map((e) => (
                <option key={e} value={e}>
                  {ESTADO_ORDEM[e].label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root width={{ base: 'full', sm: '40' }}>
          <Field.Label>De</Field.Label>
          <DateInput size="sm" value={campos.de} onChange={set('de')} />
        </Field.Root>
        <Field.Root width={{ base: 'full', sm: '40' }} invalid={periodoInvertido}>
          <Field.Label>Até</Field.Label>
          <DateInput size="sm" value={campos.ate} onChange={set('ate')} />
          <Field.ErrorText>O fim do período não pode ser anterior ao início.</Field.ErrorText>
        </Field.Root>
        <HStack alignSelf={{ base: 'stretch', sm: 'end' }} pt={{ sm: '6' }} gap="2">
          {campos !== VAZIO && (
            <Button size="sm" variant="outline" onClick={() => setCampos(VAZIO)}>
              Limpar Filtros
            </Button>
          )}
          <Button size="sm" onClick={() => void query.refetch()} loading={query.isRefetching}>
            Atualizar
          </Button>
        </HStack>
      </HStack>
      <HStack justify="space-between" gap="3" wrap="wrap">
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          {query.isPending
            ? 'Carregando...'
            : `${formatInteger(ordens.length)} ${ordens.length === 1 ? 'ordem' : 'ordens'}${query.hasNextPage ? ' (há mais)' : ''}`}
        </Text>
        <ExportMenu
          exportacao={{ nome: 'Ordens', de: nomeCliente }}
          planilha={() => planilhaDeOrdens(ordens, comCliente)}
        />
      </HStack>
      <Box overflowX="auto" borderWidth="1px" rounded="md" bg="bg">
        <Table.Root size="sm" aria-label="Histórico de ordens">
          <Table.Header bg="bg.muted">
            <Table.Row bg="bg.muted">
              <Table.ColumnHeader whiteSpace="nowrap" {...fixa} bg="bg.muted">
                Data/hora
              </Table.ColumnHeader>
              {comCliente && <Table.ColumnHeader>Cliente</Table.ColumnHeader>}
              <Table.ColumnHeader>Ação</Table.ColumnHeader>
              <Table.ColumnHeader whiteSpace="nowrap">Lado · Execução</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end" whiteSpace="nowrap">
                Preço limite
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Alvo</Table.ColumnHeader>
              <Table.ColumnHeader>Pernas (executado/volume a preço médio)</Table.ColumnHeader>
              <Table.ColumnHeader>Estado</Table.ColumnHeader>
              <Table.ColumnHeader>Retorno do terminal</Table.ColumnHeader>
              <Table.ColumnHeader whiteSpace="nowrap">Enviada por</Table.ColumnHeader>
              <Table.ColumnHeader>Lote</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {ordens.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={comCliente ? 11 : 10}>
                  <Text color="fg.muted" py="4" textAlign="center">
                    {query.isPending ? 'Carregando...' : 'Nenhuma ordem encontrada.'}
                  </Text>
                </Table.Cell>
              </Table.Row>
            )}
            {ordens.map((ordem) => (
              <OrdemRow key={ordem.group_id} ordem={ordem} comCliente={comCliente} />
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      {query.hasNextPage && (
        <Button
          alignSelf="center"
          size="sm"
          variant="outline"
          onClick={() => void query.fetchNextPage()}
          loading={query.isFetchingNextPage}
        >
          Carregar mais
        </Button>
      )}
    </Stack>
  );
}
