import { mesCurto } from '../formato';
import type { DadosRelatorio } from '../service';
import { Documento } from './documento';
import { drawNegocios, drawPosicoes, drawProventos } from './secoes-carteira';
import { drawImposto, drawNotas } from './secoes-ir';
import { drawCapa, drawGrade, drawRentabilidade } from './secoes-retorno';

export const PRODUTO = 'Carteira RV';

/** The monthly report as a PDF: A4, pt-BR, every section in the order a client reads it. */
export function renderRelatorio(r: DadosRelatorio): Promise<Buffer> {
  const d = new Documento({
    produto: PRODUTO,
    titulo: `Relatório mensal · ${mesCurto(r.mes)}`,
    rodape: `${r.cliente.nome} · Assessor: ${r.assessor}`,
    autor: r.assessor,
  });
  drawCapa(d, r);
  drawRentabilidade(d, r);
  drawGrade(d, r);
  drawPosicoes(d, r);
  drawNegocios(d, r);
  drawProventos(d, r);
  drawImposto(d, r);
  drawNotas(d, r);
  return d.finish();
}
