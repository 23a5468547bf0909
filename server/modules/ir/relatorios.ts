import {
  CLIENTE_NAO_ENCONTRADO,
  semDarf,
  type AnoIr,
  type DarfIr,
  type LivroIr,
  type MesIrDetalhado,
} from '../../../contract';
import { apurarIr, darfIr, mesIr, ultimoDiaDoMes } from '../../../shared/ir';
import { money } from '../../../shared/decimal';
import type { Db } from '../../db/client';
import { HttpError, notFound } from '../../lib/http-error';
import { groupEntradas } from './entrada';
import { readLinhasIr, type Leitura } from './leitura';
import { detalhe, darf, figuras } from './wire';

/**
 * The income-tax reports (issue 29): the rows read once (leitura.ts), each client's ledger computed once by the
 * engine (shared/ir), the months answered from that computation.
 */

/** A client's rows and input, or the 404 when the client does not exist. */
async function readCliente(db: Db, cliente: number, leitura: Omit<Leitura, 'cliente'>) {
  const linhas = await readLinhasIr(db, { cliente, ...leitura });
  const [row] = linhas.clientes;
  if (!row) throw notFound(CLIENTE_NAO_ENCONTRADO);
  return { row, ...groupEntradas(linhas)(cliente) };
}

const primeiroDia = (mes: string) => `${mes}-01`;

/** GET clientes/{id}/ir/?ano=: the year's twelve months. */
export async function getAnoIr(db: Db, cliente: number, ano: number): Promise<AnoIr> {
  const ate = `${ano}-12`;
  const { entrada, avisos } = await readCliente(db, cliente, {
    fim: ultimoDiaDoMes(ate),
    dividendosDe: `${ano}-01-01`,
  });
  const a = apurarIr(entrada, ate, `${ano}-01`);
  const saldo = entrada.saldosIniciais?.[ano];
  const meses = [];
  for (let m = 1; m <= 12; m++) {
    const detalheDoMes = a.meses.get(`${ano}-${String(m).padStart(2, '0')}`)!;
    meses.push(figuras(detalheDoMes, detalheDoMes.avisos));
  }
  return {
    ano,
    saldos_iniciais: saldo
      ? {
          prejuizo_comum: money(saldo.prejuizo_comum)!,
          prejuizo_day_trade: money(saldo.prejuizo_day_trade)!,
          prejuizo_fii: money(saldo.prejuizo_fii)!,
          irrf_a_compensar: money(saldo.irrf_a_compensar)!,
        }
      : null,
    meses,
    avisos,
  };
}

async function computeMes(db: Db, cliente: number, mes: string) {
  const lido = await readCliente(db, cliente, {
    fim: ultimoDiaDoMes(mes),
    dividendosDe: primeiroDia(mes),
  });
  return { ...lido, apuracao: apurarIr(lido.entrada, mes, mes) };
}

/** GET clientes/{id}/ir/{mes}/: the month in detail. */
export async function getMesIr(db: Db, cliente: number, mes: string): Promise<MesIrDetalhado> {
  const { apuracao, avisos } = await computeMes(db, cliente, mes);
  return detalhe(mesIr(apuracao, mes), avisos);
}

/** GET clientes/{id}/ir/{mes}/darf/: the DARF, or a 404 saying why the month has none. */
export async function getDarfIr(db: Db, cliente: number, mes: string): Promise<DarfIr> {
  const { apuracao, row } = await computeMes(db, cliente, mes);
  const d = darfIr(apuracao, mes);
  if ('motivo' in d) {
    throw new HttpError(404, semDarf(d.motivo, mes), undefined, undefined, { motivo: d.motivo });
  }
  return darf(d.darf, row);
}

/** The book's rows for `mes`: one read for every client (leitura.ts), no computation. */
export const readLivro = (db: Db, mes: string) =>
  readLinhasIr(db, { cliente: null, fim: ultimoDiaDoMes(mes), dividendosDe: primeiroDia(mes) });

/** Computing for this long, the book's month lets the server answer other requests before it goes on. */
const FATIA_MS = 50;
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** GET ir/?mes=: every client's month, by name. */
export async function getLivroIr(db: Db, mes: string): Promise<LivroIr> {
  const linhas = await readLivro(db, mes);
  const entradaDe = groupEntradas(linhas);
  const clientes: LivroIr['clientes'] = [];
  let fatia = performance.now();
  for (const c of linhas.clientes) {
    const { entrada, avisos } = entradaDe(c.id);
    const m = apurarIr(entrada, mes, mes).meses.get(mes)!;
    clientes.push({ cliente: c.id, nome: c.nome, ...figuras(m, [...m.avisos, ...avisos]) });
    if (performance.now() - fatia > FATIA_MS) {
      await yieldToOthers();
      fatia = performance.now();
    }
  }
  return { mes, clientes };
}
