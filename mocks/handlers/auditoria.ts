import { AUDITORIA_LIMITE, auditoriaEndpoints as e, type EntradaAuditoria } from '../../contract';
import { handle, ok } from '../contract';

/**
 * Minimal audit log (issue 32) until the recorded answers land: 130 entries over a week, newest first, of a few
 * users and kinds of record, filtered and paged by cursor as the server does (an entry's day in São Paulo).
 */
const INICIO = Date.parse('2026-01-05T13:00:00.000Z');
const HORA = 3_600_000;

function entrada(i: number): EntradaAuditoria {
  const id = i + 1;
  const em = new Date(INICIO + i * HORA).toISOString();
  const kinds: Array<Omit<EntradaAuditoria, 'id' | 'em'>> = [
    {
      usuario: 'ana',
      acao: 'create',
      entidade: 'order_group',
      entidade_id: `0000${String(id).padStart(4, '0')}-0000-4000-8000-000000000000`,
      antes: null,
      depois: { cliente_id: 1, ticker_base: 'PETR4', lado: 'compra', state: 'sent' },
    },
    {
      usuario: 'admin',
      acao: 'update',
      entidade: 'user',
      entidade_id: 'bruno',
      antes: { papel: 'leitura', email: null },
      depois: { papel: 'assessor', email: 'bruno@carteira.example' },
    },
    {
      usuario: 'bruno',
      acao: 'update',
      entidade: 'operacao',
      entidade_id: String(id),
      antes: { cliente: 1, valor_alvo: 40, quantidade: 100 },
      depois: { cliente: 1, valor_alvo: 42.5, quantidade: 100 },
    },
    {
      usuario: 'admin',
      acao: 'delete',
      entidade: 'cliente',
      entidade_id: String(id),
      antes: { nome: 'Cliente Removido', email: null },
      depois: null,
    },
  ];
  return { id, em, ...kinds[i % kinds.length]! };
}

const ENTRADAS: readonly EntradaAuditoria[] = Array.from({ length: 130 }, (_, i) =>
  entrada(i),
).reverse();

/** The São Paulo day of an instant (UTC−3, no daylight saving since 2019). */
const diaDe = (em: string) => new Date(Date.parse(em) - 3 * HORA).toISOString().slice(0, 10);

export const auditoriaHandlers = [
  handle(e.list, ({ input: { query } }) => {
    const cursor = query.cursor ? Number(query.cursor) : Infinity;
    const filtradas = ENTRADAS.filter(
      (x) =>
        x.id < cursor &&
        (!query.usuario || x.usuario === query.usuario) &&
        (!query.entidade || x.entidade === query.entidade) &&
        (!query.acao || x.acao === query.acao) &&
        (!query.de || diaDe(x.em) >= query.de) &&
        (!query.ate || diaDe(x.em) <= query.ate),
    );
    const results = filtradas.slice(0, AUDITORIA_LIMITE);
    const more = filtradas.length > AUDITORIA_LIMITE;
    return ok(e.list, { results, next_cursor: more ? String(results.at(-1)!.id) : null });
  }),
];
