import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the Banco Central's SGS API, for tests that must never reach the internet. It answers what
 * the server asks for the CDI (series 12), in the shape of the real API:
 * - GET /dados/serie/bcdata.sgs.12/dados?formato=json&dataInicial=dd/mm/aaaa&dataFinal=dd/mm/aaaa →
 *   [{"data": "dd/mm/aaaa", "valor": "0.055131"}, …], the days of the window in order;
 * - a window without any day → 404 {"erro": {"statusCode": 404, "detail": "Value(s) not found"}};
 * - a daily series asked for without both dates, or for more than ten years → 400 {"error": …}, as the API has done
 *   since 2025.
 * Point the app at it with BCB_BASE_URL. Data: none until a test sets its rates.
 */

export interface FakeBcb {
  url: string;
  /** Every request's path and query, in order. */
  requests: string[];
  /** The series' days (aaaa-mm-dd) and rates (% a day, as text), replacing what it held. */
  setTaxas(taxas: ReadonlyArray<{ data: string; taxa: string }>): void;
  /** While down, every call answers 503 with an HTML page, as the API's gateway does. */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

const JANELA_MAXIMA =
  'O sistema aceita uma janela de consulta de, no máximo, 10 anos em séries de periodicidade diária';

const isoFromBr = (br: string | null) => {
  const m = br ? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(br) : null;
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
};
const brFromIso = (iso: string) => iso.split('-').reverse().join('/');

export async function startFakeBcb(): Promise<FakeBcb> {
  let taxas: Array<{ data: string; taxa: string }> = [];
  let down = false;
  const requests: string[] = [];

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(url.pathname + url.search);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (down) {
      res.writeHead(503, { 'content-type': 'text/html' });
      return res.end('<html><body>Serviço indisponível</body></html>');
    }
    if (url.pathname !== '/dados/serie/bcdata.sgs.12/dados') {
      return json(404, { erro: { statusCode: 404, detail: 'Série não encontrada' } });
    }
    const de = isoFromBr(url.searchParams.get('dataInicial'));
    const ate = isoFromBr(url.searchParams.get('dataFinal'));
    if (!de || !ate) {
      return json(400, {
        error: 'Para séries de periodicidade diária, informe dataInicial e dataFinal',
      });
    }
    const limite = `${Number(de.slice(0, 4)) + 10}${de.slice(4)}`;
    if (ate > limite) return json(400, { error: JANELA_MAXIMA });
    const linhas = taxas
      .filter((t) => t.data >= de && t.data <= ate)
      .map((t) => ({ data: brFromIso(t.data), valor: t.taxa }));
    if (linhas.length === 0) {
      return json(404, { erro: { statusCode: 404, detail: 'Value(s) not found' } });
    }
    json(200, linhas);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setTaxas: (lista) =>
      void (taxas = [...lista].sort((a, b) => (a.data < b.data ? -1 : a.data > b.data ? 1 : 0))),
    setDown: (value) => void (down = value),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
