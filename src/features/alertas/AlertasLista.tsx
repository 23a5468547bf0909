import { Alert, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { alertasEndpoints, type Alerta } from '../../../contract';
import { alertasQueries, useAcknowledgeAlerta, type AlertaFiltros } from '../../api/alertas';
import { usePermissao } from '../../api/permissao';
import { DataTable } from '../../components/DataTable';
import { LoadError, nuncaCarregou } from '../../components/LoadError';
import { AdiarDialog } from './AdiarDialog';
import { detalheDoErro } from './alertas-state';
import { colunasDosAlertas } from './colunas';
import { AlertasFiltros } from './AlertasFiltros';

interface Props {
  filtros: AlertaFiltros;
  onFiltros: (filtros: AlertaFiltros) => void;
}

/** The alerts, newest first, filtered by estado, tipo and cliente; each acknowledged or snoozed from its row. */
export function AlertasLista({ filtros, onFiltros }: Props) {
  const alertas = useQuery(alertasQueries.list(filtros));
  const reconhecer = useAcknowledgeAlerta();
  const [adiando, setAdiando] = useState<Alerta | null>(null);
  const algumFiltro = Object.values(filtros).some((v) => v !== undefined);

  const { mutate: acknowledge } = reconhecer;
  const reconhecendo = reconhecer.isPending ? (reconhecer.variables ?? null) : null;
  // A snooze is shown while ahead of the list's last answer (the row says "Adiado até" until then).
  const atualizado = alertas.dataUpdatedAt;
  const podeTratar = usePermissao(alertasEndpoints.reconhecer).pode;
  const columns = useMemo(
    () =>
      colunasDosAlertas({
        onAcknowledge: (a) => acknowledge(a.id),
        onSnooze: setAdiando,
        reconhecendo,
        agora: new Date(atualizado),
        podeTratar,
      }),
    [acknowledge, reconhecendo, atualizado, podeTratar],
  );
  const total = alertas.data?.length;

  return (
    <Stack gap="4">
      <AlertasFiltros
        filtros={filtros}
        onFiltros={onFiltros}
        onRefresh={() => void alertas.refetch()}
        refreshing={alertas.isFetching}
      />
      {reconhecer.error && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{detalheDoErro(reconhecer.error)}</Alert.Title>
        </Alert.Root>
      )}
      {nuncaCarregou(alertas) ? (
        <LoadError
          what="os alertas"
          error={alertas.error}
          onRetry={() => void alertas.refetch()}
          retrying={alertas.isFetching}
        />
      ) : (
        <DataTable
          label="Alertas"
          columns={columns}
          data={alertas.data ?? []}
          getRowId={(a) => String(a.id)}
          emptyText={
            alertas.isPending
              ? 'Carregando...'
              : algumFiltro
                ? 'Nenhum alerta com esses filtros.'
                : 'Nenhum alerta.'
          }
          exportacao={{ nome: 'Alertas' }}
          toolbar={
            <Text fontSize="sm" color="fg.muted" aria-live="polite">
              {total === undefined ? '' : `${total} ${total === 1 ? 'alerta' : 'alertas'}`}
            </Text>
          }
        />
      )}
      <AdiarDialog alerta={adiando} onClose={() => setAdiando(null)} />
    </Stack>
  );
}
