import { Button } from '@chakra-ui/react';
import { createColumnHelper } from '@tanstack/react-table';
import type { MesIr } from '../../../contract';
import { DASH, formatDate, formatNumber } from '../../../shared/format';
import { META } from '../../components/DataTable';
import { ValorComSinal } from '../../components/ValorComSinal';
import { mesAbreviado, mesCurto, situacaoNome } from './ir-state';
import { SituacaoBadge } from './SituacaoBadge';

const col = createColumnHelper<MesIr>();

const resultado = (
  id: 'resultado_comum' | 'resultado_day_trade' | 'resultado_fii',
  header: string,
) =>
  col.accessor(id, {
    header,
    cell: (c) => (
      <ValorComSinal value={c.getValue() === 0 ? null : c.getValue()}>
        {formatNumber(c.getValue())}
      </ValorComSinal>
    ),
    meta: META.dinheiro,
  });

/**
 * The year's twelve months: the month (a button that opens it), the situation, the tax, the DARF and its due
 * date, what was sold and the results per bucket.
 */
export const colunasDoAno = ({
  aberto,
  onAbrir,
}: {
  /** The month opened under the grid, marked in its row. */
  aberto: string | undefined;
  onAbrir: (mes: string) => void;
}) => [
  col.accessor('mes', {
    header: 'Mês',
    // The month itself opens its detail: no column of buttons taking a phone's width.
    cell: (c) => (
      <Button
        size="xs"
        variant={c.getValue() === aberto ? 'subtle' : 'ghost'}
        color="gold.fg"
        fontWeight="semibold"
        aria-current={c.getValue() === aberto ? 'true' : undefined}
        onClick={() => onAbrir(c.getValue())}
        // The name holds the words shown ('Mar/2026'), as voice control users say them (WCAG 2.5.3).
        aria-label={`Ver ${mesAbreviado(c.getValue())}`}
        title={`Ver ${mesCurto(c.getValue())}`}
      >
        {mesAbreviado(c.getValue())}
      </Button>
    ),
    meta: { exportar: (m) => mesCurto(m.mes) },
  }),
  col.accessor('situacao', {
    header: 'Situação',
    cell: (c) => <SituacaoBadge situacao={c.getValue()} />,
    meta: { exportar: (m) => situacaoNome(m.situacao) },
  }),
  col.accessor('imposto', {
    header: 'Imposto',
    cell: (c) => formatNumber(c.getValue()),
    meta: META.dinheiro,
  }),
  col.accessor('darf_valor', {
    header: 'DARF (R$)',
    cell: (c) => (c.getValue() > 0 ? formatNumber(c.getValue()) : DASH),
    meta: META.dinheiro,
  }),
  col.accessor('darf_vencimento', {
    header: 'Vencimento',
    cell: (c) => formatDate(c.getValue()),
    meta: META.data,
  }),
  col.accessor('vendas_acoes', {
    header: 'Vendas de ações',
    cell: (c) => formatNumber(c.getValue()),
    meta: META.dinheiro,
  }),
  col.accessor('isento', {
    header: 'Isento',
    cell: (c) => (c.getValue() ? 'Sim' : 'Não'),
    meta: META.simNao,
  }),
  resultado('resultado_comum', 'Resultado comum'),
  resultado('resultado_day_trade', 'Day trade'),
  resultado('resultado_fii', 'FII'),
  col.accessor('irrf_compensado', {
    header: 'IRRF compensado',
    cell: (c) => formatNumber(c.getValue()),
    meta: META.dinheiro,
  }),
];
