import { formatNumber } from '../../../../shared/format';
import { MESES_CURTOS, percentual } from '../formato';
import type { GraficoDoAno } from '../service';
import { CORES, type Documento } from './documento';

/**
 * The year's accumulated returns of the portfolio, the CDI and the Ibovespa, drawn with pdfkit's vector paths: a
 * frame with round percentage lines, a mark at each month's first session, the three lines and their legend.
 */

export const LINHAS = [
  { chave: 'carteira', nome: 'Carteira', cor: '#b7791f', espessura: 1.6 },
  { chave: 'cdi', nome: 'CDI', cor: '#2b6cb0', espessura: 1 },
  { chave: 'ibov', nome: 'Ibovespa', cor: '#2f855a', espessura: 1 },
] as const;

/** Round steps for the vertical axis: about four lines between the lowest and the highest value. */
export function escala(min: number, max: number): { de: number; ate: number; passo: number } {
  const baixo = Math.min(0, min);
  const alto = Math.max(0, max);
  const bruto = (alto - baixo || 1) / 4;
  const potencia = 10 ** Math.floor(Math.log10(bruto));
  const passo = [1, 2, 2.5, 5, 10].map((m) => m * potencia).find((p) => p >= bruto)!;
  return { de: Math.floor(baixo / passo) * passo, ate: Math.ceil(alto / passo) * passo, passo };
}

export function drawGrafico(d: Documento, grafico: GraficoDoAno, altura = 170) {
  const { doc } = d;
  const datas = grafico.carteira.map((p) => p.data);
  if (datas.length < 2) {
    d.drawParagrafo('Sem pregões no ano para o gráfico.', { cor: CORES.suave });
    return;
  }
  d.ensureRoom(altura + 30);
  const todos = LINHAS.flatMap((l) => grafico[l.chave].map((p) => p.valor));
  const y = escala(Math.min(...todos), Math.max(...todos));
  const eixo = 44;
  const x0 = d.esquerda + eixo;
  const largura = d.largura - eixo;
  const topo = doc.y + 4;
  const indice = new Map(datas.map((data, i) => [data, i]));
  const px = (data: string) => x0 + ((indice.get(data) ?? 0) / (datas.length - 1)) * largura;
  const py = (v: number) => topo + altura - ((v - y.de) / (y.ate - y.de)) * altura;

  doc.lineWidth(0.3).fontSize(7).font('Helvetica');
  for (let v = y.de; v <= y.ate + y.passo / 2; v += y.passo) {
    doc
      .moveTo(x0, py(v))
      .lineTo(x0 + largura, py(v))
      .strokeColor(v === 0 ? CORES.suave : CORES.linha)
      .stroke();
    doc
      .fillColor(CORES.suave)
      .text(`${formatNumber(v, y.passo < 1 ? 1 : 0)} %`, d.esquerda, py(v) - 3.5, {
        width: eixo - 6,
        align: 'right',
        lineBreak: false,
      });
  }
  // Each month's first session: a tick and its name under the frame.
  let mesAnterior = '';
  for (const data of datas.slice(1)) {
    const mes = data.slice(0, 7);
    if (mes === mesAnterior) continue;
    mesAnterior = mes;
    doc
      .moveTo(px(data), topo + altura)
      .lineTo(px(data), topo + altura + 3)
      .strokeColor(CORES.suave)
      .stroke();
    doc
      .fillColor(CORES.suave)
      .text(MESES_CURTOS[Number(mes.slice(5, 7)) - 1]!, px(data) + 2, topo + altura + 3, {
        lineBreak: false,
      });
  }
  for (const l of LINHAS) {
    const pontos = grafico[l.chave];
    if (pontos.length < 2) continue;
    doc.moveTo(px(pontos[0]!.data), py(pontos[0]!.valor));
    for (const p of pontos.slice(1)) doc.lineTo(px(p.data), py(p.valor));
    doc.lineWidth(l.espessura).strokeColor(l.cor).lineJoin('round').stroke();
  }
  doc.y = topo + altura + 16;
  drawLegenda(d, grafico);
}

/** Each line's colour, name and value at the month's end. */
function drawLegenda(d: Documento, grafico: GraficoDoAno) {
  const { doc } = d;
  let x = d.esquerda + 44;
  const y = doc.y;
  doc.fontSize(8);
  for (const l of LINHAS) {
    const ultimo = grafico[l.chave].at(-1);
    const texto = `${l.nome} ${ultimo ? percentual(ultimo.valor / 100) : '—'}`;
    doc.rect(x, y + 1.5, 8, 5).fill(l.cor);
    doc.fillColor(CORES.texto).text(texto, x + 11, y, { lineBreak: false });
    x += 11 + doc.widthOfString(texto) + 18;
  }
  doc.y = y + 14;
  doc.fontSize(9).fillColor(CORES.texto);
}
