import fs from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { ImportError } from '../../../../server/modules/importacao/file-check';
import { DEFAULT_LIMITS } from '../../../../server/modules/importacao/limits';
import { parseWorkbook, type ParseOptions } from '../../../../server/modules/importacao/parser';

// Real odd workbooks (SheetJS test files, B3 'Área do Investidor' exports): see tests/fixtures/excel/.
const DIR = path.resolve(import.meta.dirname, '../../../fixtures/excel');
const FILES = fs
  .readdirSync(DIR, { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.xlsx?$/.test(f))
  .sort();

const BOTH: ParseOptions = { ...DEFAULT_LIMITS, tipos: ['patrimonio', 'custodia'] };

/** The outcome a user would see: rows read, or the 400 detail. Anything else (a crash) fails the test. */
function outcome(buf: Uint8Array, opts: ParseOptions): string {
  try {
    const result = parseWorkbook(buf, opts);
    return `lidas: ${JSON.stringify(result)}`;
  } catch (err) {
    if (!(err instanceof ImportError)) throw err;
    expect(err.status).toBe(400);
    return err.detail;
  }
}

describe('real odd workbooks', () => {
  it('has them all', () => {
    expect(FILES).toHaveLength(20);
  });

  it.each(FILES)('%s: refused with a clear message (neither sheet)', (file) => {
    const buf = fs.readFileSync(path.join(DIR, file));
    const names = XLSX.read(buf, { bookSheets: true }).SheetNames.join(', ');
    expect(outcome(buf, BOTH)).toBe(
      `O arquivo não tem aba de Patrimônio nem de Custódia (abas encontradas: ${names}).`,
    );
  });

  // Their odd contents (1904 dates, errors, merges, formulas, mixed types, hidden sheets, BIFF5) presented
  // as if they were the sheets wanted: the header search must refuse them cleanly, never crash.
  it.each(FILES)('%s: every sheet, renamed Patrimônio or Custódia, is refused or read', (file) => {
    // sheetRows: the B3 exports claim 1,048,576 rows, which a rewrite would otherwise fill in.
    const original = XLSX.read(fs.readFileSync(path.join(DIR, file)), { sheetRows: 1000 });
    for (const name of original.SheetNames) {
      for (const [tipo, rotulo] of [
        ['patrimonio', 'Patrimônio'],
        ['custodia', 'Custódia'],
      ] as const) {
        const wb = XLSX.utils.book_new();
        XLSX.utils.book_append_sheet(wb, original.Sheets[name]!, rotulo);
        for (const bookType of ['xlsx', 'biff8'] as const) {
          const buf = XLSX.write(wb, { type: 'buffer', bookType }) as Buffer;
          expect(outcome(buf, { ...BOTH, tipos: [tipo] })).toMatch(
            new RegExp(`^(lidas: |Aba '${rotulo}'(, linha \\d+, coluna [^:]+)?: )`),
          );
        }
      }
    }
  });

  it('refuses the B3 Movimentação export as a custody sheet: it has no client code column', () => {
    const original = XLSX.read(
      fs.readFileSync(path.join(DIR, 'b3_area_investidor_movimentacao_test_read.xlsx')),
      { sheetRows: 1000 },
    );
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, original.Sheets['Movimentação']!, 'Custódia');
    const buf = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    expect(outcome(buf, BOTH)).toMatch(
      /^Aba 'Custódia': colunas obrigatórias não encontradas nas primeiras 30 linhas: Código do cliente .*; Ativo /,
    );
  });
});
