import {
  CLIENTE_NAO_ENCONTRADO,
  clientesEndpoints as e,
  type Cliente,
  type ClienteInput,
  type ClienteStatus,
} from '../../contract';
import { fail, handle, ok } from '../contract';

const SEED: Cliente[] = [
  {
    id: 1,
    nome: 'Ana Beatriz Carvalho',
    email: 'ana.carvalho@gmail.com',
    documento: '52601815906',
    telefone: '11987451236',
    codigo_xp: '2847163',
    percentual_patrimonio: 20,
    vm: 'VM-MT5-01',
    vm_ip: '203.0.113.11',
    vm_private_ip: '10.20.0.11',
  },
  {
    id: 2,
    nome: 'Bruno Henrique Almeida',
    email: 'bruno.almeida@outlook.com',
    documento: '08301661305',
    telefone: '21998563214',
    codigo_xp: '3159024',
    percentual_patrimonio: 12.5,
    vm: 'VM-MT5-02',
    vm_ip: '203.0.113.12',
    vm_private_ip: '10.20.0.12',
  },
  {
    id: 3,
    nome: 'Nascimento Participações Ltda',
    email: 'financeiro@nascimentopar.com.br',
    documento: '55597971000152',
    telefone: '1133224455',
    codigo_xp: '9043127',
    percentual_patrimonio: 35,
    vm: 'VM-MT5-03',
    vm_ip: '203.0.113.13',
    vm_private_ip: '10.20.0.13',
  },
  {
    id: 4,
    nome: 'Diego Fernandes Souza',
    email: null,
    documento: '99603082430',
    telefone: '41996325874',
    codigo_xp: '5127390',
    percentual_patrimonio: 0,
    vm: 'VM-MT5-04',
    vm_ip: null,
    vm_private_ip: null,
  },
];

/** Every status the product knows, plus one it does not (ids beyond the seed are new clients). */
const SEED_STATUS: Record<number, Omit<ClienteStatus, 'id'>> = {
  1: { status: 'online', ping: 12, detail: null },
  2: { status: 'warning', ping: 18, detail: 'AutoTrading desativado' },
  3: { status: 'offline', ping: null, detail: 'Conexão recusada pelo agente MT5' },
  4: { status: 'missing_ip', ping: null, detail: 'Cliente sem IP de VM' },
};

/** Clients the mock refuses to delete, as the server does while a position is open. */
export const CLIENTE_COM_POSICAO = 3;
export const RECUSA_DELETAR =
  'Não é possível deletar o cliente: tem 1 operação posicionada. Encerre as posições e aguarde as ordens antes de deletar.';

let clientes: Cliente[] = [];
let statuses: Record<number, Omit<ClienteStatus, 'id'>> = {};
let nextId = 1;

/** Back to the seed (the component tests call it before each test). */
export function resetClientesMock(
  list: Cliente[] = SEED,
  status: Record<number, Omit<ClienteStatus, 'id'>> = SEED_STATUS,
) {
  clientes = list.map((c) => ({ ...c }));
  statuses = { ...status };
  nextId = Math.max(0, ...clientes.map((c) => c.id)) + 1;
}
resetClientesMock();

/** The client as the list shows it now (other handlers follow creations and deletions through it). */
export const findMockCliente = (id: number) => clientes.find((c) => c.id === id);
export const listMockClientes = (): readonly Cliente[] => clientes;

export function mockClienteStatus(id: number): ClienteStatus | null {
  const found = findMockCliente(id);
  return found ? statusOf(found) : null;
}

function statusOf(c: Cliente): ClienteStatus {
  const known = statuses[c.id];
  if (known) return { id: c.id, ...known };
  return c.vm_private_ip || c.vm_ip
    ? { id: c.id, status: 'online', ping: 9, detail: null }
    : { id: c.id, status: 'missing_ip', ping: null, detail: 'Cliente sem IP de VM' };
}

/** As the server keeps it: the agent token is never answered, only whether the client has one. */
function stored(
  { mt5_token, ...fields }: ClienteInput,
  hadToken: boolean | undefined,
): Omit<Cliente, 'id'> {
  return {
    ...fields,
    mt5_token_proprio: mt5_token === undefined ? Boolean(hadToken) : mt5_token !== null,
  };
}

const notFound = () => fail(404, CLIENTE_NAO_ENCONTRADO);

export const clientesHandlers = [
  handle(e.list, () => ok(e.list, clientes)),

  handle(e.create, ({ input: { body } }) => {
    const created: Cliente = { id: nextId++, ...stored(body, false) };
    clientes.push(created);
    return ok(e.create, created);
  }),

  handle(e.get, ({ input: { params } }) => {
    const found = clientes.find((c) => c.id === params.id);
    return found ? ok(e.get, found) : notFound();
  }),

  handle(e.update, ({ input: { params, body } }) => {
    const index = clientes.findIndex((c) => c.id === params.id);
    if (index < 0) return notFound();
    const updated: Cliente = { id: params.id, ...stored(body, clientes[index]!.mt5_token_proprio) };
    clientes[index] = updated;
    return ok(e.update, updated);
  }),

  handle(e.delete, ({ input: { params } }) => {
    if (!clientes.some((c) => c.id === params.id)) return notFound();
    if (params.id === CLIENTE_COM_POSICAO) return fail(409, RECUSA_DELETAR);
    clientes = clientes.filter((c) => c.id !== params.id);
    return ok(e.delete, null);
  }),

  handle(e.status, () => ok(e.status, clientes.map(statusOf))),
];
