import { Text } from '@chakra-ui/react';
import { createColumnHelper } from '@tanstack/react-table';
import type { LinhaIr, PosicaoIr } from '../../../contract';
import { DASH, formatInteger, formatNumber, formatPercent } from '../../../shared/format';
import { META } from '../../components/DataTable';
import { ValorComSinal } from '../../components/ValorComSinal';
import { classeNome, TIPO_LINHA_NOME, type apuracaoLinhas, type saldosLinhas } from './ir-state';

const dinheiro = (v: number) => formatNumber(v);
/** A result coloured by its sign; zero is no gain nor loss, uncoloured. */
const comSinal = (v: number) => (
  <ValorComSinal value={v === 0 ? null : v}>{formatNumber(v)}</ValorComSinal>
);

const linha = createColumnHelper<LinhaIr>();

/** The month's sales: one line per asset and kind of operation. */
export const colunasDasVendas = [
  linha.accessor('ticker', {
    header: 'Ativo',
    cell: (c) => <Text fontWeight="semibold">{c.getValue()}</Text>,
  }),
  linha.accessor((l) => classeNome(l.classe), { id: 'classe', header: 'Classe' }),
  linha.accessor((l) => TIPO_LINHA_NOME[l.tipo], { id: 'tipo', header: 'Tipo' }),
  linha.accessor('quantidade', {
    header: 'Quantidade',
    cell: (c) => formatInteger(c.getValue()),
    meta: META.inteiro,
  }),
  linha.accessor('valor_venda', {
    header: 'Valor de venda',
    cell: (c) => dinheiro(c.getValue()),
    meta: META.dinheiro,
  }),
  linha.accessor('custo', {
    header: 'Custo',
    cell: (c) => dinheiro(c.getValue()),
    meta: META.dinheiro,
  }),
  linha.accessor('resultado', {
    header: 'Resultado',
    cell: (c) => comSinal(c.getValue()),
    meta: META.dinheiro,
  }),
];

const posicao = createColumnHelper<PosicaoIr>();

/** What the client held at the month's end, at its average cost (6 places, as the tax rules keep it). */
export const colunasDasPosicoes = [
  posicao.accessor('ticker', {
    header: 'Ativo',
    cell: (c) => <Text fontWeight="semibold">{c.getValue()}</Text>,
  }),
  posicao.accessor((p) => classeNome(p.classe), { id: 'classe', header: 'Classe' }),
  posicao.accessor('quantidade', {
    header: 'Quantidade',
    cell: (c) => formatInteger(c.getValue()),
    meta: META.inteiro,
  }),
  posicao.accessor('custo_medio', {
    header: 'Custo médio (R$)',
    cell: (c) => formatNumber(c.getValue(), 6),
    meta: { ...META.dinheiro, exato: true },
  }),
  posicao.accessor('custo_total', {
    header: 'Custo total (R$)',
    cell: (c) => dinheiro(c.getValue()),
    meta: META.dinheiro,
  }),
];

type LinhaApuracao = ReturnType<typeof apuracaoLinhas>[number];
const apuracao = createColumnHelper<LinhaApuracao>();
const valorApuracao = (
  id: 'resultado' | 'isento' | 'prejuizo_compensado' | 'base' | 'imposto' | 'irrf_compensado',
  header: string,
) =>
  apuracao.accessor(id, {
    header,
    cell: (c) => (id === 'resultado' ? comSinal(c.getValue()) : dinheiro(c.getValue())),
    meta: META.dinheiro,
  });

/** Each bucket's computation: its result, what was exempt or offset, the base, the rate and the tax. */
export const colunasDaApuracao = [
  apuracao.accessor('nome', { header: 'Tipo' }),
  valorApuracao('resultado', 'Resultado'),
  valorApuracao('isento', 'Isento'),
  valorApuracao('prejuizo_compensado', 'Prejuízo compensado'),
  valorApuracao('base', 'Base de cálculo'),
  apuracao.accessor('aliquota', {
    header: 'Alíquota',
    cell: (c) => formatPercent(c.getValue(), 0),
    meta: { numeric: true, formato: 'decimal' },
  }),
  valorApuracao('imposto', 'Imposto'),
  valorApuracao('irrf_compensado', 'IRRF do mês compensado'),
];

type LinhaSaldo = ReturnType<typeof saldosLinhas>[number];
const saldo = createColumnHelper<LinhaSaldo>();

/** The carries the month received and the ones it leaves. */
export const colunasDosSaldos = [
  saldo.accessor('nome', { header: 'Saldo' }),
  saldo.accessor('antes', {
    header: 'Antes do mês',
    cell: (c) => (c.getValue() === 0 ? DASH : dinheiro(c.getValue())),
    meta: META.dinheiro,
  }),
  saldo.accessor('depois', {
    header: 'Depois do mês',
    cell: (c) => (c.getValue() === 0 ? DASH : dinheiro(c.getValue())),
    meta: META.dinheiro,
  }),
];
