import type { Modelo, ModeloInput } from '../../../contract';
import { Decimal } from '../../../shared/decimal';

/**
 * A model's form (pure): what it holds, the running sum of the weights and caixa-alvo (exactly 100, compared as
 * decimals like the server's validateModelo, so 33,33 + 33,33 + 33,34 is 100), and the body it sends.
 */

type Numero = number | null | undefined;

export interface ModeloValores {
  nome: string;
  itens: Array<{ ticker: string; peso: Numero }>;
  caixa_alvo: Numero;
  faixa: { tipo: 'absoluta' | 'relativa'; valor: Numero };
}

/** A new model starts with one empty line, no cash and a band of 5 points. */
export function valoresDe(modelo: Modelo | null): ModeloValores {
  if (!modelo) {
    return {
      nome: '',
      itens: [{ ticker: '', peso: undefined }],
      caixa_alvo: 0,
      faixa: { tipo: 'absoluta', valor: 5 },
    };
  }
  return {
    nome: modelo.nome,
    itens: modelo.itens.map((i) => ({ ticker: i.ticker, peso: i.peso })),
    caixa_alvo: modelo.caixa_alvo,
    faixa: { ...modelo.faixa },
  };
}

const numero = (n: Numero): n is number => typeof n === 'number' && Number.isFinite(n);

export interface Soma {
  /** Weights plus caixa-alvo; the numbers typed so far (an empty or invalid one counts as 0). */
  total: Decimal;
  pesos: Decimal;
  /** 0: exactly 100; negative: short of 100; positive: above it. */
  diferenca: Decimal;
  exata: boolean;
}

export function somaDe(values: Pick<ModeloValores, 'itens' | 'caixa_alvo'>): Soma {
  const pesos = values.itens.reduce(
    (sum, i) => (numero(i.peso) ? sum.plus(i.peso) : sum),
    new Decimal(0),
  );
  const total = numero(values.caixa_alvo) ? pesos.plus(values.caixa_alvo) : pesos;
  const diferenca = total.minus(100);
  return { total, pesos, diferenca, exata: diferenca.isZero() };
}

/** A percent as the screen writes it: '33,33 %' (the exact decimal, at most 4 places as the model stores). */
export const percentTexto = (d: Decimal) => `${d.toDecimalPlaces(4).toFixed().replace('.', ',')} %`;

/** The running sum's line: 'Soma: 90 % (pesos 80 % + caixa 10 %) — faltam 10 %'. */
export function somaTexto(values: Pick<ModeloValores, 'itens' | 'caixa_alvo'>): string {
  const soma = somaDe(values);
  const caixa = new Decimal(numero(values.caixa_alvo) ? values.caixa_alvo : 0);
  const partes = `Soma: ${percentTexto(soma.total)} (ações ${percentTexto(soma.pesos)} + caixa ${percentTexto(caixa)})`;
  if (soma.exata) return `${partes} — exatamente 100 %`;
  return soma.diferenca.isNegative()
    ? `${partes} — faltam ${percentTexto(soma.diferenca.abs())}`
    : `${partes} — passa de 100 % em ${percentTexto(soma.diferenca)}`;
}

/** The body sent: tickers trimmed and upper-cased, numbers as typed (the contract's schema says what is wrong). */
export function modeloBody(values: ModeloValores): ModeloInput {
  return {
    nome: values.nome.trim(),
    itens: values.itens.map((i) => ({
      ticker: i.ticker.trim().toUpperCase(),
      peso: i.peso as number,
    })),
    caixa_alvo: values.caixa_alvo as number,
    faixa: { tipo: values.faixa.tipo, valor: values.faixa.valor as number },
  };
}

/** The form's field names the server's `campos` may name (`itens.0.peso`, `faixa.valor`, `itens` for the sum). */
export function camposDoModelo(values: Pick<ModeloValores, 'itens'>): string[] {
  return [
    'nome',
    'itens',
    'caixa_alvo',
    'faixa.tipo',
    'faixa.valor',
    ...values.itens.flatMap((_, i) => [`itens.${i}.ticker`, `itens.${i}.peso`]),
  ];
}

/** The band as the list says it: '5 p.p.' or '20 % do alvo'. */
export function faixaTexto(faixa: Modelo['faixa']): string {
  const valor = new Decimal(faixa.valor);
  return faixa.tipo === 'absoluta'
    ? `± ${valor.toFixed().replace('.', ',')} p.p.`
    : `± ${valor.times(100).toFixed().replace('.', ',')} % do alvo`;
}

/** The model's weights in one line: 'PETR4 40 % · VALE3 30 % · caixa 10 %'. */
export function composicaoTexto(modelo: Pick<Modelo, 'itens' | 'caixa_alvo'>): string {
  const itens = modelo.itens.map((i) => `${i.ticker} ${percentTexto(new Decimal(i.peso))}`);
  return [...itens, `caixa ${percentTexto(new Decimal(modelo.caixa_alvo))}`].join(' · ');
}
