import { CLASSE_ATIVO_NOME, TIPO_EVENTO_NOME } from '../../../../contract';
import { formatDate, formatInteger, formatMoney, formatNumber } from '../../../../shared/format';
import { mesCurto, percentual } from '../formato';
import type { DadosRelatorio } from '../service';
import { CORES, type Celula, type Documento } from './documento';

/** The report's portfolio: the positions at the month's end, the month's trades and proventos. */

const sinal = (v: number | null, texto: string): Celula => ({
  texto,
  cor: v === null || v === 0 ? undefined : v > 0 ? CORES.ganho : CORES.perda,
});
const soma = (valores: Array<number | null>) =>
  Math.round(valores.reduce<number>((s, v) => s + (v ?? 0), 0) * 100) / 100;

export function drawPosicoes(d: Documento, r: DadosRelatorio) {
  d.drawSecao(`Posições no fim de ${mesCurto(r.mes)}`);
  if (r.posicoes.length === 0) {
    d.drawParagrafo('Nenhuma posição no fim do mês.', { cor: CORES.suave });
    return;
  }
  const total = {
    custo: soma(r.posicoes.map((p) => p.custo_total)),
    valor: soma(r.posicoes.map((p) => p.valor)),
  };
  const resultado = Math.round((total.valor - total.custo) * 100) / 100;
  d.drawTabela(
    [
      { titulo: 'Ação', peso: 1.3 },
      { titulo: 'Classe', peso: 1 },
      { titulo: 'Quantidade', peso: 1.3, alinhar: 'right' },
      { titulo: 'Custo médio', peso: 1.5, alinhar: 'right' },
      { titulo: 'Custo total', peso: 1.8, alinhar: 'right' },
      { titulo: 'Fechamento', peso: 1.5, alinhar: 'right' },
      { titulo: 'Valor', peso: 1.8, alinhar: 'right' },
      { titulo: 'Resultado', peso: 1.8, alinhar: 'right' },
      { titulo: 'Result. %', peso: 1.3, alinhar: 'right' },
    ],
    [
      ...r.posicoes.map((p) => [
        p.ticker,
        CLASSE_ATIVO_NOME[p.classe],
        formatInteger(p.quantidade),
        formatNumber(p.custo_medio, 2),
        formatMoney(p.custo_total),
        formatNumber(p.fechamento, 2),
        formatMoney(p.valor),
        sinal(p.resultado, formatMoney(p.resultado)),
        sinal(
          p.resultado,
          percentual(p.valor === null || p.custo_total === 0 ? null : p.valor / p.custo_total - 1),
        ),
      ]),
      [
        'Total',
        '',
        '',
        '',
        formatMoney(total.custo),
        '',
        formatMoney(total.valor),
        sinal(resultado, formatMoney(resultado)),
        sinal(resultado, percentual(total.custo === 0 ? null : total.valor / total.custo - 1)),
      ],
    ],
    { destacar: (i) => i === r.posicoes.length },
  );
  d.drawParagrafo(
    'Quantidades e custo médio como o imposto de renda os apura; fechamento do último pregão até o fim do mês.',
    { cor: CORES.suave, tamanho: 7.5 },
  );
}

export function drawNegocios(d: Documento, r: DadosRelatorio) {
  d.drawSecao(`Operações de ${mesCurto(r.mes)}`);
  if (r.negocios.length === 0) {
    d.drawParagrafo('Nenhuma compra ou venda no mês.', { cor: CORES.suave });
    return;
  }
  d.drawTabela(
    [
      { titulo: 'Data', peso: 1.4 },
      { titulo: 'Ação', peso: 1.3 },
      { titulo: 'Tipo', peso: 1.1 },
      { titulo: 'Quantidade', peso: 1.3, alinhar: 'right' },
      { titulo: 'Preço', peso: 1.4, alinhar: 'right' },
      { titulo: 'Custos', peso: 1.3, alinhar: 'right' },
      { titulo: 'Valor líquido', peso: 1.9, alinhar: 'right' },
    ],
    r.negocios.map((n) => [
      formatDate(n.data),
      n.ticker,
      n.tipo === 'compra' ? 'Compra' : 'Venda',
      formatInteger(n.quantidade),
      formatMoney(n.preco, 4),
      formatMoney(n.custos),
      formatMoney(n.valor),
    ]),
  );
  if (r.negociosAjustadosDepois) {
    d.drawParagrafo(
      'Houve desdobramento, grupamento ou bonificação depois do mês: as operações aparecem em quantidades e ' +
        'preços de hoje, como a carteira as guarda.',
      { cor: CORES.suave, tamanho: 7.5 },
    );
  }
}

export function drawProventos(d: Documento, r: DadosRelatorio) {
  d.drawSecao(`Proventos de ${mesCurto(r.mes)}`);
  if (r.proventos.length === 0) {
    d.drawParagrafo('Nenhum provento com data ex no mês.', { cor: CORES.suave });
    return;
  }
  d.drawTabela(
    [
      { titulo: 'Ação', peso: 1.2 },
      { titulo: 'Tipo', peso: 1.3 },
      { titulo: 'Data ex', peso: 1.4 },
      { titulo: 'Pagamento', peso: 1.4 },
      { titulo: 'Quantidade', peso: 1.3, alinhar: 'right' },
      { titulo: 'Bruto', peso: 1.6, alinhar: 'right' },
      { titulo: 'Líquido', peso: 1.6, alinhar: 'right' },
    ],
    r.proventos.map((p) => [
      p.ticker,
      TIPO_EVENTO_NOME[p.tipo],
      formatDate(p.data_ex),
      formatDate(p.data_pagamento),
      formatInteger(p.quantidade),
      formatMoney(p.valor_bruto),
      formatMoney(p.valor_liquido),
    ]),
  );
  d.drawParagrafo(
    `Proventos líquidos no mês: ${formatMoney(soma(r.proventos.map((p) => p.valor_liquido)))} ` +
      '(pela data ex, como a rentabilidade os conta).',
    { tamanho: 8.5 },
  );
}
