import { z } from 'zod';
import { endpoint } from './endpoint';
import { ApiErrorSchema } from './errors';
import { MesParams } from './ir';
import { PERMISSOES } from './papeis';

/**
 * A client's monthly report (issue 30): a PDF (A4, pt-BR) the advisor sends the client, with the month's and the
 * year's returns against the CDI and the Ibovespa, the grid of monthly returns, the chart, the positions at the
 * month's end, the month's trades and proventos, and its income tax and DARF.
 */

export const PDF_CONTENT_TYPE = 'application/pdf';

/** Bytes, whatever realm made them (a test's TextEncoder, Node's Buffer, the browser's): not `instanceof`. */
export const isBytes = (v: unknown): v is Uint8Array =>
  Object.prototype.toString.call(v) === '[object Uint8Array]';

/**
 * A PDF's bytes. The one answer of the API that is not JSON: the server sends them as `application/pdf`, the SPA
 * reads them as bytes, and a recorded fixture keeps them in base64 (mocks/record).
 */
export const PdfSchema = z
  .custom<Uint8Array>(isBytes, 'Esperava os bytes de um PDF.')
  .meta({ type: 'string', format: 'binary', contentMediaType: PDF_CONTENT_TYPE })
  .describe('O relatório em PDF (application/pdf).');

/** 'aaaa-mm' → 'mm/aaaa'. */
const mesBr = (m: string) => `${m.slice(5, 7)}/${m.slice(0, 4)}`;

/** The 404 of a month that has not begun: it has no report yet. */
export const mesSemRelatorio = (mes: string): string =>
  `O mês ${mesBr(mes)} ainda não começou: não há relatório dele.`;

export const relatorioEndpoints = {
  mensal: endpoint({
    method: 'GET',
    path: '/clientes/{id}/relatorio/{mes}/',
    tag: 'relatorio',
    permissao: PERMISSOES.consulta,
    summary:
      'Relatório mensal do cliente em PDF (A4): rentabilidade do mês e do ano contra o CDI e o Ibovespa, a ' +
      'grade mensal, o gráfico, as posições no fim do mês, as operações e os proventos do mês, o imposto e o ' +
      'DARF. O mês corrente sai até hoje.',
    params: MesParams,
    answers: {
      200: PdfSchema,
      404: ApiErrorSchema.describe('Cliente não encontrado, ou mês que ainda não começou.'),
    },
  }),
};
