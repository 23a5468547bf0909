import { Stack, Text, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import type { LoteVendaRequest } from '../../../contract';
import { formatMoney } from '../../../shared/format';
import { useSendVendaLote } from '../../api/lotes';
import { ConfirmDialog, ConfirmDialogContent } from '../../components/ConfirmDialog';
import { ApiRequestError } from '../../lib/api';
import { idempotencyKey } from '../../lib/idempotency';
import { contagem } from './figures';
import type { TotaisVenda } from './venda-lote-state';
import { Checkbox } from './vendaLoteColunas';

/** A sale lote ready to send: its request, what it sells, and the intent its Idempotency-Key is derived with. */
export interface EnvioVenda {
  body: LoteVendaRequest;
  ticker: string;
  totais: TotaisVenda;
  intent: string;
  /** The ticked operations the percentual leaves with no whole share (not sold), with why. */
  fora?: ReadonlyArray<{ id: number; cliente: string; motivo: string }> | undefined;
}

interface Props {
  envio: EnvioVenda | null;
  onClose: () => void;
  onSent: (loteId: string) => void;
}

/** The sale's confirmation; it holds the send. */
export function EnviarVendaDialog({ envio, onClose, onSent }: Props) {
  return (
    <ConfirmDialog
      target={envio}
      targetKey={(e) => idempotencyKey(e.intent, e.body)}
      onClose={onClose}
    >
      {(e) => <EnviarVenda envio={e} onClose={onClose} onSent={onSent} />}
    </ConfirmDialog>
  );
}

/**
 * A 409 that some terminal holds fewer shares than its sale says whose, and lets the operator sell anyway (a new
 * request, whose key is the refused one's marked).
 */
function EnviarVenda({ envio, onClose, onSent }: Props & { envio: EnvioVenda }) {
  const send = useSendVendaLote();
  const [acima, setAcima] = useState(false);
  const error = send.error;
  const acimaDoTerminal =
    error instanceof ApiRequestError && error.status === 409 && error.campos !== undefined;
  const { body, totais } = envio;
  return (
    <ConfirmDialogContent
      title="Enviar venda em lote"
      confirmLabel="Vender"
      busy={send.isPending}
      confirmDisabled={acimaDoTerminal && !acima}
      error={error ? (error instanceof ApiRequestError && error.detail) || error.message : null}
      onCancel={onClose}
      onConfirm={() => {
        if (send.isPending) return;
        send.mutate(
          {
            body: { ...body, ...(acima ? { confirmar_acima_do_terminal: true } : {}) },
            intent: envio.intent,
          },
          { onSuccess: onSent },
        );
      }}
    >
      <Stack gap="2">
        <Text>
          Venda de {envio.ticker}{' '}
          {body.execucao === 'mercado' ? 'a mercado' : `limitada a ${formatMoney(body.preco)}`}:{' '}
          {body.percentual === undefined || body.percentual === 100
            ? 'cada operação é vendida por inteiro.'
            : `${body.percentual} % de cada operação, arredondado para baixo em ações inteiras.`}
        </Text>
        <Text fontWeight="semibold">
          {contagem(totais.operacoes, 'operação', 'operações')} de{' '}
          {contagem(totais.clientes, 'cliente', 'clientes')} ·{' '}
          {contagem(totais.acoes, 'ação', 'ações')}
        </Text>
        {envio.fora && envio.fora.length > 0 && (
          <Stack gap="1" role="group" aria-label="Fora do lote">
            <Text fontWeight="semibold">Ficam de fora:</Text>
            {envio.fora.map((f) => (
              <Text key={f.id} fontSize="sm">
                {f.cliente}: {f.motivo}
              </Text>
            ))}
          </Stack>
        )}
        {acimaDoTerminal && (
          <chakra.label display="flex" gap="2" alignItems="center" mt="2">
            <Checkbox
              type="checkbox"
              checked={acima}
              onChange={(e) => setAcima(e.target.checked)}
            />
            Vender acima da posição do terminal
          </chakra.label>
        )}
      </Stack>
    </ConfirmDialogContent>
  );
}
