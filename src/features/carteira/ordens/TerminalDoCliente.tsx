import { Alert } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { Mt5StatusValue } from '../../../../contract';
import { clientesQueries } from '../../../api/clientes';
import { statusLabel } from '../../../widgets/status-mt5';

/** Statuses whose terminal cannot take an order: Validar would only ask it in vain (online and warning can). */
const SEM_TERMINAL: readonly Mt5StatusValue[] = ['offline', 'timeout', 'error', 'missing_ip'];

export interface TerminalDoCliente {
  /** Why the terminal cannot trade, from its last measured status; null when it can (or is not measured yet). */
  motivo: string | null;
  /** The reason beside the disabled Validar. */
  curto: string | null;
}

/**
 * The client's terminal as its last status says (the statuses the client list reads, refreshed on their own
 * schedule): the buy dialog says it is offline before anything is typed (issue 34, rough edge 11).
 */
export function useTerminalDoCliente(clienteId: number): TerminalDoCliente {
  const status = useQuery(clientesQueries.status()).data?.find((s) => s.id === clienteId);
  if (!status || !SEM_TERMINAL.includes(status.status as Mt5StatusValue))
    return { motivo: null, curto: null };
  const label = statusLabel(status.status) ?? status.status;
  const detalhe = status.detail ? ` — ${status.detail}` : '';
  return {
    motivo: `O terminal MT5 do cliente está indisponível (último status: ${label}${detalhe}).`,
    curto: `Validar indisponível: terminal ${label.toLowerCase()}.`,
  };
}

export const VALIDAR_INDISPONIVEL =
  'Validar fica indisponível até o terminal voltar: a compra não teria como ser conferida nem enviada.';

/** The terminal's state above the form, in the dialog's first lines. */
export function TerminalIndisponivel({ motivo }: { motivo: string }) {
  return (
    <Alert.Root status="warning" role="status" aria-label="Terminal do cliente">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{motivo}</Alert.Title>
        <Alert.Description>{VALIDAR_INDISPONIVEL}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
