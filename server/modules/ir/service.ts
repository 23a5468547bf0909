import {
  CLIENTE_NAO_ENCONTRADO,
  type SaldosIr,
  type SaldosIrInput,
  type VendaExterna,
} from '../../../contract';
import type { Db, Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { notFound } from '../../lib/http-error';
import { clienteExists } from '../clientes';
import { upsertSaldos, upsertVendaExterna } from './repository';

async function checkCliente(tx: Tx, clienteId: number) {
  if (!(await clienteExists(tx, clienteId))) throw notFound(CLIENTE_NAO_ENCONTRADO);
}

/** PUT clientes/{id}/ir/saldos/: the carries the year starts with, audited. */
export async function saveSaldos(
  db: Db,
  username: string,
  clienteId: number,
  input: SaldosIrInput,
): Promise<SaldosIr> {
  await db.transaction(async (tx) => {
    await checkCliente(tx, clienteId);
    const antes = await upsertSaldos(tx, clienteId, input);
    await audit(tx, {
      username,
      action: antes ? 'update' : 'create',
      entity: 'ir_saldos',
      entityId: `${clienteId}/${input.ano}`,
      before: antes ?? null,
      after: { cliente: clienteId, ...input },
    });
  });
  return input;
}

/** PUT clientes/{id}/ir/vendas-externas/{mes}/: the month's stock sales made elsewhere, audited. */
export async function saveVendaExterna(
  db: Db,
  username: string,
  clienteId: number,
  mes: string,
  valor: number,
): Promise<VendaExterna> {
  await db.transaction(async (tx) => {
    await checkCliente(tx, clienteId);
    const antes = await upsertVendaExterna(tx, clienteId, mes, valor);
    await audit(tx, {
      username,
      action: antes === undefined ? 'create' : 'update',
      entity: 'ir_venda_externa',
      entityId: `${clienteId}/${mes}`,
      before: antes === undefined ? null : { valor: antes },
      after: { cliente: clienteId, mes, valor },
    });
  });
  return { mes, valor };
}
