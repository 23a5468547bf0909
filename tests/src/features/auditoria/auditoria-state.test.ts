import { describe, expect, it } from 'vitest';
import type { EntradaAuditoria } from '../../../../contract';
import {
  contagem,
  destinoDe,
  filtrosDe,
  nomeDaAcao,
  nomeDaEntidade,
  periodoInvertido,
  VAZIO,
} from '../../../../src/features/auditoria/auditoria-state';

const entrada = (e: Partial<EntradaAuditoria>): EntradaAuditoria => ({
  id: 1,
  em: '2026-01-05T12:00:00.000Z',
  usuario: 'ana',
  acao: 'create',
  entidade: 'cliente',
  entidade_id: '7',
  antes: null,
  depois: null,
  ...e,
});

describe('the audit filters', () => {
  it('ask what the form holds: trimmed name, codes, dates as aaaa-mm-dd', () => {
    expect(filtrosDe(VAZIO)).toEqual({});
    expect(
      filtrosDe({
        usuario: ' ana ',
        entidade: 'order_group',
        acao: 'create',
        de: '01/02/2026',
        ate: '28/02/2026',
      }),
    ).toEqual({
      usuario: 'ana',
      entidade: 'order_group',
      acao: 'create',
      de: '2026-02-01',
      ate: '2026-02-28',
    });
  });

  it('leave out a date still being typed, and a reversed period (said under the field)', () => {
    expect(filtrosDe({ ...VAZIO, de: '01/02/20' })).toEqual({});
    const invertido = { ...VAZIO, de: '10/02/2026', ate: '01/02/2026' };
    expect(periodoInvertido(invertido)).toBe(true);
    expect(filtrosDe(invertido)).toEqual({});
  });

  it('count what is loaded', () => {
    expect(contagem(1, false, false)).toBe('1 registro');
    expect(contagem(1200, true, false)).toBe('1.200 registros (há mais)');
    expect(contagem(0, false, true)).toBe('Carregando...');
  });
});

describe("an entry's words and link", () => {
  it('name entities and actions in Portuguese, unknown codes as recorded', () => {
    expect(nomeDaEntidade('order_group')).toBe('Ordem');
    expect(nomeDaAcao('password_reset')).toBe('Senha temporária gerada');
    expect(nomeDaAcao('algo_novo')).toBe('algo_novo');
  });

  it('link the client, the operation (its client), the order and the lote', () => {
    expect(destinoDe(entrada({ depois: { nome: 'Ana Beatriz' } }))).toEqual({
      to: '/clientes/$id/carteira',
      params: { id: '7' },
      texto: 'Ana Beatriz',
    });
    expect(
      destinoDe(entrada({ entidade: 'operacao', entidade_id: '31', antes: { cliente: 4 } })),
    ).toEqual({ to: '/clientes/$id/carteira', params: { id: '4' }, texto: 'Operação 31' });
    expect(
      destinoDe(
        entrada({ entidade: 'order_group', entidade_id: 'a1b2c3d4-0000-4000-8000-000000000000' }),
      ),
    ).toEqual({
      to: '/ordens/$groupId',
      params: { groupId: 'a1b2c3d4-0000-4000-8000-000000000000' },
      texto: 'Ordem a1b2c3d4',
    });
    expect(destinoDe(entrada({ entidade: 'order_lote', entidade_id: 'ffff0000-1' }))).toEqual({
      to: '/ordens/lote',
      search: { lote: 'ffff0000-1' },
      texto: 'Lote ffff0000',
    });
  });

  it('link nothing it cannot place', () => {
    expect(destinoDe(entrada({ entidade: 'session' }))).toBeNull();
    expect(destinoDe(entrada({ entidade_id: null }))).toBeNull();
    expect(destinoDe(entrada({ entidade: 'operacao', depois: { valor: 1 } }))).toBeNull();
  });
});
