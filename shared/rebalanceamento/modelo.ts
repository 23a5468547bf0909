import { Decimal } from '../decimal';
import { baseSymbol, fractionalSymbol } from '../legs';

/** A model as the form sends it (after the contract's types): weights and caixa_alvo in percent. */
export interface ModeloEntrada {
  itens: ReadonlyArray<{ ticker: string; peso: number }>;
  caixa_alvo: number;
  faixa: { tipo: string; valor: number };
}

const CEM = new Decimal(100);

/**
 * A well-formed B3 ticker (PETR4, B3SA3, TAEE11), never a fractional symbol: the one rule of the contract's
 * SIMBOLO_B3, reached through shared/legs (shared/rebalanceamento imports only shared files): the ticker + F is
 * a fractional symbol whose base is the ticker itself exactly when the ticker is well formed.
 */
export const isTicker = (ticker: string) => baseSymbol(fractionalSymbol(ticker)) === ticker;

const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/** The exact decimal, Brazilian style: 99.5 → '99,5'. */
const texto = (d: Decimal) => d.toFixed().replace('.', ',');

function checkItens(modelo: ModeloEntrada, campos: Record<string, string>): Decimal | null {
  if (!modelo.itens.length) {
    campos.itens = 'Inclua ao menos uma ação no modelo.';
    return null;
  }
  const vistos = new Set<string>();
  let soma: Decimal | null = new Decimal(0);
  modelo.itens.forEach((item, i) => {
    if (typeof item.ticker !== 'string' || !isTicker(item.ticker)) {
      campos[`itens.${i}.ticker`] = 'Informe um ticker da B3, como PETR4.';
    } else if (vistos.has(item.ticker)) {
      campos[`itens.${i}.ticker`] = `${item.ticker} já está no modelo.`;
    }
    vistos.add(item.ticker);
    if (!finite(item.peso) || item.peso <= 0) {
      campos[`itens.${i}.peso`] = 'O peso deve ser maior que zero.';
      soma = null;
    } else if (item.peso > 100) {
      campos[`itens.${i}.peso`] = 'O peso deve ser no máximo 100 %.';
      soma = null;
    } else if (soma) {
      soma = soma.plus(item.peso);
    }
  });
  return soma;
}

/**
 * A model's own rules (issue 33), each failure keyed by its field (`campos`, Portuguese messages; null when the
 * model is valid): at least one stock; tickers well formed and unique; each weight above 0 and at most 100 %;
 * caixa_alvo between 0 and 100 %; weights plus caixa_alvo exactly 100 (compared as decimals, so 33.33 + 33.33 +
 * 33.34 is 100 and 99.999 is not); a band absoluta or relativa, its value above 0.
 */
export function validateModelo(modelo: ModeloEntrada): Record<string, string> | null {
  const campos: Record<string, string> = {};
  const pesos = checkItens(modelo, campos);
  const caixaOk = finite(modelo.caixa_alvo) && modelo.caixa_alvo >= 0 && modelo.caixa_alvo <= 100;
  if (!caixaOk) campos.caixa_alvo = 'O caixa-alvo deve estar entre 0 e 100 %.';
  if (pesos && caixaOk) {
    const soma = pesos.plus(modelo.caixa_alvo);
    if (!soma.equals(CEM)) {
      campos.itens = `Os pesos e o caixa-alvo somam ${texto(soma)} %; devem somar exatamente 100 %.`;
    }
  }
  if (modelo.faixa?.tipo !== 'absoluta' && modelo.faixa?.tipo !== 'relativa') {
    campos['faixa.tipo'] = 'Escolha a faixa absoluta ou relativa.';
  }
  if (!finite(modelo.faixa?.valor) || modelo.faixa.valor <= 0) {
    campos['faixa.valor'] = 'A faixa deve ser maior que zero.';
  }
  return Object.keys(campos).length ? campos : null;
}
