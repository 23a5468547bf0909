import { Alert, Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import type { LoteCancelamento, LoteItemStatus, LoteStatus } from '../../../contract';
import { formatInteger, formatMoney } from '../../../shared/format';
import { useCancelLote, useLoteStatus, useSendVendaLote } from '../../api/lotes';
import { ConfirmDialog, ConfirmDialogContent } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { uuid } from '../../lib/uuid';
import { ForaDoLote } from './ForaDoLote';
import {
  SITUACAO_LABEL,
  contagem,
  falhas,
  formatDataHora,
  resumoLote,
  situacao,
  type Situacao,
} from './figures';

const PALETTE: Record<Situacao, string> = {
  executada: 'green',
  parcial: 'orange',
  falhou: 'red',
  em_verificacao: 'purple',
  executando: 'blue',
  enviada: 'gray',
};

/** Each leg's fill: 'PETR4 150/200 · PETR4F 0/50'. */
const execucaoTexto = (item: LoteItemStatus) =>
  item.summary
    .map((l) => `${l.symbol} ${formatInteger(l.volume_exec)}/${formatInteger(l.volume)}`)
    .join(' · ');

/** Each leg's fill, and a bar for the order's share filled. */
function Execucao({ item }: { item: LoteItemStatus }) {
  const total = item.summary.reduce((sum, l) => sum + l.volume, 0);
  const feito = item.summary.reduce((sum, l) => sum + l.volume_exec, 0);
  return (
    <Stack gap="1" minW="40">
      <Text fontSize="xs">{execucaoTexto(item)}</Text>
      <Box h="1.5" bg="bg.muted" rounded="full" overflow="hidden">
        <Box
          h="full"
          bg={item.executed_all ? 'green.500' : 'gold.solid'}
          width={`${total > 0 ? (feito / total) * 100 : 0}%`}
          transition="width 0.6s ease"
        />
      </Box>
    </Stack>
  );
}

const col = createColumnHelper<LoteItemStatus>();
const columns = [
  col.accessor('nome', { header: 'Cliente' }),
  col.accessor((i) => i.summary.reduce((sum, l) => sum + l.volume_exec, 0), {
    id: 'execucao',
    header: 'Execução',
    cell: (c) => <Execucao item={c.row.original} />,
    meta: { exportar: (i) => execucaoTexto(i) },
  }),
  col.accessor((i) => SITUACAO_LABEL[situacao(i)], {
    id: 'situacao',
    header: 'Situação',
    cell: (c) => (
      <Badge colorPalette={PALETTE[situacao(c.row.original)]} variant="subtle">
        {c.getValue()}
      </Badge>
    ),
  }),
  col.accessor((i) => i.erro ?? i.aviso ?? '', {
    id: 'mensagem',
    header: 'Mensagem',
    cell: (c) => (
      <Text title={c.getValue()} maxW="md" truncate color="fg.muted">
        {c.getValue() || '—'}
      </Text>
    ),
  }),
];

const TIPO = { compra: 'Compra', venda: 'Venda' } as const;
const EXECUCAO = { mercado: 'Mercado', limite: 'Limite' } as const;

interface Props {
  loteId: string;
  /** A buy lote's failed clients are validated again in the composer. */
  onReenviarCompra: (lote: LoteStatus) => void;
  /** A new lote was sent (a sale's failures sent again). */
  onSent: (loteId: string) => void;
  onNovo: () => void;
}

/** What the lote is, who sent it when, and how its orders stand. */
function LoteCabecalho({ status }: { status: LoteStatus }) {
  const resumo = resumoLote(status);
  return (
    <>
      <Stack gap="1">
        <Text fontWeight="semibold" fontSize="lg">
          {TIPO[status.lado]} de {status.ticker_base} · {EXECUCAO[status.execucao]}
          {status.preco !== null ? ` a ${formatMoney(status.preco)}` : ''}
          {status.tp !== null ? ` · alvo ${formatMoney(status.tp)}` : ''}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          Lote enviado em {formatDataHora(status.criado_em)} por {status.criado_por} ·{' '}
          {contagem(status.itens.length, 'ordem', 'ordens')}
        </Text>
      </Stack>
      <Alert.Root
        status={status.finished ? (status.executed_all ? 'success' : 'warning') : 'info'}
        aria-live="polite"
      >
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>
            {status.finished
              ? 'Lote concluído.'
              : 'Acompanhando as ordens (atualiza a cada 3 segundos)...'}
          </Alert.Title>
          <Alert.Description>
            Executadas por completo: {formatInteger(resumo.executadas)} · Em parte:{' '}
            {formatInteger(resumo.parciais)} · Falharam: {formatInteger(resumo.falhas)}
            {resumo.emAndamento > 0 ? ` · Em andamento: ${formatInteger(resumo.emAndamento)}` : ''}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    </>
  );
}

/** What a cancel of the lote's pending orders answered: its error, or how many were asked and who refused. */
function Cancelamento({
  error,
  data,
}: {
  error: Error | null;
  data: LoteCancelamento | undefined;
}) {
  const recusas = data?.cancelamentos.filter((c) => !c.ok) ?? [];
  return (
    <>
      {error && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{error.message}</Alert.Title>
        </Alert.Root>
      )}
      {data && (
        <Alert.Root status={recusas.length ? 'warning' : 'info'}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              Cancelamento pedido a {contagem(data.cancelamentos.length, 'ordem', 'ordens')}
              {recusas.length
                ? `; ${formatInteger(recusas.length)} não puderam ser canceladas`
                : ''}
              .
            </Alert.Title>
            {recusas.length > 0 && (
              <Alert.Description>
                {recusas.map((r) => `${r.nome}: ${r.motivo ?? 'recusado'}`).join(' · ')}
              </Alert.Description>
            )}
          </Alert.Content>
        </Alert.Root>
      )}
    </>
  );
}

/**
 * A lote as it executes: one status call every 3 s until every order has ended, each client's fill and state,
 * the broker's words on a refusal, the summary, a re-send of the failures and a cancel of what rests open.
 */
export function LoteProgresso({ loteId, onReenviarCompra, onSent, onNovo }: Props) {
  const { status, error } = useLoteStatus(loteId);
  const cancel = useCancelLote();
  const [reenvioVenda, setReenvioVenda] = useState<LoteStatus | null>(null);

  if (!status) {
    return (
      <Stack gap="3">
        <Text color="fg.muted" aria-live="polite">
          {error ? `Não foi possível ler o lote: ${error.message}` : 'Carregando o lote...'}
        </Text>
        <HStack>
          <Button variant="outline" onClick={onNovo}>
            Nova ordem em lote
          </Button>
        </HStack>
      </Stack>
    );
  }
  const falhados = falhas(status);

  return (
    <Stack gap="4">
      <LoteCabecalho status={status} />
      <HStack gap="3" wrap="wrap">
        {falhados.length > 0 && (
          <Button
            variant="outline"
            onClick={() =>
              status.lado === 'compra' ? onReenviarCompra(status) : setReenvioVenda(status)
            }
          >
            Reenviar falhas ({formatInteger(falhados.length)})
          </Button>
        )}
        {!status.finished && (
          <Button
            variant="outline"
            colorPalette="red"
            loading={cancel.isPending}
            onClick={() => cancel.mutate(status.lote_id)}
          >
            Cancelar pendentes
          </Button>
        )}
        <Button variant="ghost" onClick={onNovo}>
          Nova ordem em lote
        </Button>
      </HStack>
      <ForaDoLote loteId={status.lote_id} />
      <Cancelamento error={cancel.error} data={cancel.data} />
      <DataTable
        label="Ordens do lote"
        columns={columns}
        data={status.itens}
        getRowId={(i) => i.group_id}
        maxHeight={560}
        exportacao={{ nome: 'Lote', de: `${TIPO[status.lado]} ${status.ticker_base}` }}
      />
      <ConfirmDialog
        target={reenvioVenda}
        targetKey={(l) => l.lote_id}
        onClose={() => setReenvioVenda(null)}
      >
        {(lote) => (
          <ReenviarVenda lote={lote} onClose={() => setReenvioVenda(null)} onSent={onSent} />
        )}
      </ConfirmDialog>
    </Stack>
  );
}

/** A sale's failed operations sold again, in a new lote of their own. */
function ReenviarVenda({
  lote,
  onClose,
  onSent,
}: {
  lote: LoteStatus;
  onClose: () => void;
  onSent: (loteId: string) => void;
}) {
  const send = useSendVendaLote();
  // Its own intent (src/lib/idempotency.ts): a double-clicked Vender is one lote.
  const [intent] = useState(uuid);
  const operacoes = falhas(lote).flatMap((i) => (i.operacao === null ? [] : [i.operacao]));
  return (
    <ConfirmDialogContent
      title="Reenviar falhas"
      confirmLabel="Vender"
      busy={send.isPending}
      error={send.error?.message ?? null}
      onCancel={onClose}
      onConfirm={() => {
        if (send.isPending) return;
        send.mutate(
          {
            intent,
            body: {
              execucao: lote.execucao,
              ...(lote.preco !== null ? { preco: lote.preco } : {}),
              operacoes,
            },
          },
          { onSuccess: onSent },
        );
      }}
    >
      <Text>
        Vender de novo {contagem(operacoes.length, 'operação', 'operações')} de {lote.ticker_base}{' '}
        que não {operacoes.length === 1 ? 'foi executada' : 'foram executadas'}, num lote novo.
      </Text>
    </ConfirmDialogContent>
  );
}
