import {
  CLIENTE_NAO_ENCONTRADO,
  clientesEndpoints as e,
  type Cliente,
  type ClienteStatus,
} from '../../contract';
import { CLIENTE_SEM_IP } from '../../contract/terminal';
import { fail, handle, ok } from '../contract';

type Status = Omit<ClienteStatus, 'id'>;

/** The clients and their terminals' statuses (recorded, or a test's scene), writes kept in memory. */
let seed: { clientes: Cliente[]; status: Record<number, Status> } = { clientes: [], status: {} };
let clientes: Cliente[] = [];
let statuses: Record<number, Status> = {};
let nextId = 1;

/** Back to the seeded clients, or to these. */
export function resetClientesMock(list = seed.clientes, status = seed.status) {
  [clientes, statuses] = [list.map((c) => ({ ...c })), { ...status }];
  nextId = Math.max(0, ...clientes.map((c) => c.id)) + 1;
}
export function seedClientesMock(list: Cliente[], status: Record<number, Status>) {
  seed = { clientes: list, status };
  resetClientesMock();
}

/** The client as the list shows it now (other handlers follow creations and deletions through it). */
export const findMockCliente = (id: number) => clientes.find((c) => c.id === id);
export const listMockClientes = (): readonly Cliente[] => clientes;

/** A client's terminal: its seeded status, else online with an address, without one missing its IP. */
const statusOf = (c: Cliente): ClienteStatus => ({
  id: c.id,
  ...(statuses[c.id] ??
    (c.vm_private_ip || c.vm_ip
      ? { status: 'online', ping: 9, detail: null }
      : { status: 'missing_ip', ping: null, detail: CLIENTE_SEM_IP })),
});
export function mockClienteStatus(id: number): ClienteStatus | null {
  const found = findMockCliente(id);
  return found ? statusOf(found) : null;
}

/** As the server keeps it: the agent token is never answered, only whether the client has one. */
function stored(id: number, { mt5_token, ...fields }: { mt5_token?: string | null }, had = false) {
  const proprio = mt5_token === undefined ? had : mt5_token !== null;
  return { id, ...fields, mt5_token_proprio: proprio } as Cliente;
}
const index = (id: number) => clientes.findIndex((c) => c.id === id);
const notFound = () => fail(404, CLIENTE_NAO_ENCONTRADO);

export const clientesHandlers = [
  handle(e.list, () => ok(e.list, clientes)),
  handle(e.create, ({ input: { body } }) => {
    clientes.push(stored(nextId++, body));
    return ok(e.create, clientes.at(-1)!);
  }),
  handle(e.get, ({ input: { params } }) => {
    const found = findMockCliente(params.id);
    return found ? ok(e.get, found) : notFound();
  }),
  handle(e.update, ({ input: { params, body } }) => {
    const i = index(params.id);
    if (i < 0) return notFound();
    clientes[i] = stored(params.id, body, clientes[i]!.mt5_token_proprio);
    return ok(e.update, clientes[i]);
  }),
  handle(e.delete, ({ input: { params } }) => {
    if (index(params.id) < 0) return notFound();
    clientes.splice(index(params.id), 1);
    return ok(e.delete, null);
  }),
  handle(e.status, () => ok(e.status, clientes.map(statusOf))),
];
