import type { RowData } from '@tanstack/react-table';
import type { Formato } from '../../lib/planilha';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the generics must match the library's declaration
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Right-aligned, tabular digits: numbers, money, percentages. */
    numeric?: boolean;
    /**
     * Kept in view at the right edge while the rest scrolls sideways (a row's buttons, its status); give such a
     * column a `size` when there are two, so that the second one knows where the first one starts.
     */
    pinRight?: boolean;
    /** How the column's values are exported (default: decimal when numeric, else text). */
    formato?: Formato;
    /** Exported with every decimal place the value has (at least 2). */
    exato?: boolean;
    /** The column's name in a spreadsheet when its header is not text (a tick-all box). */
    titulo?: string;
    /** The exported value when it is not the accessor's (a display column's, a code shown as words). */
    exportar?: (row: TData) => unknown;
  }
}

/** Column metas for the usual kinds of value: numbers right-aligned, each exported with its format. */
export const META = {
  inteiro: { numeric: true, formato: 'inteiro' },
  decimal: { numeric: true, formato: 'decimal' },
  dinheiro: { numeric: true, formato: 'dinheiro' },
  percentual: { numeric: true, formato: 'percentual' },
  data: { formato: 'data' },
  /** An instant, exported as São Paulo's date and time. */
  dataHora: { formato: 'dataHora' },
  simNao: { formato: 'simNao' },
} as const satisfies Record<string, { numeric?: boolean; formato: Formato }>;
