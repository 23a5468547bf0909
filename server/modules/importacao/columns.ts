import { normalizeLabel } from './cells';

export type TipoPlanilha = 'patrimonio' | 'custodia';

export type Campo =
  'codigo' | 'nome' | 'patrimonio' | 'ativo' | 'quantidade' | 'preco_medio' | 'valor';

interface Coluna {
  campo: Campo;
  /** How the column is called in messages. */
  rotulo: string;
  obrigatoria: boolean;
  /** Normalised header texts, strongest first: a column goes to the field whose best synonym it matches. */
  sinonimos: string[];
}

const codigo: Coluna = {
  campo: 'codigo',
  rotulo: 'Código do cliente',
  obrigatoria: true,
  sinonimos: [
    'codigo do cliente',
    'codigo cliente',
    'cod cliente',
    'codigo xp',
    'codigo',
    'cod',
    'conta',
    'conta xp',
    'numero da conta',
    'n da conta',
    'cliente',
  ],
};

const nome: Coluna = {
  campo: 'nome',
  rotulo: 'Nome',
  obrigatoria: false,
  sinonimos: ['nome', 'nome do cliente', 'nome cliente', 'cliente'],
};

export const SHEETS: Record<TipoPlanilha, { rotulo: string; marcador: string; colunas: Coluna[] }> =
  {
    patrimonio: {
      rotulo: 'Patrimônio',
      marcador: 'patrim',
      colunas: [
        codigo,
        {
          campo: 'patrimonio',
          rotulo: 'Patrimônio',
          obrigatoria: true,
          sinonimos: [
            'patrimonio',
            'patrimonio total',
            'pl',
            'pl total',
            'patrimonio liquido',
            'saldo total',
            'saldo',
          ],
        },
        nome,
      ],
    },
    custodia: {
      rotulo: 'Custódia',
      marcador: 'cust',
      colunas: [
        codigo,
        {
          campo: 'ativo',
          rotulo: 'Ativo',
          obrigatoria: true,
          sinonimos: [
            'ativo',
            'ticker',
            'papel',
            'codigo do ativo',
            'codigo ativo',
            'cod ativo',
            'acao',
          ],
        },
        {
          campo: 'quantidade',
          rotulo: 'Quantidade',
          obrigatoria: true,
          sinonimos: ['quantidade', 'qtd', 'qtde', 'quant', 'quantidade total', 'qtd total'],
        },
        {
          campo: 'preco_medio',
          rotulo: 'Preço médio',
          obrigatoria: false,
          sinonimos: ['preco medio', 'pm', 'custo medio', 'preco medio de compra'],
        },
        {
          campo: 'valor',
          rotulo: 'Valor',
          obrigatoria: false,
          sinonimos: [
            'valor',
            'valor total',
            'valor atual',
            'valor de mercado',
            'financeiro',
            'saldo',
          ],
        },
      ],
    },
  };

export type Mapa = Partial<Record<Campo, number>>;

/**
 * Maps one row's cells to fields. Fields are taken in order (required first), each by the column matching its
 * strongest synonym, so 'Código | Cliente' reads Cliente as the name and 'Cliente | Nome' reads it as the code.
 */
export function mapHeader(tipo: TipoPlanilha, labels: string[]): Mapa {
  const normalized = labels.map(normalizeLabel);
  const taken = new Set<number>();
  const mapa: Mapa = {};
  for (const coluna of SHEETS[tipo].colunas) {
    let best: { col: number; rank: number } | null = null;
    normalized.forEach((label, col) => {
      if (taken.has(col) || !label) return;
      const rank = coluna.sinonimos.indexOf(label);
      if (rank >= 0 && (!best || rank < best.rank)) best = { col, rank };
    });
    if (best) {
      const { col } = best as { col: number };
      mapa[coluna.campo] = col;
      taken.add(col);
    }
  }
  return mapa;
}

export function missingColumns(tipo: TipoPlanilha, mapa: Mapa): Coluna[] {
  return SHEETS[tipo].colunas.filter((c) => c.obrigatoria && mapa[c.campo] === undefined);
}

export function describeColumn(coluna: Coluna): string {
  return `${coluna.rotulo} (aceitos: ${coluna.sinonimos.join(', ')})`;
}
