import { Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { LoteCompraRequest } from '../../../contract';
import { formatMoney } from '../../../shared/format';
import { useSendLote } from '../../api/lotes';
import { ConfirmDialog, ConfirmDialogContent } from '../../components/ConfirmDialog';
import { CompraEmVooAviso } from '../../widgets/ordens';
import { ApiRequestError } from '../../lib/api';
import { idempotencyKey } from '../../lib/idempotency';
import { nomesDe } from './ComprasEmVoo';
import { contagem, type Totais } from './figures';

/** A buy lote ready to send: its request, its totals, and the intent its Idempotency-Key is derived with. */
export interface Envio {
  body: LoteCompraRequest;
  totais: Totais;
  intent: string;
  /** The selected clients that already have a buy of the stock in flight (Validar said so): confirmed first. */
  emVoo: string[];
}

const EXECUCAO_TEXTO = { mercado: 'a mercado', limite: 'limitada' } as const;

/**
 * The confirmation with the totals; it holds the send, and a failure stays in it. Sending to clients that already
 * have a buy of the stock in flight (said by Validar, or by the server's 409 when one started since) needs the
 * operator's explicit confirmation: a new request, whose key is the refused one's marked (src/lib/idempotency.ts).
 */
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
    <ConfirmDialog
      target={envio}
      targetKey={(e) => idempotencyKey(e.intent, e.body)}
      onClose={onClose}
    >
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
  const [confirmado, setConfirmado] = useState(false);
  const { body, totais } = envio;
  const error = send.error;
  const conflito = error instanceof ApiRequestError && error.status === 409;
  const pedeConfirmacao = envio.emVoo.length > 0 || conflito;
  return (
    <ConfirmDialogContent
      title="Enviar ordem em lote"
      confirmLabel="Enviar"
      primario
      busy={send.isPending}
      confirmDisabled={pedeConfirmacao && !confirmado}
      error={error ? (error instanceof ApiRequestError && error.detail) || error.message : null}
      onCancel={onClose}
      onConfirm={() => {
        // A second click while the first is in flight sends nothing more (the same key would answer it anyway).
        if (send.isPending) return;
        send.mutate(
          {
            body: { ...body, ...(confirmado ? { confirmar_compra_em_voo: true } : {}) },
            intent: envio.intent,
          },
          { onSuccess: onSent },
        );
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
        {pedeConfirmacao && (
          <CompraEmVooAviso
            label="Enviar assim mesmo a quem já tem compra em andamento"
            confirmado={confirmado}
            onConfirmadoChange={setConfirmado}
            disabled={send.isPending}
          >
            {envio.emVoo.length > 0
              ? `${contagem(envio.emVoo.length, 'cliente selecionado já tem', 'clientes selecionados já têm')} ` +
                `compra de ${body.ticker_base} em andamento: ${nomesDe(envio.emVoo)}.`
              : `Uma compra de ${body.ticker_base} começou depois da validação para algum cliente.`}
          </CompraEmVooAviso>
        )}
      </Stack>
    </ConfirmDialogContent>
  );
}
