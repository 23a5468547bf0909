import { Heading, Stack, Tabs } from '@chakra-ui/react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { lotesEndpoints, type LoteStatus } from '../../../contract';
import { useQuery } from '@tanstack/react-query';
import { lotesQueries } from '../../api/lotes';
import { ComPermissao } from '../../components/SemPermissao';
import { CompraLote } from './CompraLote';
import { LoteProgresso } from './LoteProgresso';
import { LotesRecentes } from './LotesRecentes';
import { VendaLote } from './VendaLote';

const route = getRouteApi('/ordens/lote');

/**
 * /ordens/lote: the "boleta em lote" (issue 16). Compra em lote sizes one order for many clients; Venda em lote
 * sells one stock for everyone who holds it; a sent lote is watched here (its id in the address, so a reload or
 * another operator watches the same), and the recent lotes are listed below.
 */
export function LotePage() {
  const search = route.useSearch();
  const navigate = useNavigate();
  const reenvio = useQuery({
    ...lotesQueries.detail(search.reenviar ?? null),
    refetchInterval: false,
  });

  const watch = (loteId: string) => void navigate({ to: '/ordens/lote', search: { lote: loteId } });
  const reenviarCompra = (lote: LoteStatus) =>
    void navigate({ to: '/ordens/lote', search: { tipo: 'compra', reenviar: lote.lote_id } });
  const tipo = search.tipo ?? 'compra';

  return (
    <Stack gap="6">
      <Heading as="h1" size="lg">
        Ordem em lote
      </Heading>
      {search.lote ? (
        <LoteProgresso
          key={search.lote}
          loteId={search.lote}
          onReenviarCompra={reenviarCompra}
          onSent={watch}
          onNovo={() => void navigate({ to: '/ordens/lote', search: {} })}
        />
      ) : (
        // Watching a lote is reading; sending one is for the roles that may (issue 32).
        <ComPermissao endpoint={lotesEndpoints.sendCompra}>
          <Tabs.Root
            value={tipo}
            onValueChange={(e) =>
              void navigate({ to: '/ordens/lote', search: { tipo: e.value as 'compra' | 'venda' } })
            }
            variant="line"
            lazyMount
          >
            <Tabs.List>
              <Tabs.Trigger value="compra">Compra em lote</Tabs.Trigger>
              <Tabs.Trigger value="venda">Venda em lote</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="compra">
              {search.reenviar && !reenvio.data ? null : (
                <CompraLote
                  key={search.reenviar ?? `${search.ticker ?? ''}:${search.tp ?? ''}`}
                  inicial={{ ticker: search.ticker, tp: search.tp }}
                  reenvio={reenvio.data ?? null}
                  onSent={watch}
                />
              )}
            </Tabs.Content>
            <Tabs.Content value="venda">
              <VendaLote tickerInicial={search.ticker} onSent={watch} />
            </Tabs.Content>
          </Tabs.Root>
        </ComPermissao>
      )}
      <LotesRecentes />
    </Stack>
  );
}
