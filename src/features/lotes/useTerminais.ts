import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ClienteStatus } from '../../../contract';
import { clientesQueries } from '../../api/clientes';
import { terminaisPorNome } from './venda-lote-state';

/** Each client's last measured MT5 status, by the client's name (the sale lote's rows name the client). */
export function useTerminais(): ReadonlyMap<string, ClienteStatus> {
  const clientes = useQuery(clientesQueries.list());
  const status = useQuery(clientesQueries.status());
  return useMemo(
    () => terminaisPorNome(clientes.data ?? [], status.data ?? []),
    [clientes.data, status.data],
  );
}
