import fs from 'node:fs';
import path from 'node:path';
import { CotahistError, parseCotahist, textosCotahist } from '../../lib/precos/cotahist';
import { importCotacoes } from '../../lib/precos/importar-cotahist';
import { exitCode, openCommandDatabase, type CommandIo } from '../run';

const USAGE = 'Usage: npm run prices:import -- FILE…   (official B3 COTAHIST files, .TXT or .ZIP)';

/** Parses one file completely before anything is stored: a bad record leaves the database untouched. */
function readArquivo(arquivo: string) {
  const textos = textosCotahist(fs.readFileSync(arquivo));
  if (textos.length === 0) throw new Error('the ZIP file holds no file');
  const cotacoes = [];
  let registros = 0;
  for (const { nome, texto } of textos) {
    try {
      const lido = parseCotahist(texto);
      cotacoes.push(...lido.cotacoes);
      registros += lido.registros;
    } catch (err) {
      if (err instanceof CotahistError && nome)
        throw new Error(`${nome}: ${err.message}`, { cause: err });
      throw err;
    }
  }
  return { cotacoes, registros };
}

async function main(arquivos: string[], io: CommandIo): Promise<number> {
  if (arquivos.length === 0 || arquivos.some((a) => a.startsWith('-'))) {
    io.err(USAGE);
    return 2;
  }
  const missing = arquivos.filter((a) => !fs.existsSync(a));
  if (missing.length) {
    io.err(`File not found: ${missing.join(', ')}\n${USAGE}`);
    return 2;
  }
  const database = await openCommandDatabase(io.env, 'prices:import');
  let failures = 0;
  try {
    for (const arquivo of arquivos) {
      const nome = path.basename(arquivo);
      let lido;
      try {
        lido = readArquivo(arquivo);
      } catch (err) {
        failures++;
        io.err(`${nome}: ${(err as Error).message}. Nothing was imported from this file.`);
        continue;
      }
      const r = await importCotacoes(database.db, lido.cotacoes);
      const periodo = r.datas.length
        ? r.datas.length === 1
          ? ` for ${r.datas[0]}`
          : ` for ${r.datas[0]} … ${r.datas[r.datas.length - 1]} (${r.datas.length} sessions)`
        : '';
      io.out(
        `${nome}: ${r.cotacoes} spot quotes${periodo} out of ${lido.registros} records` +
          (r.acoesNovas.length ? `; ${r.acoesNovas.length} new assets added` : '') +
          '.',
      );
    }
  } finally {
    await database.close();
  }
  return failures ? 1 : 0;
}

/** `npm run prices:import` with `argv` (the files): its exit code, its lines written to `io`. */
export const run = (argv: string[], io: CommandIo): Promise<number> =>
  exitCode(() => main(argv, io), io);
