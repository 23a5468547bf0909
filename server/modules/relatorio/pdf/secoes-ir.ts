import { SITUACAO_IR_NOME } from '../../../../contract';
import { formatDate, formatMoney } from '../../../../shared/format';
import { mesCurto } from '../formato';
import type { DadosRelatorio } from '../service';
import { CORES, type Documento } from './documento';

/** The month's income tax and its DARF (issue 29's reports), then what the figures rest on. */

export function drawImposto(d: Documento, r: DadosRelatorio) {
  const ir = r.ir;
  d.drawSecao(`Imposto de renda de ${mesCurto(r.mes)}`, 120);
  d.drawTabela(
    [
      { titulo: 'Apuração', peso: 4 },
      { titulo: 'Valor', peso: 2, alinhar: 'right' },
    ],
    [
      ['Situação', SITUACAO_IR_NOME[ir.situacao]],
      ['Vendas de ações no mês', formatMoney(ir.vendas_acoes)],
      ['Isenção (vendas até R$ 20.000,00)', ir.isento ? 'Sim' : 'Não'],
      ['Resultado em operações comuns', formatMoney(ir.resultado_comum)],
      ['Resultado em day trade', formatMoney(ir.resultado_day_trade)],
      ['Resultado em FII', formatMoney(ir.resultado_fii)],
      ['Imposto apurado', formatMoney(ir.imposto)],
      ['IRRF compensado', formatMoney(ir.irrf_compensado)],
      ['Imposto do mês a pagar', formatMoney(ir.imposto_a_pagar)],
    ],
    { largura: 0.6 },
  );
  d.drawSecao('DARF', 70);
  if (!r.darf) {
    d.drawParagrafo(
      ir.situacao === 'sem_imposto'
        ? `Sem imposto a pagar em ${mesCurto(r.mes)}: não há DARF.`
        : `Imposto de ${formatMoney(ir.imposto_a_pagar)} abaixo de R$ 10,00: não há DARF em ` +
            `${mesCurto(r.mes)}; o valor soma-se ao dos meses seguintes até chegar a R$ 10,00.`,
    );
    return;
  }
  d.drawTabela(
    [
      { titulo: 'Campo', peso: 4 },
      { titulo: 'Valor', peso: 2, alinhar: 'right' },
    ],
    [
      ['Código da receita', r.darf.codigo_receita],
      ['Período de apuração', formatDate(r.darf.periodo_apuracao)],
      ['Vencimento', formatDate(r.darf.vencimento)],
      ['Valor principal', formatMoney(r.darf.valor_principal)],
      ['Meses que paga', r.darf.meses.map(mesCurto).join(', ')],
    ],
    { largura: 0.6 },
  );
}

/** What was estimated or is missing, and where the benchmarks came from. */
export function drawNotas(d: Documento, r: DadosRelatorio) {
  const fontes = r.historico.fontes;
  const cdi = {
    bcb: 'CDI: Banco Central do Brasil (série 12 do SGS).',
    selic: 'CDI estimado pela meta Selic.',
    misto: 'CDI: Banco Central do Brasil e, nos dias sem a taxa, estimado pela meta Selic.',
  } as const;
  const ibov =
    fontes.ibov === null
      ? 'Ibovespa indisponível.'
      : fontes.ibov === '^BVSP'
        ? 'Ibovespa: Yahoo Finance (^BVSP).'
        : `Ibovespa: ${fontes.ibov}, o substituto escolhido pelo administrador.`;
  const avisos = [...new Set([...r.historico.avisos, ...r.ir.avisos.map((a) => a.mensagem)])];
  d.drawSecao('Notas', 40);
  d.drawParagrafo(`${fontes.cdi ? cdi[fontes.cdi] : 'CDI indisponível.'} ${ibov}`, { tamanho: 8 });
  d.drawParagrafo(
    'Rentabilidade ponderada pelo tempo: cada pregão rende (valor no fechamento + vendas + proventos) ÷ ' +
      '(valor no fechamento anterior + compras); aportes e resgates não a mudam. % do CDI: a rentabilidade ' +
      'sobre o CDI dos mesmos pregões.',
    { tamanho: 8, cor: CORES.suave },
  );
  for (const a of avisos) d.drawParagrafo(`• ${a}`, { tamanho: 8 });
}
