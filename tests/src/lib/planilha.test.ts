import * as XLSX from '@e965/xlsx';
import * as fflate from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  cortarTexto,
  LIMITE_DO_EXCEL,
  nomeDoArquivo,
  paraCsv,
  paraXlsx,
  slug,
  type Planilha,
} from '../../../src/lib/planilha';

const planilha: Planilha = {
  titulo: 'Posicionadas',
  colunas: [
    { titulo: 'Ação', formato: 'texto' },
    { titulo: 'Data Compra', formato: 'data' },
    { titulo: 'Preço Unitário', formato: 'dinheiro' },
    { titulo: 'Quantidade', formato: 'inteiro' },
    { titulo: 'Variação (%)', formato: 'percentual' },
    { titulo: 'Valor por Ação', formato: 'dinheiro', exato: true },
    { titulo: 'Cruza médias', formato: 'simNao' },
    { titulo: 'Cliente', formato: 'texto' },
  ],
  linhas: [
    ['PETR4', '2025-03-07', 1234.5, 1500, 12.35, 0.4567, true, 'Ana; "Bia"'],
    ['VALE3', null, -8713.14, 100, -3.1, 2, false, '=HYPERLINK("http://x")'],
    ['WEGE3', '2025-10-29', undefined, null, 4.761904761904762, 18.1818, false, '-1+2'],
  ],
};

describe('file names', () => {
  // 18:30:12 UTC is 15:30:12 in São Paulo.
  const quando = new Date('2026-11-23T18:30:12Z');
  it('say what, where, the filters, whose and when (day and time), slugged without accents', () => {
    expect(slug('Ana Beatriz Conceição')).toBe('ana-beatriz-conceicao');
    expect(nomeDoArquivo({ nome: 'Posicionadas', de: 'Ana Beatriz' }, quando, 'xlsx')).toBe(
      'posicionadas-ana-beatriz-2026-11-23-153012.xlsx',
    );
    expect(nomeDoArquivo({ nome: 'Patrimônio disponível' }, quando, 'csv')).toBe(
      'patrimonio-disponivel-2026-11-23-153012.csv',
    );
    expect(nomeDoArquivo({ nome: 'Clientes', de: '' }, quando, 'csv')).toBe(
      'clientes-2026-11-23-153012.csv',
    );
    expect(
      nomeDoArquivo({ nome: 'Posicionadas', de: 'Nascimento Participações Ltda.' }, quando, 'csv'),
    ).toBe('posicionadas-nascimento-participacoes-ltda-2026-11-23-153012.csv');
    expect(
      nomeDoArquivo(
        {
          nome: 'Posicionadas',
          onde: 'painel',
          filtros: { cliente: 'Ana Beatriz', ação: 'PETR4' },
        },
        quando,
        'xlsx',
      ),
    ).toBe('posicionadas-painel-cliente-ana-beatriz-acao-petr4-2026-11-23-153012.xlsx');
    expect(
      nomeDoArquivo(
        { nome: 'Posicionadas', onde: 'painel', filtros: { cliente: '' } },
        quando,
        'csv',
      ),
    ).toBe('posicionadas-painel-2026-11-23-153012.csv');
  });
});

describe('CSV as a Brazilian Excel opens it', () => {
  const csv = paraCsv(planilha);

  it('is UTF-8 text with a BOM, fields separated by ; and rows by CRLF', () => {
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const bytes = new TextEncoder().encode(csv);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.slice(1).split('\r\n')[0]).toBe(
      'Ação;Data Compra;Preço Unitário;Quantidade;Variação (%);Valor por Ação;Cruza médias;Cliente',
    );
  });

  it('writes numbers as the grid shows them, with a decimal comma and no grouping, dates dd/mm/aaaa, blanks empty', () => {
    const [, ...linhas] = csv.slice(1).trimEnd().split('\r\n');
    expect(linhas).toEqual([
      'PETR4;07/03/2025;1234,50;1500;12,35;0,4567;Sim;"Ana; ""Bia"""',
      // A text that would run as a formula is kept as text; a negative number stays a number.
      'VALE3;;-8713,14;100;-3,10;2,00;Não;"\'=HYPERLINK(""http://x"")"',
      "WEGE3;29/10/2025;;;4,76;18,1818;Não;'-1+2",
    ]);
  });
});

describe('instants (an order’s time) in São Paulo’s time, as the screens show them', () => {
  const ordens: Planilha = {
    titulo: 'Ordens',
    colunas: [{ titulo: 'Data/hora', formato: 'dataHora' }],
    // 17:04:05 UTC is 14:04:05 in São Paulo (UTC−3, no daylight saving time since 2019).
    linhas: [['2025-03-07T17:04:05.123Z'], ['2025-03-08T02:30:00Z']],
  };

  it('CSV: dd/mm/aaaa hh:mm:ss, the date São Paulo’s (02:30 UTC is still the day before there)', () => {
    expect(paraCsv(ordens).slice(1).trimEnd().split('\r\n')).toEqual([
      'Data/hora',
      '07/03/2025 14:04:05',
      '07/03/2025 23:30:00',
    ]);
  });

  it('XLSX: a date and time cell, shown dd/mm/yyyy hh:mm:ss', () => {
    const wb = XLSX.read(paraXlsx(ordens, XLSX), { type: 'array', cellNF: true });
    const ws = wb.Sheets.Ordens!;
    expect([ws.A2?.t, ws.A2?.z, ws.A2?.w]).toEqual([
      'n',
      'dd/mm/yyyy hh:mm:ss',
      '07/03/2025 14:04:05',
    ]);
    expect(ws.A3?.w).toBe('07/03/2025 23:30:00');
  });
});

describe('XLSX with real numbers and dates under pt-BR formats', () => {
  const ler = (opts: XLSX.ParsingOptions = {}) => {
    const wb = XLSX.read(paraXlsx(planilha, XLSX), { type: 'array', cellNF: true, ...opts });
    expect(wb.SheetNames).toEqual(['Posicionadas']);
    return wb.Sheets.Posicionadas!;
  };

  it('freezes the header row when given the zip library, the workbook still read as it was', () => {
    const bytes = paraXlsx(planilha, XLSX, fflate);
    const xml = fflate.strFromU8(fflate.unzipSync(bytes)['xl/worksheets/sheet1.xml']!);
    expect(xml).toContain(
      '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>',
    );
    const ws = XLSX.read(bytes, { type: 'array' }).Sheets.Posicionadas!;
    expect([ws['!ref'], ws.A1?.v]).toEqual(['A1:H4', 'Ação']);
  });

  it('keeps the header as text and every number a number with its format', () => {
    const ws = ler();
    expect(ws['!ref']).toBe('A1:H4');
    expect(ws['!autofilter']).toEqual({ ref: 'A1:H4' });
    expect(['A1', 'B1', 'C1', 'H1'].map((a) => [ws[a]?.t, ws[a]?.v])).toEqual([
      ['s', 'Ação'],
      ['s', 'Data Compra'],
      ['s', 'Preço Unitário'],
      ['s', 'Cliente'],
    ]);
    const cell = (a: string) => ({ t: ws[a]?.t, v: ws[a]?.v, z: ws[a]?.z });
    expect(cell('A2')).toEqual({ t: 's', v: 'PETR4', z: 'General' });
    expect(cell('C2')).toEqual({ t: 'n', v: 1234.5, z: '"R$" #,##0.00' });
    expect(cell('C3')).toEqual({ t: 'n', v: -8713.14, z: '"R$" #,##0.00' });
    expect(cell('D2')).toEqual({ t: 'n', v: 1500, z: '#,##0' });
    // A percentage is a fraction in a spreadsheet: 12,35 % is 0.1235, exactly.
    expect(cell('E2')).toEqual({ t: 'n', v: 0.1235, z: '0.00%' });
    expect(cell('E3')).toEqual({ t: 'n', v: -0.031, z: '0.00%' });
    // The value as the grid computes it (to 10 places of a percentage): only the format rounds to 2.
    expect(cell('E4')).toEqual({ t: 'n', v: 0.047619047619, z: '0.00%' });
    expect(cell('F2')).toEqual({ t: 'n', v: 0.4567, z: '"R$" #,##0.00########' });
    expect(cell('G2')).toEqual({ t: 's', v: 'Sim', z: 'General' });
    // Text is never a formula in XLSX: kept as it was typed.
    expect(cell('H3')).toEqual({ t: 's', v: '=HYPERLINK("http://x")', z: 'General' });
    expect(ws.H3?.f).toBeUndefined();
  });

  it('stores dates as dates (dd/mm/yyyy), whatever the time zone, and leaves blanks empty', () => {
    const ws = ler();
    // 2025-03-07 is day 45723 of the 1900 date system.
    expect([ws.B2?.t, ws.B2?.v, ws.B2?.z]).toEqual(['n', 45723, 'dd/mm/yyyy']);
    expect(ws.B2?.w).toBe('07/03/2025');
    const comoDatas = ler({ cellDates: true, UTC: true });
    expect(comoDatas.B4?.t).toBe('d');
    expect((comoDatas.B4?.v as Date).toISOString().slice(0, 10)).toBe('2025-10-29');
    expect(ws.B3).toBeUndefined();
    expect(ws.C4).toBeUndefined();
    expect(ws.D4).toBeUndefined();
  });
});

describe('texts longer than an Excel cell holds (32,767 characters)', () => {
  it('are cut to the limit, their end marked “…”; shorter ones are kept whole', () => {
    expect(LIMITE_DO_EXCEL).toBe(32_767);
    const cheio = 'a'.repeat(32_767);
    expect(cortarTexto(cheio)).toBe(cheio);
    expect(cortarTexto('')).toBe('');
    const cortado = cortarTexto(`${'b'.repeat(32_766)}cd`);
    expect(cortado).toHaveLength(32_767);
    expect(cortado).toBe(`${'b'.repeat(32_766)}…`);
    expect(cortarTexto('Rejeitada pela corretora', 10)).toBe('Rejeitada…');
  });

  it('never split a character written as two (an emoji at the cut goes whole)', () => {
    // 'ab😀c' is a, b, the emoji's two halves, c: cut to 4, the emoji cannot keep one half.
    expect(cortarTexto('ab😀cd', 4)).toBe('ab…');
    expect(cortarTexto('ab😀cd', 5)).toBe('ab😀…');
  });

  it('an XLSX with a 40,000-character text is written, the cell cut', () => {
    const comentario = 'x'.repeat(40_000);
    const longa: Planilha = {
      titulo: 'Ordens',
      colunas: [
        { titulo: 'Retorno do terminal', formato: 'texto' },
        { titulo: 'Data', formato: 'data' },
      ],
      linhas: [[comentario, comentario]],
    };
    const ws = XLSX.read(paraXlsx(longa, XLSX), { type: 'array' }).Sheets.Ordens!;
    expect(ws.A2?.v).toBe(`${'x'.repeat(32_766)}…`);
    // A text where a date was expected is a text too.
    expect(ws.B2?.v).toBe(`${'x'.repeat(32_766)}…`);
    // The CSV has no such limit: it keeps the whole text.
    expect(paraCsv(longa)).toContain(comentario);
  });
});
