import { Box, Text, VisuallyHidden } from '@chakra-ui/react';
import { createColumnHelper } from '@tanstack/react-table';
import type { Modelo } from '../../../contract';
import { DASH, formatMoney } from '../../../shared/format';
import type { CelulaMapa } from '../../../shared/rebalanceamento';
import { META } from '../../components/DataTable';
import {
  celulaDescricao,
  desvioTexto,
  tomDe,
  type LinhaPlano,
  type Tom,
} from './rebalanceamento-state';

/**
 * The heat map's colours: orange above the target (a sale), blue below it (a buy), deeper the further outside the
 * band; always light, under dark text (contrast above 7:1), and never alone: the sign, an arrow and bold type say
 * the same.
 */
const FUNDO: Record<Tom['lado'], readonly [string, string, string]> = {
  acima: ['orange.50', 'orange.200', 'orange.300'],
  abaixo: ['blue.50', 'blue.200', 'blue.300'],
  neutro: ['gray.50', 'gray.50', 'gray.50'],
};
const SETA: Record<Tom['lado'], string> = { acima: '▲', abaixo: '▼', neutro: '' };

function Celula({
  ticker,
  celula,
  faixa,
}: {
  ticker: string;
  celula: CelulaMapa;
  faixa: Modelo['faixa'];
}) {
  const tom = tomDe(celula, faixa);
  const descricao = celulaDescricao(ticker, celula, faixa.tipo);
  return (
    // Positioned: the hidden description is laid out inside the cell, not at the page's edge (absolute, it would
    // escape the grid's scrolling box and widen the page).
    <Box
      position="relative"
      bg={FUNDO[tom.lado][tom.nivel]}
      color="gray.900"
      fontWeight={celula.fora ? 'bold' : 'normal'}
      px="2"
      py="1"
      rounded="sm"
      textAlign="right"
      whiteSpace="nowrap"
      title={descricao}
      data-tom={`${tom.lado}-${tom.nivel}`}
    >
      <span aria-hidden>
        {SETA[tom.lado] && `${SETA[tom.lado]} `}
        {desvioTexto(celula.desvio, faixa.tipo)}
      </span>
      <VisuallyHidden>{descricao}</VisuallyHidden>
    </Box>
  );
}

const col = createColumnHelper<LinhaPlano>();

/** Clients × tickers: V, each ticker's drift (coloured), the cash after the plan, and why one is left out. */
export function colunasDoMapa(tickers: readonly string[], faixa: Modelo['faixa']) {
  return [
    col.accessor((l) => l.plano.nome, { id: 'cliente', header: 'Cliente' }),
    col.accessor((l) => l.plano.valor_total ?? undefined, {
      id: 'valor_total',
      header: 'Total (R$)',
      meta: META.dinheiro,
      sortUndefined: 'last',
      cell: (c) => formatMoney(c.getValue()),
    }),
    ...tickers.map((ticker, i) =>
      col.accessor((l) => l.celulas[i]?.desvio ?? undefined, {
        id: `desvio_${ticker}`,
        header: ticker,
        sortUndefined: 'last',
        meta: {
          numeric: true,
          formato: 'decimal',
          exato: true,
          titulo: `${ticker} desvio (${faixa.tipo === 'absoluta' ? 'p.p.' : 'fração do alvo'})`,
        },
        cell: (c) => {
          const celula = c.row.original.celulas[i];
          return celula ? <Celula ticker={ticker} celula={celula} faixa={faixa} /> : DASH;
        },
      }),
    ),
    col.accessor((l) => l.plano.caixa_depois ?? undefined, {
      id: 'caixa_depois',
      header: 'Caixa depois (R$)',
      meta: META.dinheiro,
      sortUndefined: 'last',
      cell: (c) => formatMoney(c.getValue()),
    }),
    col.accessor((l) => (l.plano.excluido ? (l.plano.motivo ?? 'Fica de fora') : ''), {
      id: 'situacao',
      header: 'Fica de fora',
      cell: (c) =>
        c.getValue() ? (
          <Text as="span" display="block" maxW="20rem" whiteSpace="normal" color="fg.muted">
            {c.getValue()}
          </Text>
        ) : (
          DASH
        ),
    }),
  ];
}
