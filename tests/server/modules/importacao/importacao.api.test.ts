import { asc, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, custodias, importLotes, patrimonios } from '../../../../server/db/schema';
import { startTestServer, TEST_USER, type TestServer } from '../../../support/test-server';
import {
  buildWorkbook,
  CUSTODIA,
  encryptedWorkbook,
  hiddenEntryBomb,
  PATRIMONIO,
  standardWorkbook,
  zipBomb,
} from './workbooks';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await server.login();
});
afterAll(() => server?.close());

interface Upload {
  tipo?: string;
  data_referencia?: string;
  force?: string;
  file?: Uint8Array | null;
  fileName?: string;
}

function upload({
  tipo = 'auto',
  data_referencia = '2025-01-31',
  force,
  file = standardWorkbook(),
  fileName = 'carteira.xlsx',
}: Upload = {}) {
  const form = new FormData();
  if (tipo) form.set('tipo', tipo);
  if (data_referencia) form.set('data_referencia', data_referencia);
  if (force) form.set('force', force);
  if (file) form.set('arquivo', new Blob([new Uint8Array(file)]), fileName);
  return server.request('/api/importacao/upload/', { method: 'POST', body: form, token });
}

async function counts() {
  const { db } = server.database;
  const [p] = await db.select({ n: count() }).from(patrimonios);
  const [c] = await db.select({ n: count() }).from(custodias);
  const [l] = await db.select({ n: count() }).from(importLotes);
  const [a] = await db.select({ n: count() }).from(auditLog);
  return { patrimonios: p!.n, custodias: c!.n, lotes: l!.n, audit: a!.n };
}

async function clear() {
  const { db } = server.database;
  await db.delete(patrimonios);
  await db.delete(custodias);
  await db.delete(importLotes);
  await db.delete(auditLog);
}

describe('POST /api/importacao/upload/', () => {
  beforeEach(clear);

  it('needs a token', async () => {
    const res = await server.request('/api/importacao/upload/', {
      method: 'POST',
      body: new FormData(),
    });
    expect(res.status).toBe(401);
  });

  it('imports both sheets (auto), stores exact values per lote, and audits who did it', async () => {
    const res = await upload();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      resumo: {
        patrimonio: { linhas: 3, status: 'importado' },
        custodia: { linhas: 4, status: 'importado' },
      },
    });
    const { db } = server.database;
    const lotes = await db.select().from(importLotes).orderBy(asc(importLotes.id));
    expect(
      lotes.map((l) => [l.tipo, l.data_referencia, l.arquivo, l.linhas, l.status, l.username]),
    ).toEqual([
      ['patrimonio', '2025-01-31', 'carteira.xlsx', 3, 'importado', TEST_USER.username],
      ['custodia', '2025-01-31', 'carteira.xlsx', 4, 'importado', TEST_USER.username],
    ]);
    const rows = await db.select().from(patrimonios).orderBy(asc(patrimonios.codigo));
    expect(rows.map((r) => [r.lote_id, r.data_referencia, r.codigo, r.nome, r.patrimonio])).toEqual(
      [
        [lotes[0]!.id, '2025-01-31', '1001', 'Ana Souza', '150000.50'],
        [lotes[0]!.id, '2025-01-31', '1002', 'Bruno Lima', '1234567.89'],
        [lotes[0]!.id, '2025-01-31', '1003', 'Carla Dias', '98765.43'],
      ],
    );
    const custody = await db.select().from(custodias).orderBy(asc(custodias.id));
    expect(
      custody.map((r) => [r.lote_id, r.codigo, r.ativo, r.quantidade, r.preco_medio, r.valor]),
    ).toEqual([
      [lotes[1]!.id, '1001', 'PETR4', '300.0000', '32.1234', '9637.02'],
      [lotes[1]!.id, '1001', 'VALE3', '1000.0000', '65.4321', '65432.10'],
      [lotes[1]!.id, '1002', 'ITUB4', '50.0000', null, null],
      [lotes[1]!.id, '1003', 'BBAS3', '200.0000', '27.5000', '5500.00'],
    ]);
    const audits = await db.select().from(auditLog).orderBy(asc(auditLog.id));
    expect(audits.map((a) => [a.username, a.action, a.entity, a.entity_id])).toEqual([
      [TEST_USER.username, 'importar', 'patrimonio', String(lotes[0]!.id)],
      [TEST_USER.username, 'importar', 'custodia', String(lotes[1]!.id)],
    ]);
    expect(audits[0]!.after).toMatchObject({
      arquivo: 'carteira.xlsx',
      aba: 'Patrimônio',
      linhas: 3,
    });
  });

  it('imports a legacy .xls file', async () => {
    const res = await upload({ file: standardWorkbook('biff8'), fileName: 'CARTEIRA.XLS' });
    expect(res.status).toBe(200);
    expect((await counts()).patrimonios).toBe(3);
  });

  it('answers ausente for a sheet the file lacks', async () => {
    const res = await upload({ file: buildWorkbook({ Custodia: CUSTODIA }) });
    expect(await res.json()).toEqual({
      resumo: {
        patrimonio: { linhas: 0, status: 'ausente' },
        custodia: { linhas: 4, status: 'importado' },
      },
    });
    expect(await counts()).toMatchObject({ patrimonios: 0, custodias: 4, lotes: 1 });
  });

  it('imports a single type, leaving the other sheet alone', async () => {
    const res = await upload({ tipo: 'patrimonio' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ linhas: 3, status: 'importado' });
    expect(await counts()).toMatchObject({ patrimonios: 3, custodias: 0, lotes: 1 });
  });

  it('answers 409 when that date was imported, then replaces it all with force=true', async () => {
    expect((await upload()).status).toBe(200);
    const before = await counts();
    const again = await upload({
      file: buildWorkbook({ Patrimônio: PATRIMONIO.slice(0, 2), Custódia: CUSTODIA }),
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      detail:
        'Já existem dados de Patrimônio e Custódia para 31/01/2025. Confirme para sobrescrever.',
    });
    expect(await counts()).toEqual(before);

    const forced = await upload({
      force: 'true',
      file: buildWorkbook({ Patrimônio: PATRIMONIO.slice(0, 2), Custódia: CUSTODIA }),
    });
    expect(forced.status).toBe(200);
    expect(await forced.json()).toEqual({
      resumo: {
        patrimonio: { linhas: 1, status: 'sobrescrito' },
        custodia: { linhas: 4, status: 'sobrescrito' },
      },
    });
    expect(await counts()).toEqual({ patrimonios: 1, custodias: 4, lotes: 4, audit: 4 });
    const { db } = server.database;
    const [last] = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(last).toMatchObject({
      action: 'sobrescrever',
      entity: 'custodia',
      before: { linhas: 4 },
    });
  });

  it('marks the lotes an overwrite replaced, pointing at the lote that now holds the rows', async () => {
    const { db } = server.database;
    expect((await upload()).status).toBe(200);
    expect((await upload({ force: 'true', tipo: 'custodia' })).status).toBe(200);
    expect((await upload({ force: 'true' })).status).toBe(200);
    const lotes = await db.select().from(importLotes).orderBy(asc(importLotes.id));
    const [, , c2, p3, c3] = lotes.map((l) => l.id);
    expect(
      lotes.map((l) => [l.tipo, l.linhas, l.status, l.substituido_por, l.substituido_em !== null]),
    ).toEqual([
      ['patrimonio', 3, 'importado', p3, true],
      ['custodia', 4, 'importado', c2, true],
      ['custodia', 4, 'sobrescrito', c3, true],
      ['patrimonio', 3, 'sobrescrito', null, false],
      ['custodia', 4, 'sobrescrito', null, false],
    ]);
    // The rows are all the current lotes'; no replaced lote holds any.
    const held = async (table: typeof patrimonios | typeof custodias) =>
      (await db.select({ lote: table.lote_id }).from(table)).map((r) => r.lote);
    expect(new Set(await held(patrimonios))).toEqual(new Set([p3]));
    expect(new Set(await held(custodias))).toEqual(new Set([c3]));
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_id, String(c3)));
    expect(audit!.before).toEqual({ data_referencia: '2025-01-31', linhas: 4, lotes: [c2] });
  });

  it('replaces a lote that holds no rows without asking: the new lote holds the sheet for that date', async () => {
    const { db } = server.database;
    const empty = buildWorkbook({ Patrimônio: [['Código', 'Patrimônio']] });
    expect(await (await upload({ tipo: 'patrimonio', file: empty })).json()).toEqual({
      linhas: 0,
      status: 'importado',
    });
    expect(await (await upload({ tipo: 'patrimonio' })).json()).toEqual({
      linhas: 3,
      status: 'importado',
    });
    const lotes = await db.select().from(importLotes).orderBy(asc(importLotes.id));
    expect(lotes.map((l) => [l.linhas, l.substituido_por])).toEqual([
      [0, lotes[1]!.id],
      [3, null],
    ]);
  });

  it('stores a sheet or file name with a character the database refuses, with that character replaced', async () => {
    const res = await upload({
      file: buildWorkbook({ 'Patrim\u0000ônio': PATRIMONIO }, 'biff8'),
      fileName: 'carteira\u0001.xls',
      tipo: 'patrimonio',
    });
    expect(res.status).toBe(200);
    const { db } = server.database;
    const [lote] = await db.select().from(importLotes);
    expect(lote!.arquivo).toBe('carteira\ufffd.xls');
    const [audit] = await db.select().from(auditLog);
    expect(audit!.after).toMatchObject({ aba: 'Patrim\ufffdônio', arquivo: 'carteira\ufffd.xls' });
  });

  it('treats another date, or another type of the same date, as new', async () => {
    expect((await upload({ tipo: 'custodia' })).status).toBe(200);
    const res = await upload({ tipo: 'patrimonio' });
    expect(await res.json()).toEqual({ linhas: 3, status: 'importado' });
    expect((await upload({ data_referencia: '2025-02-28' })).status).toBe(200);
    expect(await counts()).toMatchObject({ patrimonios: 6, custodias: 8 });
  });
});

describe('bad input: 4xx with a detail, nothing stored', () => {
  beforeAll(clear);

  const cases: [string, Upload, number, string | RegExp][] = [
    [
      'wrong extension',
      { fileName: 'carteira.csv' },
      400,
      'Envie um arquivo .xlsx ou .xls (recebido: carteira.csv).',
    ],
    [
      'a renamed non-spreadsheet',
      { file: Buffer.from('Código;Patrimônio\n1;2\n'), fileName: 'carteira.xlsx' },
      400,
      'O arquivo não é uma planilha do Excel (.xlsx ou .xls): o conteúdo não corresponde à extensão.',
    ],
    ['an empty file', { file: new Uint8Array(0) }, 400, 'O arquivo enviado está vazio.'],
    [
      'a corrupt workbook',
      { file: standardWorkbook().subarray(0, 3000) },
      400,
      'A planilha está corrompida ou incompleta e não pôde ser lida.',
    ],
    [
      'neither sheet',
      { file: buildWorkbook({ Plan1: PATRIMONIO }) },
      400,
      'O arquivo não tem aba de Patrimônio nem de Custódia (abas encontradas: Plan1).',
    ],
    [
      'a missing column',
      {
        file: buildWorkbook({
          Patrimônio: [
            ['Código', 'Nome'],
            ['1', 'a'],
          ],
        }),
      },
      400,
      /^Aba 'Patrimônio': coluna obrigatória não encontrada nas primeiras 30 linhas: Patrimônio \(aceitos: /,
    ],
    [
      'a bad number, even with a good sheet beside it',
      {
        file: buildWorkbook({
          Patrimônio: PATRIMONIO,
          Custódia: [
            ['Código', 'Ativo', 'Quantidade'],
            ['1', 'PETR4', 'cem'],
          ],
        }),
      },
      400,
      "Aba 'Custódia', linha 2, coluna Quantidade: 'cem' não é um número.",
    ],
    [
      'a bad date',
      { data_referencia: '2025-02-30' },
      400,
      'Campo data_referencia: Informe uma data de referência válida (aaaa-mm-dd).',
    ],
    [
      'a date in another format',
      { data_referencia: '31/01/2025' },
      400,
      'Campo data_referencia: Informe uma data de referência válida (aaaa-mm-dd).',
    ],
    [
      'no date',
      { data_referencia: '' },
      400,
      'Campo data_referencia: Informe uma data de referência válida (aaaa-mm-dd).',
    ],
    ['an unknown tipo', { tipo: 'tudo' }, 400, 'Campo tipo: Use auto, patrimonio ou custodia.'],
    ['no file', { file: null }, 400, 'Selecione o arquivo (com abas de Patrimônio e Custódia).'],
    [
      'a zip bomb',
      { file: zipBomb() },
      413,
      'A planilha tem uma taxa de compressão suspeita (1024:1) e foi recusada.',
    ],
    [
      'a zip bomb whose directory lies about its sizes',
      { file: zipBomb(25, 8, { lie: true }) },
      413,
      'A planilha descompactada passa do limite de 60 MB.',
    ],
    [
      "the security probe's zip bomb: a header hidden in a stored part, which a record declaring 0 bytes points at",
      { file: hiddenEntryBomb(256) },
      400,
      'A planilha está corrompida ou incompleta e não pôde ser lida.',
    ],
    [
      'a NUL in a cell (PostgreSQL refuses it in text)',
      {
        file: buildWorkbook({
          Patrimônio: PATRIMONIO,
          Custódia: [
            ['Código', 'Ativo', 'Quantidade'],
            ['1001', 'PETR4', 1],
            ['1002', 'VALE\u00003', 2],
          ],
        }),
      },
      400,
      "Aba 'Custódia', linha 3, coluna Ativo: a célula tem um caractere inválido (U+0000); apague-o e envie de novo.",
    ],
    [
      'half a surrogate pair in a client code (PostgreSQL refuses it in JSON)',
      {
        file: buildWorkbook(
          {
            Patrimônio: [
              ['Código', 'Patrimônio'],
              ['10\ud83d', 1],
            ],
          },
          'biff8',
        ),
        fileName: 'carteira.xls',
      },
      400,
      "Aba 'Patrimônio', linha 2, coluna Código do cliente: a célula tem um caractere inválido (U+D83D); apague-o e envie de novo.",
    ],
    ...(
      [
        ['Patrimônio', 'Patrimônio', '10.000.000.000.000.000,00'],
        ['Patrimônio', 'Patrimônio', '9.999.999.999.999.999,995'],
        ['Patrimônio', 'Patrimônio', -1e17],
        ['Custódia', 'Quantidade', '100.000.000.000.000'],
        ['Custódia', 'Preço médio', '99.999.999.999.999,99995'],
        ['Custódia', 'Valor', 1e300],
      ] as const
    ).map(([aba, coluna, value]): [string, Upload, number, string] => [
      `a number past what the ${coluna} column holds: ${value}`,
      {
        file: buildWorkbook({
          [aba]:
            aba === 'Patrimônio'
              ? [
                  ['Código', 'Patrimônio'],
                  ['1', value],
                ]
              : [
                  ['Código', 'Ativo', 'Quantidade', 'Preço médio', 'Valor'],
                  [
                    '1',
                    'PETR4',
                    coluna === 'Quantidade' ? value : 1,
                    coluna === 'Preço médio' ? value : 1,
                    coluna === 'Valor' ? value : 1,
                  ],
                ],
        }),
      },
      400,
      `Aba '${aba}', linha 2, coluna ${coluna}: número grande demais.`,
    ]),
    [
      'a password-protected workbook',
      { file: encryptedWorkbook() },
      400,
      'A planilha está protegida por senha: salve-a sem senha e envie de novo.',
    ],
  ];

  it.each(cases)('%s', async (_, input, status, detail) => {
    const res = await upload(input);
    expect(res.status).toBe(status);
    const body = (await res.json()) as { detail: string };
    if (typeof detail === 'string') expect(body.detail).toBe(detail);
    else expect(body.detail).toMatch(detail);
    expect(await counts()).toEqual({ patrimonios: 0, custodias: 0, lotes: 0, audit: 0 });
  });

  it('answers 413 past the file size limit (10 MB)', async () => {
    const res = await upload({ file: new Uint8Array(10 * 1024 * 1024 + 1) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ detail: 'O arquivo passa do limite de 10 MB.' });
    expect((await counts()).lotes).toBe(0);
  });

  it('stores the largest numbers the columns hold, exactly', async () => {
    const res = await upload({
      file: buildWorkbook({
        Patrimônio: [
          ['Código', 'Patrimônio'],
          ['1', '9.999.999.999.999.999,99'],
          ['2', '-9.999.999.999.999.999,994'],
        ],
        Custódia: [
          ['Código', 'Ativo', 'Quantidade', 'Preço médio', 'Valor'],
          ['1', 'PETR4', '99.999.999.999.999,9999', '99.999.999.999.999,99994', 1e-300],
        ],
      }),
    });
    expect(res.status).toBe(200);
    const { db } = server.database;
    const rows = await db.select().from(patrimonios).orderBy(asc(patrimonios.codigo));
    expect(rows.map((r) => r.patrimonio)).toEqual(['9999999999999999.99', '-9999999999999999.99']);
    const [custody] = await db.select().from(custodias);
    expect([custody!.quantidade, custody!.preco_medio, custody!.valor]).toEqual([
      '99999999999999.9999',
      '99999999999999.9999',
      '0.00',
    ]);
    await clear();
  });

  it('refuses a JSON body', async () => {
    const res = await server.request('/api/importacao/upload/', {
      method: 'POST',
      token,
      json: { tipo: 'auto', data_referencia: '2025-01-31' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      detail: 'Envie o formulário como multipart/form-data, com o arquivo no campo arquivo.',
    });
  });
});
