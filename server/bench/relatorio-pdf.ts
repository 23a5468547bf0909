import { spawnSync } from 'node:child_process';
import type { BenchServer } from './server';
import { median } from './stats';

/** The monthly report's limit (issue 30): a client with 5 years of operations, in under 2 s. */
export const LIMITE_RELATORIO_MS = 2000;

/**
 * The monthly report's PDF of a month for a client, through the server (HTTP, uncompressed): the median of a few
 * runs after one to warm up, and the PDF's pages read back with pdftotext when it is installed (a report that
 * says nothing would be fast too). Also this process's CPU time per report (the server runs in it, and so does
 * PGlite): what the report costs when the machine is busy with other work and the wall clock says more.
 */
export async function measureRelatorio(
  server: BenchServer,
  clienteId: number,
  mes: string,
  runs = 5,
): Promise<{ ms: number; cpuMs: number; bytes: number; paginas: number | null }> {
  const path = `/clientes/${clienteId}/relatorio/${mes}/`;
  const fetchPdf = async () => {
    const res = await fetch(server.base + path, {
      headers: { authorization: `Bearer ${server.token}`, 'accept-encoding': 'identity' },
    });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return new Uint8Array(await res.arrayBuffer());
  };
  const pdf = await fetchPdf();
  const tempos: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const c = process.cpuUsage();
    await fetchPdf();
    tempos.push(performance.now() - t);
    const gasto = process.cpuUsage(c);
    cpu.push((gasto.user + gasto.system) / 1000);
  }
  const texto = spawnSync('pdftotext', ['-', '-'], { input: pdf });
  const paginas = texto.status === 0 ? texto.stdout.toString('utf8').split('\f').length - 1 : null;
  return { ms: median(tempos), cpuMs: median(cpu), bytes: pdf.length, paginas };
}
