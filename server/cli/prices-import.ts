import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { CotahistError, parseCotahist, textosCotahist } from '../lib/precos/cotahist';
import { importCotacoes } from '../lib/precos/importar-cotahist';
import { runCommand } from './run';

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

async function main(): Promise<number> {
  const arquivos = process.argv.slice(2);
  if (arquivos.length === 0 || arquivos.some((a) => a.startsWith('-'))) {
    console.error(USAGE);
    return 2;
  }
  const missing = arquivos.filter((a) => !fs.existsSync(a));
  if (missing.length) {
    console.error(`File not found: ${missing.join(', ')}\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    purpose: 'prices:import',
  });
  let failures = 0;
  try {
    for (const arquivo of arquivos) {
      const nome = path.basename(arquivo);
      let lido;
      try {
        lido = readArquivo(arquivo);
      } catch (err) {
        failures++;
        console.error(`${nome}: ${(err as Error).message}. Nothing was imported from this file.`);
        continue;
      }
      const r = await importCotacoes(database.db, lido.cotacoes);
      const periodo = r.datas.length
        ? r.datas.length === 1
          ? ` for ${r.datas[0]}`
          : ` for ${r.datas[0]} … ${r.datas[r.datas.length - 1]} (${r.datas.length} sessions)`
        : '';
      console.log(
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

runCommand(main);
