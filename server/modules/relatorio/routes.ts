import type { FastifyInstance } from 'fastify';
import { PDF_CONTENT_TYPE, relatorioEndpoints as e } from '../../../contract';
import { route } from '../../lib/route';
import { renderRelatorio } from './pdf';
import { gatherRelatorio } from './service';

export async function relatorioRoutes(app: FastifyInstance) {
  route(app, e.mensal, async ({ params }, { username, reply }) => {
    const dados = await gatherRelatorio(app.deps, params.id, params.mes, username);
    const pdf = await renderRelatorio(dados);
    reply.header('content-type', PDF_CONTENT_TYPE);
    reply.header(
      'content-disposition',
      `attachment; filename="relatorio-${params.id}-${params.mes}.pdf"`,
    );
    // A client's figures: kept by no cache on the way.
    reply.header('cache-control', 'no-store');
    return pdf;
  });
}
