import { Box, Link, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { CustosOrdem, OrdemDetalhe } from '../../../contract';
import {
  DASH,
  formatDateTime,
  formatInteger,
  formatMoney,
  formatNumber,
} from '../../../shared/format';
import { ESTADO_PERNA, EXECUCAO, LoteLink } from '../../widgets/ordens';
import { PAPEL } from './ordem-state';

function Dado({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {label}
      </Text>
      <Box fontWeight="medium">{children}</Box>
    </Box>
  );
}

/** The order's data: when, whose, what, how, by whom, its lote and its id. */
export function Dados({ ordem }: { ordem: OrdemDetalhe }) {
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
      <Dado label="Data/hora">{formatDateTime(ordem.criado_em)}</Dado>
      <Dado label="Cliente">
        <Link asChild color="gold.fg">
          <RouterLink to="/clientes/$id/carteira" params={{ id: String(ordem.cliente) }}>
            {ordem.nome}
          </RouterLink>
        </Link>
      </Dado>
      <Dado label="Ação">{ordem.acao}</Dado>
      <Dado label="Execução">{EXECUCAO[ordem.execucao]}</Dado>
      <Dado label="Preço limite">{formatNumber(ordem.preco)}</Dado>
      <Dado label="Alvo">{formatNumber(ordem.tp)}</Dado>
      <Dado label="Enviada por">{ordem.criado_por}</Dado>
      <Dado label="Lote">
        <LoteLink loteId={ordem.lote_id} />
      </Dado>
      <Dado label="Concluída em">{formatDateTime(ordem.concluido_em)}</Dado>
      <Dado label="Ordem">
        <Text as="span" fontFamily="mono" fontSize="xs" wordBreak="break-all">
          {ordem.group_id}
        </Text>
      </Dado>
    </SimpleGrid>
  );
}

/**
 * What the order cost, as its operation records it: the terminal's brokerage and fees for its deals, the B3 fees
 * the server adds, and their total (the operation's custos de compra or de venda).
 */
export function Custos({ custos }: { custos: CustosOrdem }) {
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap="4" role="group" aria-label="Custos da ordem">
      <Dado label="Corretagem">{formatMoney(custos.corretagem)}</Dado>
      <Dado label="Taxas do terminal">{formatMoney(custos.taxas)}</Dado>
      <Dado label="Taxas da B3">{formatMoney(custos.taxas_b3)}</Dado>
      <Dado label="Total">{formatMoney(custos.total)}</Dado>
    </SimpleGrid>
  );
}

/** Each leg: asked, filled, average price, state (and its problem), the terminal's code and the broker's words. */
export function Pernas({ ordem }: { ordem: OrdemDetalhe }) {
  return (
    <Box overflowX="auto" borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label="Pernas da ordem">
        <Table.Header bg="bg.muted">
          <Table.Row bg="bg.muted">
            <Table.ColumnHeader>Símbolo</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Volume</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Executado</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end" whiteSpace="nowrap">
              Preço médio
            </Table.ColumnHeader>
            <Table.ColumnHeader>Estado</Table.ColumnHeader>
            <Table.ColumnHeader>Retcode</Table.ColumnHeader>
            <Table.ColumnHeader>Mensagem da corretora</Table.ColumnHeader>
            <Table.ColumnHeader>Ticket</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {ordem.legs.map((leg) => (
            <Table.Row key={leg.symbol + leg.ticket}>
              <Table.Cell fontWeight="semibold">{leg.symbol}</Table.Cell>
              <Table.Cell textAlign="end">{formatInteger(leg.volume)}</Table.Cell>
              <Table.Cell textAlign="end">{formatInteger(leg.volume_exec)}</Table.Cell>
              <Table.Cell textAlign="end">{formatNumber(leg.preco_medio)}</Table.Cell>
              <Table.Cell>
                {ESTADO_PERNA[leg.estado]}
                {leg.problema && (
                  <Text fontSize="xs" color="orange.fg">
                    {leg.problema}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">
                {[leg.retcode, leg.retcode_desc].filter((x) => x !== null).join(' ') || DASH}
              </Table.Cell>
              <Table.Cell>
                {leg.broker_comment ?? DASH}
                {leg.retcode_external ? ` (código ${leg.retcode_external})` : ''}
              </Table.Cell>
              <Table.Cell>{leg.ticket ?? DASH}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** The operations the order created or realised, each a link to the portfolio's tab that shows it. */
export function NaCarteira({ ordem }: { ordem: OrdemDetalhe }) {
  return (
    <Stack gap="1">
      {ordem.operacoes.map((op) => (
        <Text key={op.id}>
          <Link asChild color="gold.fg">
            <RouterLink
              to="/clientes/$id/carteira"
              params={{ id: String(ordem.cliente) }}
              search={{ aba: PAPEL[op.papel].aba }}
            >
              Operação #{op.id} {PAPEL[op.papel].texto}
            </RouterLink>
          </Link>
        </Text>
      ))}
    </Stack>
  );
}

export function Timeline({ ordem }: { ordem: OrdemDetalhe }) {
  return (
    <Stack as="ol" gap="0" aria-label="Linha do tempo" listStyleType="none">
      {ordem.timeline.map((t, i) => (
        <Box
          as="li"
          key={i}
          borderLeftWidth="2px"
          borderColor="gold.muted"
          pl="4"
          pb="3"
          position="relative"
        >
          <Box
            position="absolute"
            left="-5px"
            top="1.5"
            boxSize="2"
            rounded="full"
            bg="gold.solid"
          />
          <Text fontSize="xs" color="fg.muted">
            {formatDateTime(t.em)} · {t.usuario}
          </Text>
          <Text fontWeight="medium">{t.evento}</Text>
          {t.detalhe && <Text fontSize="sm">{t.detalhe}</Text>}
        </Box>
      ))}
    </Stack>
  );
}
