import { Button } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { lotesEndpoints, type Recomendacao } from '../../../contract';
import { usePermissao } from '../../api/permissao';
import { RecomendacoesPainel } from '../../widgets/recomendacoes';

/** The row action: the recommendation as an order for many clients, its target the suggested one on the tick. */
function OrdemEmLote(r: Recomendacao) {
  return (
    <Button asChild size="xs" variant="outline" aria-label={`Ordem em lote de ${r.ticker}`}>
      <Link
        to="/ordens/lote"
        search={{ tipo: 'compra', ticker: r.ticker, tp: Math.round(r.alvo_sugerido * 100) / 100 }}
      >
        Ordem em lote
      </Link>
    </Button>
  );
}

export function RecomendacoesTab() {
  // A role that may not send lotes is not offered one (issue 32).
  const lote = usePermissao(lotesEndpoints.sendCompra).pode;
  return (
    <RecomendacoesPainel
      emptyText="Nenhuma recomendação encontrada."
      rowAction={lote ? OrdemEmLote : undefined}
    />
  );
}
