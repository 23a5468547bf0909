import { apurarIr, darfIr, mesIr } from '../../../shared/ir';
import type { Classe, EntradaIr, MesIrDetalhado, OperacaoIr } from '../../../shared/ir';

/** Trades for the tests: `compra('2026-03-02', 'PETR4', 100, '30.00', '2.50')`. */
let seq = 0;
const trade =
  (lado: OperacaoIr['lado']) =>
  (
    data: string,
    ticker: string,
    quantidade: number,
    preco: string,
    custos = '0',
    classe: Classe = 'acao',
  ): OperacaoIr => ({ id: ++seq, data, ticker, classe, lado, quantidade, preco, custos });

export const compra = trade('compra');
export const venda = trade('venda');

/** A buy on the month's 2nd and its sale on the 10th (no costs): a common operation. */
export const giro = (
  mes: string,
  ticker: string,
  classe: Classe,
  quantidade: number,
  precoCompra: string,
  precoVenda: string,
): OperacaoIr[] => [
  compra(`${mes}-02`, ticker, quantidade, precoCompra, '0', classe),
  venda(`${mes}-10`, ticker, quantidade, precoVenda, '0', classe),
];

export const entrada = (operacoes: OperacaoIr[], mais: Partial<EntradaIr> = {}): EntradaIr => ({
  operacoes,
  ...mais,
});

/** The month in detail and its DARF, computed through that month. */
export function mes(e: EntradaIr, m: string): MesIrDetalhado {
  return mesIr(apurarIr(e, m), m);
}

export function darf(e: EntradaIr, m: string) {
  return darfIr(apurarIr(e, m), m);
}

/** The month's figures that the examples state, for one toMatchObject. */
export const figuras = (m: MesIrDetalhado) => ({
  vendas_acoes: m.vendas_acoes,
  isento: m.isento,
  imposto: m.imposto,
  irrf: m.irrf,
  darf_valor: m.darf_valor,
  situacao: m.situacao,
});
