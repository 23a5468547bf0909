import { describe, expect, it } from 'vitest';
import type { ConciliacaoResumo, LinhaConciliacao } from '../../../../contract';
import {
  clientesMostrados,
  diferencas,
  resumoDosClientes,
  semClientes,
  terminalTexto,
} from '../../../../src/features/controle-rv/conciliacao/conciliacao';

const cliente = (extra: Partial<ConciliacaoResumo>): ConciliacaoResumo => ({
  cliente: 1,
  nome: 'Ana',
  situacao: 'confere',
  divergencias: 0,
  terminal_status: 'online',
  terminal_detalhe: null,
  custodia_data: null,
  ...extra,
});

describe("CONCILIAÇÃO's words and figures", () => {
  it("says the terminal's answer in the MT5 words, 'Respondeu' when it handed its positions over", () => {
    expect(terminalTexto(cliente({}))).toBe('Respondeu');
    expect(
      terminalTexto(
        cliente({
          terminal_status: 'offline',
          terminal_detalhe: 'Conexão recusada pelo agente MT5',
        }),
      ),
    ).toBe('Offline — Conexão recusada pelo agente MT5');
    expect(terminalTexto(cliente({ terminal_status: 'missing_ip' }))).toBe('Sem IP');
  });

  it('writes the differences with their sign, none as null', () => {
    const linha = (terminal: number | null, custodia: number | null) =>
      ({ diferenca_terminal: terminal, diferenca_custodia: custodia }) as LinhaConciliacao;
    expect(diferencas(linha(-100, 1200))).toBe('terminal −100 · custódia +1.200');
    expect(diferencas(linha(null, 0))).toBeNull();
  });

  it('keeps the divergent clients on demand, and counts each state', () => {
    const todos = [
      cliente({ cliente: 1, situacao: 'divergente' }),
      cliente({ cliente: 2 }),
      cliente({ cliente: 3, situacao: 'sem_terminal' }),
      cliente({ cliente: 4, situacao: 'sem_terminal' }),
    ];
    expect(clientesMostrados(todos, true).map((c) => c.cliente)).toEqual([1]);
    expect(clientesMostrados(todos, false)).toHaveLength(4);
    expect(resumoDosClientes(todos)).toBe('4 clientes: 1 conferem, 1 divergentes, 2 sem terminal.');
    expect([semClientes(true, true), semClientes(false, true), semClientes(false, false)]).toEqual([
      'Carregando...',
      'Nenhuma divergência.',
      'Nenhum cliente.',
    ]);
  });
});
