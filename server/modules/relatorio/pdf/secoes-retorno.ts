import type { PeriodoRentabilidade } from '../../../../contract';
import { formatDate, formatDateTimeMinutes, formatMoney } from '../../../../shared/format';
import { MESES_CURTOS, mesPorExtenso, percentual, ultimoDia } from '../formato';
import type { DadosRelatorio } from '../service';
import { CORES, type Celula, type Documento, type Linha } from './documento';
import { drawGrafico } from './grafico';

/** The report's first part: who and when, the month's and the year's returns, the chart, the monthly grid. */

const cor = (v: number | null) =>
  v === null || v === 0 ? undefined : v > 0 ? CORES.ganho : CORES.perda;
/** A return's cell, green or red by its sign. */
const retorno = (v: number | null, negrito = false): Celula => ({
  texto: percentual(v),
  cor: cor(v),
  negrito,
});

export function drawCapa(d: Documento, r: DadosRelatorio) {
  const { doc } = d;
  doc.font('Helvetica-Bold').fontSize(17).fillColor(CORES.texto);
  doc.text(`Relatório mensal de ${mesPorExtenso(r.mes)}`, d.esquerda, doc.y, { width: d.largura });
  doc.moveDown(0.3);
  const sessoes = r.sessoes;
  const linhas = [
    `Cliente: ${r.cliente.nome}`,
    `Assessor: ${r.assessor}`,
    sessoes.length > 0
      ? `Pregões do mês: ${formatDate(sessoes[0]!.data)} a ${formatDate(sessoes.at(-1)!.data)}` +
        ` (base: fechamento de ${formatDate(r.anterior)})`
      : 'Nenhum pregão no mês.',
    `Emitido em ${formatDateTimeMinutes(r.emitido_em.toISOString())}`,
  ];
  if (r.fim < ultimoDia(r.mes)) linhas.push(`Mês em andamento: medido até ${formatDate(r.fim)}.`);
  for (const l of linhas) d.drawParagrafo(l, { cor: CORES.texto, tamanho: 10 });
}

/** The three lines of the returns table: the month, the year so far, the whole history. */
function linhaDoPeriodo(
  nome: string,
  p: { [K in 'retorno' | 'cdi' | 'ibov' | 'percentual_cdi']: PeriodoRentabilidade[K] | null },
): Linha {
  return [
    { texto: nome, negrito: true },
    retorno(p.retorno, true),
    percentual(p.cdi),
    percentual(p.percentual_cdi),
    retorno(p.ibov),
  ];
}

export function drawRentabilidade(d: Documento, r: DadosRelatorio) {
  d.drawSecao('Rentabilidade', 90);
  const ano = r.grade.find((g) => g.ano === Number(r.mes.slice(0, 4)));
  const doAno = {
    retorno: ano?.carteira.ano ?? null,
    cdi: ano?.cdi.ano ?? null,
    ibov: ano?.ibov.ano ?? null,
    percentual_cdi: ano?.percentual_cdi.ano ?? null,
  };
  d.drawTabela(
    [
      { titulo: 'Período', peso: 3 },
      { titulo: 'Carteira', peso: 1.5, alinhar: 'right' },
      { titulo: 'CDI', peso: 1.5, alinhar: 'right' },
      { titulo: '% do CDI', peso: 1.5, alinhar: 'right' },
      { titulo: 'Ibovespa', peso: 1.5, alinhar: 'right' },
    ],
    [
      linhaDoPeriodo(`No mês (${mesPorExtenso(r.mes)})`, {
        retorno: r.doMes?.retorno ?? null,
        cdi: r.doMes?.cdi ?? null,
        ibov: r.doMes?.ibov ?? null,
        percentual_cdi: r.doMes?.percentual_cdi ?? null,
      }),
      linhaDoPeriodo(`No ano (${r.mes.slice(0, 4)})`, doAno),
      linhaDoPeriodo(`Desde o início (${formatDate(r.historico.de)})`, r.historico.periodo),
    ],
    { tamanho: 9 },
  );
  const soma = (valor: (x: (typeof r.sessoes)[number]) => number) =>
    Math.round(r.sessoes.reduce((t, x) => t + valor(x), 0) * 100) / 100;
  d.drawParagrafo(
    `No mês: compras ${formatMoney(soma((x) => x.compras))}, vendas ${formatMoney(soma((x) => x.vendas))}, ` +
      `proventos ${formatMoney(soma((x) => x.proventos))}. Patrimônio em ações no fim do mês: ` +
      `${formatMoney(r.sessoes.at(-1)?.patrimonio ?? null)}.`,
    { cor: CORES.suave, tamanho: 8.5 },
  );
  d.drawSecao(`Rentabilidade acumulada em ${r.mes.slice(0, 4)}`, 190);
  drawGrafico(d, r.grafico);
}

export function drawGrade(d: Documento, r: DadosRelatorio) {
  d.drawSecao('Rentabilidade mês a mês', 80);
  const series = [
    ['Carteira', 'carteira'],
    ['CDI', 'cdi'],
    ['% do CDI', 'percentual_cdi'],
    ['Ibovespa', 'ibov'],
  ] as const;
  const linhas: Linha[] = [];
  for (const g of [...r.grade].reverse()) {
    for (const [nome, chave] of series) {
      const l = g[chave];
      const colorir = chave === 'carteira' || chave === 'ibov';
      // % do CDI in whole points: a month's ratio runs to thousands when the CDI is small.
      const celula = (v: number | null): Celula =>
        colorir
          ? retorno(v, chave === 'carteira')
          : { texto: percentual(v, chave === 'percentual_cdi' ? 0 : 2) };
      linhas.push([
        { texto: chave === 'carteira' ? String(g.ano) : '', negrito: true },
        { texto: nome, negrito: chave === 'carteira' },
        ...l.meses.map(celula),
        celula(l.ano),
        celula(l.acumulado),
      ]);
    }
  }
  d.drawTabela(
    [
      { titulo: 'Ano', peso: 1.3 },
      { titulo: 'Série', peso: 2 },
      ...MESES_CURTOS.map((m) => ({ titulo: m, peso: 1.5, alinhar: 'right' as const })),
      { titulo: 'Ano', peso: 1.6, alinhar: 'right' },
      { titulo: 'Acum.', peso: 1.6, alinhar: 'right' },
    ],
    linhas,
    { tamanho: 6.2 },
  );
}
