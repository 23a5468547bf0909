import { Stack, Text } from '@chakra-ui/react';
import type { LoteCompraRequest } from '../../../contract';
import { formatMoney } from '../../../shared/format';
import { useSendLote } from '../../api/lotes';
import { ConfirmDialog, ConfirmDialogContent } from '../../components/ConfirmDialog';
import { contagem, type Totais } from './figures';

/** A buy lote ready to send: its request, its totals, and the Idempotency-Key every retry of it carries. */
export interface Envio {
  body: LoteCompraRequest;
  totais: Totais;
  key: string;
}

const EXECUCAO_TEXTO = { mercado: 'a mercado', limite: 'limitada' } as const;

/** The confirmation with the totals; it holds the send, and a failure stays in it. */
export function EnviarCompraDialog({
  envio,
  onClose,
  onSent,
}: {
  envio: Envio | null;
  onClose: () => void;
  onSent: (loteId: string) => void;
}) {
  return (
    <ConfirmDialog target={envio} targetKey={(e) => e.key} onClose={onClose}>
      {(e) => <EnviarCompra envio={e} onClose={onClose} onSent={onSent} />}
    </ConfirmDialog>
  );
}

function EnviarCompra({
  envio,
  onClose,
  onSent,
}: {
  envio: Envio;
  onClose: () => void;
  onSent: (loteId: string) => void;
}) {
  const send = useSendLote();
  const { body, totais } = envio;
  return (
    <ConfirmDialogContent
      title="Enviar ordem em lote"
      confirmLabel="Enviar"
      busy={send.isPending}
      error={send.error?.message ?? null}
      onCancel={onClose}
      onConfirm={() => {
        // A second click while the first is in flight sends nothing more (the same key would answer it anyway).
        if (send.isPending) return;
        send.mutate({ body, key: envio.key }, { onSuccess: onSent });
      }}
    >
      <Stack gap="2">
        <Text>
          Compra de {body.ticker_base} {EXECUCAO_TEXTO[body.execucao]}
          {body.preco !== undefined ? ` a ${formatMoney(body.preco)}` : ''}, alvo{' '}
          {formatMoney(body.tp)}.
        </Text>
        <Text fontWeight="semibold">
          {contagem(totais.clientes, 'cliente', 'clientes')} ·{' '}
          {contagem(totais.acoes, 'ação', 'ações')} · {formatMoney(totais.valor)} estimados
        </Text>
        <Text fontSize="sm" color="fg.muted">
          Cada cliente recebe a sua ordem no próprio terminal MT5.
        </Text>
      </Stack>
    </ConfirmDialogContent>
  );
}
