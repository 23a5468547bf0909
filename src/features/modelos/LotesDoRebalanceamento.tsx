import { Alert, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import type { LoteStatus } from '../../../contract';
import { formatInteger } from '../../../shared/format';
import { useLoteStatus } from '../../api/lotes';
import { contagem } from './rebalanceamento-state';

/**
 * How a lote's orders stand: 'Terminadas: 2 de 3 · Executadas por completo: 2' (the lote's page says each one's
 * situation).
 */
function resumoTexto(status: LoteStatus): string {
  const terminadas = status.itens.filter((i) => i.finished).length;
  const executadas = status.itens.filter((i) => i.executed_all).length;
  return (
    `Terminadas: ${formatInteger(terminadas)} de ${formatInteger(status.itens.length)} · ` +
    `Executadas por completo: ${formatInteger(executadas)}`
  );
}

function Lote({
  titulo,
  loteId,
  espera,
}: {
  titulo: string;
  loteId: string;
  /** What the lote waits for before its orders leave (the buy lote: the sales), said while it has none yet. */
  espera?: string | null | undefined;
}) {
  const { status, error } = useLoteStatus(loteId);
  // The buy lote has no order until a client's sales ended (the server answers it empty meanwhile): no '0 ordens'.
  const vazio = status !== undefined && status.itens.length === 0;
  const aguardando = espera && !status?.finished && (vazio || !status) ? espera : null;
  const figuras = status && !(vazio && !status.finished);
  return (
    <Alert.Root
      status={status?.finished ? (status.executed_all ? 'success' : 'warning') : 'info'}
      aria-live="polite"
      role="group"
      aria-label={titulo}
    >
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          {titulo}
          {figuras ? ` · ${contagem(status.itens.length, 'ordem', 'ordens')}` : ''}
          {status?.finished ? ' · concluído.' : ''}
        </Alert.Title>
        <Alert.Description>
          <Stack gap="1">
            {aguardando && <Text>{aguardando}</Text>}
            {figuras && <Text>{resumoTexto(status)}</Text>}
            {error && !status && <Text>{error.message}</Text>}
            <Link asChild fontWeight="medium" color="gold.fg">
              <RouterLink to="/ordens/lote" search={{ lote: loteId }}>
                Acompanhar o {titulo.toLowerCase()}
              </RouterLink>
            </Link>
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/**
 * The two lotes a rebalance made, followed as lotes are (each polled until its orders ended, with a link to its
 * page); the buy lote says it waits for the sales while they run.
 */
export function LotesDoRebalanceamento({ venda, compra }: { venda?: string; compra?: string }) {
  const vendas = useLoteStatus(venda ?? null);
  const vendasAbertas = venda !== undefined && !vendas.status?.finished;
  return (
    <Stack gap="3" role="region" aria-label="Lotes do rebalanceamento">
      <Text fontWeight="semibold">Rebalanceamento enviado.</Text>
      {venda && <Lote titulo="Lote de venda" loteId={venda} />}
      {compra && (
        <Lote
          titulo="Lote de compra"
          loteId={compra}
          espera={
            vendasAbertas
              ? 'Aguarda as vendas: as compras de cada cliente saem quando todas as vendas dele terminarem.'
              : 'As vendas terminaram: as compras saem redimensionadas pelo dinheiro que elas levantaram.'
          }
        />
      )}
    </Stack>
  );
}
