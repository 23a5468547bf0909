import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { ImportError } from '../../../../server/modules/importacao/file-check';
import { DEFAULT_LIMITS } from '../../../../server/modules/importacao/limits';
import { parseWorkbook, type ParseOptions } from '../../../../server/modules/importacao/parser';
import {
  buildWorkbook,
  CUSTODIA,
  encryptedWorkbook,
  PATRIMONIO,
  standardWorkbook,
} from './workbooks';

const BOTH: ParseOptions = { ...DEFAULT_LIMITS, tipos: ['patrimonio', 'custodia'], maxRows: 1000 };

function rejection(fn: () => unknown): ImportError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ImportError);
    return err as ImportError;
  }
  throw new Error('expected an ImportError');
}

const EXPECTED_PATRIMONIO = [
  { codigo: '1001', nome: 'Ana Souza', patrimonio: '150000.50' },
  { codigo: '1002', nome: 'Bruno Lima', patrimonio: '1234567.89' },
  { codigo: '1003', nome: 'Carla Dias', patrimonio: '98765.43' },
];

const EXPECTED_CUSTODIA = [
  {
    codigo: '1001',
    ativo: 'PETR4',
    quantidade: '300.0000',
    preco_medio: '32.1234',
    valor: '9637.02',
  },
  {
    codigo: '1001',
    ativo: 'VALE3',
    quantidade: '1000.0000',
    preco_medio: '65.4321',
    valor: '65432.10',
  },
  { codigo: '1002', ativo: 'ITUB4', quantidade: '50.0000', preco_medio: null, valor: null },
  {
    codigo: '1003',
    ativo: 'BBAS3',
    quantidade: '200.0000',
    preco_medio: '27.5000',
    valor: '5500.00',
  },
];

describe('parseWorkbook: both sheets', () => {
  it.each(['xlsx', 'biff8'] as const)(
    'reads a %s workbook: numeric cells and pt-BR text numbers, exact decimals',
    (bookType) => {
      const result = parseWorkbook(standardWorkbook(bookType), BOTH);
      expect(result.patrimonio).toEqual({ aba: 'Patrimônio', rows: EXPECTED_PATRIMONIO });
      expect(result.custodia).toEqual({ aba: 'Custódia', rows: EXPECTED_CUSTODIA });
    },
  );

  it('reads only the requested type', () => {
    const result = parseWorkbook(standardWorkbook(), { ...BOTH, tipos: ['custodia'] });
    expect(result).toEqual({
      abas: ['Patrimônio', 'Custódia'],
      custodia: { aba: 'Custódia', rows: EXPECTED_CUSTODIA },
    });
  });
});

describe('parseWorkbook: one sheet', () => {
  it('marks the missing sheet as null in auto mode', () => {
    const result = parseWorkbook(buildWorkbook({ PATRIMONIO: PATRIMONIO }), BOTH);
    expect(result.patrimonio?.rows).toEqual(EXPECTED_PATRIMONIO);
    expect(result.custodia).toBeNull();
  });

  it('refuses a single type whose sheet is missing, naming the sheets found', () => {
    const err = rejection(() =>
      parseWorkbook(buildWorkbook({ Custodia: CUSTODIA }), { ...BOTH, tipos: ['patrimonio'] }),
    );
    expect(err.status).toBe(400);
    expect(err.detail).toBe('O arquivo não tem aba de Patrimônio (abas encontradas: Custodia).');
  });

  it('reads nulls and the sheet names instead of refusing when asked to (the caller combines sheets)', () => {
    const result = parseWorkbook(buildWorkbook({ Plan1: PATRIMONIO, Plan2: [['x']] }), {
      ...BOTH,
      tipos: ['custodia'],
      allowMissing: true,
    });
    expect(result).toEqual({ abas: ['Plan1', 'Plan2'], custodia: null });
  });

  it('refuses a workbook with neither sheet', () => {
    const err = rejection(() => parseWorkbook(buildWorkbook({ Plan1: PATRIMONIO }), BOTH));
    expect(err.detail).toBe(
      'O arquivo não tem aba de Patrimônio nem de Custódia (abas encontradas: Plan1).',
    );
  });
});

describe('sheet and header detection', () => {
  it('finds sheets by name regardless of case, accents and extra words', () => {
    const result = parseWorkbook(
      buildWorkbook({
        Resumo: [['x']],
        ' PATRIMONIO 31-01 ': PATRIMONIO,
        'posição custódia': CUSTODIA,
      }),
      BOTH,
    );
    expect(result.patrimonio?.aba).toBe(' PATRIMONIO 31-01 ');
    expect(result.custodia?.aba).toBe('posição custódia');
  });

  it('prefers a visible sheet over a hidden one', () => {
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['nada']]), 'Patrimônio antigo');
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(PATRIMONIO), 'Patrimônio');
    wb.Workbook = { Sheets: [{ name: 'Patrimônio antigo', Hidden: 1 }, { name: 'Patrimônio' }] };
    const buf = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    expect(parseWorkbook(buf, BOTH).patrimonio?.rows).toEqual(EXPECTED_PATRIMONIO);
  });

  it('accepts header synonyms in any case, accents and spacing', () => {
    const buf = buildWorkbook({
      Patrimonio: [
        ['  CONTA ', 'nome do cliente', 'PL (R$)'],
        ['55', 'Davi', '10,5'],
      ],
      Custodia: [
        ['Cliente', 'Papel', 'Qtd.', 'PM', 'Valor Total'],
        ['55', 'wege3', 10, '40,00', '400'],
      ],
    });
    const result = parseWorkbook(buf, BOTH);
    expect(result.patrimonio?.rows).toEqual([{ codigo: '55', nome: 'Davi', patrimonio: '10.50' }]);
    expect(result.custodia?.rows).toEqual([
      {
        codigo: '55',
        ativo: 'WEGE3',
        quantidade: '10.0000',
        preco_medio: '40.0000',
        valor: '400.00',
      },
    ]);
  });

  it("reads 'Código | Cliente' as code and name, and 'Cliente | Nome' as code and name", () => {
    const a = parseWorkbook(
      buildWorkbook({
        Patrimônio: [
          ['Código', 'Cliente', 'Saldo Total'],
          ['7', 'Eva', 1],
        ],
      }),
      BOTH,
    );
    const b = parseWorkbook(
      buildWorkbook({
        Patrimônio: [
          ['Cliente', 'Nome', 'Patrimônio Total'],
          ['7', 'Eva', 1],
        ],
      }),
      BOTH,
    );
    expect(a.patrimonio?.rows).toEqual([{ codigo: '7', nome: 'Eva', patrimonio: '1.00' }]);
    expect(b.patrimonio?.rows).toEqual(a.patrimonio?.rows);
  });

  it('skips title rows above the header, blank rows, section rows and total rows', () => {
    const buf = buildWorkbook({
      Patrimônio: [
        ['Relatório de Patrimônio — XP Investimentos'],
        ['Data base: 31/01/2025'],
        [],
        ['Código', 'Nome', 'Patrimônio'],
        ['Assessor: João'],
        ['1001', 'Ana', '100'],
        [],
        [null, 'Carteira moderada', null],
        ['1002', 'Bia', 200],
        ['Total', null, 300],
        [null, null, 300],
      ],
    });
    expect(parseWorkbook(buf, BOTH).patrimonio?.rows).toEqual([
      { codigo: '1001', nome: 'Ana', patrimonio: '100.00' },
      { codigo: '1002', nome: 'Bia', patrimonio: '200.00' },
    ]);
  });
});

describe('merged cells', () => {
  it('fills a merged client code down over its custody rows, and reads a merged header', () => {
    const buf = buildWorkbook({
      Custódia: {
        rows: [
          ['Posição de custódia', null, null],
          ['Código', 'Ativo', 'Quantidade'],
          ['2001', 'PETR4', 100],
          [null, 'VALE3', 200],
          [null, 'ITUB4', 300],
          ['2002', 'ABEV3', 400],
        ],
        merges: [
          { s: { r: 0, c: 0 }, e: { r: 0, c: 2 } },
          { s: { r: 2, c: 0 }, e: { r: 4, c: 0 } },
        ],
      },
    });
    expect(
      parseWorkbook(buf, BOTH).custodia?.rows.map((r) => [r.codigo, r.ativo, r.quantidade]),
    ).toEqual([
      ['2001', 'PETR4', '100.0000'],
      ['2001', 'VALE3', '200.0000'],
      ['2001', 'ITUB4', '300.0000'],
      ['2002', 'ABEV3', '400.0000'],
    ]);
  });
});

describe('bad content: a 400 naming the sheet, column and row', () => {
  it('names the missing required columns and what they may be called', () => {
    const err = rejection(() =>
      parseWorkbook(
        buildWorkbook({
          Patrimônio: [
            ['Código', 'Nome', 'Valor'],
            ['1', 'a', 2],
          ],
        }),
        BOTH,
      ),
    );
    expect(err.status).toBe(400);
    expect(err.detail).toBe(
      "Aba 'Patrimônio': coluna obrigatória não encontrada nas primeiras 30 linhas: " +
        'Patrimônio (aceitos: patrimonio, patrimonio total, pl, pl total, patrimonio liquido, saldo total, saldo).',
    );
  });

  it('names every missing column of an empty sheet', () => {
    const err = rejection(() => parseWorkbook(buildWorkbook({ Custódia: [[]] }), BOTH));
    expect(err.detail).toMatch(
      /^Aba 'Custódia': colunas obrigatórias não encontradas .*Código do cliente .*; Ativo .*; Quantidade /,
    );
  });

  it.each([
    ['abc', "Aba 'Patrimônio', linha 3, coluna Patrimônio: 'abc' não é um número."],
    ['1.234,56,7', "Aba 'Patrimônio', linha 3, coluna Patrimônio: '1.234,56,7' não é um número."],
    [true, "Aba 'Patrimônio', linha 3, coluna Patrimônio: 'true' não é um número."],
    [1e20, "Aba 'Patrimônio', linha 3, coluna Patrimônio: número grande demais."],
  ])('refuses a bad number %j with its row', (value, detail) => {
    const rows = [
      ['Código', 'Nome', 'Patrimônio'],
      ['1', 'a', 1],
      ['2', 'b', value],
    ];
    const err = rejection(() => parseWorkbook(buildWorkbook({ Patrimônio: rows }), BOTH));
    expect(err.detail).toBe(detail);
  });

  it('refuses an empty required value in a data row', () => {
    const rows = [
      ['Código', 'Ativo', 'Quantidade'],
      ['1', 'PETR4', null],
    ];
    const err = rejection(() => parseWorkbook(buildWorkbook({ Custódia: rows }), BOTH));
    expect(err.detail).toBe("Aba 'Custódia', linha 2, coluna Quantidade: valor vazio.");
  });

  it('refuses an Excel error value in a number column', () => {
    const ws = XLSX.utils.aoa_to_sheet([
      ['Código', 'Patrimônio'],
      ['1', 0],
    ]);
    ws['B2'] = { t: 'e', v: 0x07 };
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, ws, 'Patrimônio');
    const buf = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    expect(rejection(() => parseWorkbook(buf, BOTH)).detail).toBe(
      "Aba 'Patrimônio', linha 2, coluna Patrimônio: '#DIV/0!' não é um número.",
    );
  });

  it('refuses a client code repeated in the patrimony sheet', () => {
    const rows = [
      ['Código', 'Patrimônio'],
      ['9', 1],
      ['8', 2],
      [9, 3],
    ];
    const err = rejection(() => parseWorkbook(buildWorkbook({ Patrimônio: rows }), BOTH));
    expect(err.detail).toBe("Aba 'Patrimônio', linha 4: o código 9 já aparece na linha 2.");
  });

  it('refuses more data rows than the limit, reading no further than needed', () => {
    const rows = [['Código', 'Patrimônio'], ...Array.from({ length: 11 }, (_, i) => [`c${i}`, i])];
    const buf = buildWorkbook({ Patrimônio: rows });
    expect(parseWorkbook(buf, { ...BOTH, maxRows: 11 }).patrimonio?.rows).toHaveLength(11);
    const err = rejection(() => parseWorkbook(buf, { ...BOTH, maxRows: 10 }));
    expect(err.detail).toBe("Aba 'Patrimônio': passa do limite de 10 linhas de dados.");
  });
});

describe('row limit: no row is cut silently', () => {
  // Blank and total rows counted towards what the reader read, but not towards the data-row limit: past the
  // reader's cap, the rest of a sheet was dropped without a word.
  const sparse = (dataRows: number, gap: number) => {
    const rows: unknown[][] = [['Código', 'Patrimônio']];
    for (let i = 0; i < dataRows; i++) {
      rows.push([`c${i}`, i]);
      for (let g = 0; g < gap; g++) rows.push(g % 2 ? ['Subtotal', i] : []);
    }
    return buildWorkbook({ Patrimônio: rows });
  };
  const opts = { ...BOTH, maxRows: 10, headerScanRows: 5 };

  it('reads every data row of a sheet whose blank and total rows run far past the data-row limit', () => {
    const rows = parseWorkbook(sparse(10, 6), opts).patrimonio?.rows;
    expect(rows?.map((r) => r.codigo)).toEqual(Array.from({ length: 10 }, (_, i) => `c${i}`));
  });

  it('refuses a sheet whose data rows pass the limit after blank and total rows, naming the limit', () => {
    const err = rejection(() => parseWorkbook(sparse(11, 6), opts));
    expect(err.status).toBe(400);
    expect(err.detail).toBe("Aba 'Patrimônio': passa do limite de 10 linhas de dados.");
  });
});

describe('characters the database refuses: a 400 naming the sheet, row and column, nothing read', () => {
  const invalid = (line: number, coluna: string, code: string) =>
    `Aba 'Patrimônio', linha ${line}, coluna ${coluna}: a célula tem um caractere inválido (${code}); apague-o e envie de novo.`;

  it.each(['xlsx', 'biff8'] as const)('refuses a NUL in a name (%s)', (bookType) => {
    const rows = [
      ['Código', 'Nome', 'Patrimônio'],
      ['1', 'Ana', 1],
      ['2', 'Bi\u0000a', 2],
    ];
    const err = rejection(() => parseWorkbook(buildWorkbook({ Patrimônio: rows }, bookType), BOTH));
    expect(err.status).toBe(400);
    expect(err.detail).toBe(invalid(3, 'Nome', 'U+0000'));
  });

  it.each([
    ['\u0000', 'U+0000'],
    ['\u0001', 'U+0001'],
    ['\u001b', 'U+001B'],
    ['\u007f', 'U+007F'],
    ['\ud800', 'U+D800'],
    ['\udc00', 'U+DC00'],
  ])('refuses %j in a client code (biff8 keeps even half a surrogate pair)', (char, code) => {
    const rows = [
      ['Código', 'Patrimônio'],
      [`10${char}01`, 1],
    ];
    const buf = buildWorkbook({ Patrimônio: rows }, 'biff8');
    expect(rejection(() => parseWorkbook(buf, BOTH)).detail).toBe(
      invalid(2, 'Código do cliente', code),
    );
  });

  it('refuses a control character in a ticker, and shows it replaced in a bad number', () => {
    const ticker = rejection(() =>
      parseWorkbook(
        buildWorkbook({
          Custódia: [
            ['Código', 'Ativo', 'Quantidade'],
            ['1', 'PETR4\u0000', 1],
          ],
        }),
        BOTH,
      ),
    );
    expect(ticker.detail).toBe(
      "Aba 'Custódia', linha 2, coluna Ativo: a célula tem um caractere inválido (U+0000); apague-o e envie de novo.",
    );
    const number = rejection(() =>
      parseWorkbook(
        buildWorkbook({
          Custódia: [
            ['Código', 'Ativo', 'Quantidade'],
            ['1', 'PETR4', '1\u00002'],
          ],
        }),
        BOTH,
      ),
    );
    expect(number.detail).toBe(
      "Aba 'Custódia', linha 2, coluna Quantidade: '1\ufffd2' não é um número.",
    );
  });

  it('keeps line breaks and tabs (read as spaces) and characters beyond the basic plane', () => {
    const rows = [
      ['Código', 'Nome', 'Patrimônio'],
      ['1', 'Ana\nSouza\t😀', 1],
    ];
    expect(parseWorkbook(buildWorkbook({ Patrimônio: rows }), BOTH).patrimonio?.rows).toEqual([
      { codigo: '1', nome: 'Ana Souza 😀', patrimonio: '1.00' },
    ]);
  });
});

describe('unreadable files', () => {
  it('refuses a password-protected workbook', () => {
    expect(rejection(() => parseWorkbook(encryptedWorkbook(), BOTH)).detail).toBe(
      'A planilha está protegida por senha: salve-a sem senha e envie de novo.',
    );
  });

  it('refuses a truncated workbook as corrupt', () => {
    const buf = standardWorkbook().subarray(0, 2000);
    expect(rejection(() => parseWorkbook(buf, BOTH)).detail).toBe(
      'A planilha está corrompida ou incompleta e não pôde ser lida.',
    );
  });
});
