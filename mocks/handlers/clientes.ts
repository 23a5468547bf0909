import { http, HttpResponse } from 'msw';
import {
  ClienteInputSchema,
  type ApiError,
  type Cliente,
  type ClienteInputValues,
  type ClienteStatus,
} from '../../src/contract';

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

function validate(body: unknown) {
  const parsed = ClienteInputSchema.safeParse(body);
  if (parsed.success) return { data: parsed.data, error: null };
  const campos: Record<string, string> = {};
  for (const issue of parsed.error.issues) campos[String(issue.path[0] ?? '_')] ??= issue.message;
  const [field, message] = Object.entries(campos)[0]!;
  return {
    data: null,
    error: HttpResponse.json<ApiError>(
      { detail: `Campo ${field}: ${message}`, campos },
      { status: 400 },
    ),
  };
}

const notFound = () =>
  HttpResponse.json<ApiError>({ detail: 'Cliente não encontrado.' }, { status: 404 });

type Params = { id: string };

export const clientesHandlers = [
  http.get<never, never, Cliente[]>('/api/clientes/', () => HttpResponse.json(clientes)),

  http.post<never, ClienteInputValues, Cliente | ApiError>(
    '/api/clientes/',
    async ({ request }) => {
      const { data, error } = validate(await request.json().catch(() => null));
      if (error) return error;
      const created: Cliente = { id: nextId++, ...data };
      clientes.push(created);
      return HttpResponse.json(created, { status: 201 });
    },
  ),

  http.get<Params, never, Cliente | ApiError>('/api/clientes/:id/', ({ params }) => {
    const found = clientes.find((c) => c.id === Number(params.id));
    return found ? HttpResponse.json(found) : notFound();
  }),

  http.put<Params, ClienteInputValues, Cliente | ApiError>(
    '/api/clientes/:id/',
    async ({ params, request }) => {
      const index = clientes.findIndex((c) => c.id === Number(params.id));
      if (index < 0) return notFound();
      const { data, error } = validate(await request.json().catch(() => null));
      if (error) return error;
      const updated: Cliente = { id: clientes[index]!.id, ...data };
      clientes[index] = updated;
      return HttpResponse.json(updated);
    },
  ),

  http.delete<Params, never, ApiError | null>('/api/clientes/:id/', ({ params }) => {
    const id = Number(params.id);
    if (!clientes.some((c) => c.id === id)) return notFound();
    if (id === CLIENTE_COM_POSICAO) {
      return HttpResponse.json({ detail: RECUSA_DELETAR }, { status: 409 });
    }
    clientes = clientes.filter((c) => c.id !== id);
    return new HttpResponse(null, { status: 204 });
  }),

  http.get<never, never, ClienteStatus[]>('/api/clientes-status/', () =>
    HttpResponse.json(clientes.map(statusOf)),
  ),
];
