import { Button } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { Recomendacao } from '../../../contract';
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
  return (
    <RecomendacoesPainel emptyText="Nenhuma recomendação encontrada." rowAction={OrdemEmLote} />
  );
}
