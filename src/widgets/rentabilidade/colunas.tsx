import { Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { Contribuicao, RentabilidadeClienteLivro } from '../../../contract';
import { formatMoney } from '../../../shared/format';
import { META } from '../../components/DataTable';
import {
  MESES_CURTOS,
  corDoRetorno,
  percentual,
  pontos,
  type LinhaDaGrade,
} from './rentabilidade-state';

/** A fraction's cell: '1,23 %', green or red by its sign when it is a return. */
const Fracao = ({ valor, cor = true }: { valor: number | null; cor?: boolean }) => (
  <Text as="span" color={cor ? corDoRetorno(valor) : undefined}>
    {percentual(valor)}
  </Text>
);

/** Exported in percent units (12.35 is 12,35 %), as the spreadsheets' percent columns take them. */
const emPercentual = (valor: number | null) => (valor === null ? null : valor * 100);

// ---- The monthly grid -------------------------------------------------------------------------------------------

const grade = createColumnHelper<LinhaDaGrade>();
/** Only the portfolio's and the Ibovespa's lines are coloured by sign: the CDI's is a rate, % do CDI a ratio. */
const colorida = (l: LinhaDaGrade) => l.serie === 'Carteira' || l.serie === 'Ibovespa';

/**
 * Série (the year on its portfolio line), Jan–Dez, Ano and Acumulado. Not sortable: a year's four lines read
 * together.
 */
export const colunasDaGrade = [
  grade.accessor((l) => `${l.ano} ${l.serie}`, {
    id: 'serie',
    header: 'Série',
    enableSorting: false,
    cell: (c) =>
      c.row.original.serie === 'Carteira' ? (
        <Text as="span" fontWeight="semibold" whiteSpace="nowrap">
          {c.row.original.ano}{' '}
          <Text as="span" fontWeight="normal">
            Carteira
          </Text>
        </Text>
      ) : (
        <Text as="span" color="fg.muted" whiteSpace="nowrap" ps="4">
          {c.row.original.serie}
        </Text>
      ),
  }),
  ...MESES_CURTOS.map((mes, i) =>
    grade.accessor((l) => l.meses[i] ?? null, {
      id: mes,
      header: mes,
      enableSorting: false,
      cell: (c) => <Fracao valor={c.getValue()} cor={colorida(c.row.original)} />,
      meta: { ...META.percentual, exportar: (l) => emPercentual(l.meses[i] ?? null) },
    }),
  ),
  grade.accessor('noAno', {
    header: 'Ano',
    enableSorting: false,
    cell: (c) => (
      <Text as="span" fontWeight="semibold">
        <Fracao valor={c.getValue()} cor={colorida(c.row.original)} />
      </Text>
    ),
    meta: { ...META.percentual, exportar: (l) => emPercentual(l.noAno) },
  }),
  grade.accessor('acumulado', {
    header: 'Acumulado',
    enableSorting: false,
    cell: (c) => <Fracao valor={c.getValue()} cor={colorida(c.row.original)} />,
    meta: { ...META.percentual, exportar: (l) => emPercentual(l.acumulado) },
  }),
];

// ---- Contribution by stock --------------------------------------------------------------------------------------

const contribuicao = createColumnHelper<Contribuicao>();

export const colunasDaContribuicao = [
  contribuicao.accessor('ticker', { header: 'Ação' }),
  contribuicao.accessor('resultado', {
    header: 'Resultado',
    cell: (c) => (
      <Text as="span" color={corDoRetorno(c.getValue())}>
        {formatMoney(c.getValue())}
      </Text>
    ),
    meta: META.dinheiro,
  }),
  contribuicao.accessor('pontos', {
    header: 'Contribuição',
    cell: (c) => (
      <Text as="span" color={corDoRetorno(c.getValue())}>
        {pontos(c.getValue())}
      </Text>
    ),
    meta: { ...META.decimal, titulo: 'Contribuição (p.p.)', exportar: (r) => r.pontos * 100 },
  }),
];

// ---- Every client (the control panel) ---------------------------------------------------------------------------

const livro = createColumnHelper<RentabilidadeClienteLivro>();

const figura = (
  id:
    'retorno' | 'cdi' | 'percentual_cdi' | 'ibov' | 'retorno_mwr' | 'volatilidade' | 'max_drawdown',
  header: string,
  cor: boolean,
) =>
  livro.accessor((r) => r.periodo[id], {
    id,
    header,
    sortUndefined: 'last',
    cell: (c) => <Fracao valor={c.getValue()} cor={cor} />,
    meta: { ...META.percentual, exportar: (r) => emPercentual(r.periodo[id]) },
  });

/** Each client (a link to its RENTABILIDADE tab), its value at both ends and the period's figures. */
export const colunasDoLivro = [
  livro.accessor((r) => r.nome ?? `Cliente ${r.cliente}`, {
    id: 'cliente',
    header: 'Cliente',
    cell: (c) => (
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
          search={{ aba: 'rentabilidade' }}
          aria-label={`Rentabilidade de ${c.getValue()}`}
        >
          {c.getValue()}
        </RouterLink>
      </Link>
    ),
  }),
  figura('retorno', 'Retorno', true),
  figura('cdi', 'CDI', false),
  figura('percentual_cdi', '% do CDI', false),
  figura('ibov', 'Ibovespa', true),
  livro.accessor('patrimonio_inicial', {
    header: 'Patrimônio inicial',
    cell: (c) => formatMoney(c.getValue()),
    meta: META.dinheiro,
  }),
  livro.accessor('patrimonio_final', {
    header: 'Patrimônio final',
    cell: (c) => formatMoney(c.getValue()),
    meta: META.dinheiro,
  }),
  figura('retorno_mwr', 'Retorno (dinheiro)', true),
  figura('volatilidade', 'Volatilidade', false),
  figura('max_drawdown', 'Maior queda', true),
];
