import {
  CLIENTE_NAO_ENCONTRADO,
  clientesEndpoints as e,
  type Cliente,
  type ClienteStatus,
} from '../../contract';
import { CLIENTE_SEM_IP } from '../../contract/terminal';
import { fail, handle, ok } from '../contract';
import { recorded } from '../recorded';
import scene from '../scene/clientes.json';

type Status = Omit<ClienteStatus, 'id'>;

/** A client the mock refuses to delete, as the server does while a position is open (its recorded refusal). */
export const CLIENTE_COM_POSICAO = 3;
export const RECUSA_DELETAR = recorded('clientes-delete-409').response.body.detail;

let clientes: Cliente[] = [];
let statuses: Record<number, Status> = {};
let nextId = 1;

/** Back to a scene (the component tests' hand-picked one unless given; the QA replay's recorded one). */
export function resetClientesMock(
  list = scene.clientes as Cliente[],
  status = scene.status as Record<number, Status>,
) {
  clientes = list.map((c) => ({ ...c }));
  statuses = { ...status };
  nextId = Math.max(0, ...clientes.map((c) => c.id)) + 1;
}
resetClientesMock();

/** The client as the list shows it now (other handlers follow creations and deletions through it). */
export const findMockCliente = (id: number) => clientes.find((c) => c.id === id);
export const listMockClientes = (): readonly Cliente[] => clientes;

/** A client's terminal: its scene's status, else online with an address, without one missing its IP. */
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
    if (params.id === CLIENTE_COM_POSICAO) return fail(409, RECUSA_DELETAR);
    clientes.splice(index(params.id), 1);
    return ok(e.delete, null);
  }),
  handle(e.status, () => ok(e.status, clientes.map(statusOf))),
];
