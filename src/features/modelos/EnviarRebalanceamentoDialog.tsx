import { Stack, Text } from '@chakra-ui/react';
import type { Rebalancear, RebalanceamentoEnviado } from '../../../contract';
import { useSendRebalance } from '../../api/modelos';
import { ConfirmDialog, ConfirmDialogContent } from '../../components/ConfirmDialog';
import { ApiRequestError } from '../../lib/api';
import { idempotencyKey } from '../../lib/idempotency';
import { contagem, type Totais } from './rebalanceamento-state';

/** A validated plan ready to send, and the intent its Idempotency-Key is derived with. */
export interface EnvioRebalanceamento {
  body: Rebalancear;
  intent: string;
  totais: Totais;
}

interface Props {
  modeloId: number;
  envio: EnvioRebalanceamento | null;
  onClose: () => void;
  onSent: (lotes: RebalanceamentoEnviado) => void;
}

/** Enviar's confirmation: what the two lotes will be; a refusal (a plan no longer valid) stays in it. */
export function EnviarRebalanceamentoDialog({ modeloId, envio, onClose, onSent }: Props) {
  return (
    <ConfirmDialog
      target={envio}
      targetKey={(e) => idempotencyKey(e.intent, e.body)}
      onClose={onClose}
    >
      {(e) => <Enviar modeloId={modeloId} envio={e} onClose={onClose} onSent={onSent} />}
    </ConfirmDialog>
  );
}

function Enviar({ modeloId, envio, onClose, onSent }: Props & { envio: EnvioRebalanceamento }) {
  const send = useSendRebalance(modeloId);
  const error = send.error;
  const { totais } = envio;
  return (
    <ConfirmDialogContent
      title="Enviar rebalanceamento"
      confirmLabel="Enviar"
      busy={send.isPending}
      error={error ? (error instanceof ApiRequestError && error.detail) || error.message : null}
      onCancel={onClose}
      onConfirm={() => {
        if (send.isPending) return;
        send.mutate({ body: envio.body, intent: envio.intent }, { onSuccess: onSent });
      }}
    >
      <Stack gap="2">
        <Text fontWeight="semibold">
          {contagem(totais.clientes, 'cliente', 'clientes')} ·{' '}
          {contagem(totais.vendas, 'venda', 'vendas')} ·{' '}
          {contagem(totais.compras, 'compra', 'compras')}
        </Text>
        <Text>As vendas saem agora, num lote de venda.</Text>
        <Text>
          As compras formam um segundo lote: as de cada cliente saem quando todas as vendas dele
          terminarem, redimensionadas pelo dinheiro que as vendas levantaram.
        </Text>
      </Stack>
    </ConfirmDialogContent>
  );
}
