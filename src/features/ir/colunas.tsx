import { Link } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { MesIrCliente } from '../../../contract';
import { DASH, formatDate, formatNumber } from '../../../shared/format';
import { META } from '../../components/DataTable';
import { ValorComSinal } from '../../components/ValorComSinal';
import { mesCurto, situacaoNome, SituacaoBadge } from '../../widgets/ir';

const col = createColumnHelper<MesIrCliente>();

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

const dinheiro = (id: 'imposto' | 'irrf_compensado' | 'vendas_acoes', header: string) =>
  col.accessor(id, { header, cell: (c) => formatNumber(c.getValue()), meta: META.dinheiro });

/** Every client's month: who, the situation, the DARF and its due date, then what led to it. */
export const colunasDoLivro = [
  col.accessor((c) => c.nome ?? `Cliente ${c.cliente}`, {
    id: 'cliente',
    header: 'Cliente',
    cell: (c) => (
      // Long names wrap on a phone, so that the situation and the DARF fit beside the pinned column.
      <Link
        asChild
        color="gold.fg"
        fontWeight="semibold"
        whiteSpace="normal"
        maxW={{ base: '9rem', md: 'none' }}
      >
        <RouterLink
          to="/clientes/$id/carteira"
          params={{ id: String(c.row.original.cliente) }}
          search={{ aba: 'ir', mes: c.row.original.mes }}
          aria-label={`IR de ${c.getValue()} em ${mesCurto(c.row.original.mes)}`}
        >
          {c.getValue()}
        </RouterLink>
      </Link>
    ),
  }),
  col.accessor('situacao', {
    header: 'Situação',
    cell: (c) => <SituacaoBadge situacao={c.getValue()} />,
    meta: { exportar: (m) => situacaoNome(m.situacao) },
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
  dinheiro('imposto', 'Imposto'),
  dinheiro('irrf_compensado', 'IRRF compensado'),
  dinheiro('vendas_acoes', 'Vendas de ações'),
  col.accessor('isento', {
    header: 'Isento',
    cell: (c) => (c.getValue() ? 'Sim' : 'Não'),
    meta: META.simNao,
  }),
  resultado('resultado_comum', 'Resultado comum'),
  resultado('resultado_day_trade', 'Day trade'),
  resultado('resultado_fii', 'FII'),
];
