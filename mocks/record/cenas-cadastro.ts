import * as XLSX from '@e965/xlsx';
import { endpoints, type Cliente } from '../../contract';
import { todayIso } from '../../shared/dates';
import type { Recorder } from './recorder';

const { auth, cotacoes } = endpoints;

/** A day `n` days before today, on a weekday: the recorded answers live on the demo's calendar (these weeks). */
export function diaUtilAntes(n: number): string {
  const d = new Date(Date.now() - n * 86_400_000);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() - 1);
  return todayIso(d);
}

/** An id no row has: the 404s. */
export const NENHUM = 999_999;

/** Login (its refusals and the lock after too many), logout, the health checks. */
export async function gravarAcesso(r: Recorder, user: { username: string; password: string }) {
  await r.record('health', {});
  await r.record('ready', {});
  await r.record('token-401', { body: { username: user.username, password: 'errada' } });
  const bloqueio = { username: 'qa-bloqueio', password: 'errada' };
  for (let i = 0; i < 20; i++) {
    const res = await r.call(auth.login, { body: bloqueio }, 0).catch((e: Error) => e.message);
    if (typeof res === 'string' && res.includes('got 429')) break;
  }
  await r.record('token-429', { body: bloqueio });
  const outra = (await r.send(auth.login, { body: user })).access;
  r.token = outra;
  await r.record('logout', {});
  r.token = (await r.record('token', { body: user })).access;
}

/** Clients: the list and statuses, one read, a created client edited and deleted, and the refusals. */
export async function gravarClientes(r: Recorder) {
  const demo = await r.record('clientes-list', {});
  // The statuses are measured in the background: recorded once every client has one.
  for (let i = 0; i < 100; i++) {
    if ((await r.send(endpoints.clientes.status, {})).length >= demo.length) break;
    await new Promise((res) => setTimeout(res, 200));
  }
  await r.record('clientes-status', {});
  const ana = demo[0]!;
  await r.record('clientes-get', { params: { id: ana.id } });
  await r.record('clientes-get-404', { params: { id: NENHUM } });
  const input = {
    nome: 'Cliente QA Gravação',
    email: 'qa@example.com',
    documento: '39053344705',
    telefone: '11912345678',
    codigo_xp: '7000001',
    percentual_patrimonio: 10,
    vm: 'VM-QA',
    vm_ip: null,
    vm_private_ip: null,
  };
  await r.record('clientes-create-400', { body: { ...input, email: 'nao-e-um-email' } });
  const novo = await r.record('clientes-create', { body: input });
  const editado = { ...input, nome: 'Cliente QA Gravação (editado)', percentual_patrimonio: 15 };
  await r.record('clientes-update', { params: { id: novo.id }, body: editado });
  await r.record('clientes-update-404', { params: { id: NENHUM }, body: editado });
  await r.record('clientes-delete', { params: { id: novo.id } });
  await r.record('clientes-delete-404', { params: { id: NENHUM } });
  // Ana holds open positions in the demo: her deletion is refused.
  await r.record('clientes-delete-409', { params: { id: ana.id } });
  return demo;
}

/** A client's portfolio: operations (one created, edited, deleted), its summary, proventos, quotes, stocks. */
export async function gravarCarteira(r: Recorder, ana: Cliente) {
  const ops = await r.record('operacoes-list', { query: { cliente: ana.id } });
  await r.record('operacoes-list-404', { query: { cliente: NENHUM } });
  await r.record('resumo', { params: { id: ana.id } });
  await r.record('resumo-404', { params: { id: NENHUM } });
  await r.record('proventos-404', { params: { id: NENHUM } });
  const saldos = {
    ano: 2026,
    prejuizo_comum: 1500,
    prejuizo_day_trade: 0,
    prejuizo_fii: 0,
    irrf_a_compensar: 1.5,
  };
  await r.record('ir-saldos', { params: { id: ana.id }, body: saldos });
  await r.record('ir-saldos-400', {
    params: { id: ana.id },
    body: { ...saldos, prejuizo_comum: -1 },
  });
  await r.record('ir-saldos-404', { params: { id: NENHUM }, body: saldos });
  await r.record('ir-venda-externa', {
    params: { id: ana.id, mes: '2026-03' },
    body: { valor: 5000 },
  });
  await r.record('ir-venda-externa-404', {
    params: { id: NENHUM, mes: '2026-03' },
    body: { valor: 5000 },
  });
  const tickers = [...new Set(ops.map((o) => `${o.acao_nome}.SA`))];
  await r.record('cotacoes-atuais', { body: { tickers } });
  const acoes = await r.record('acoes', {});
  const acao = ops[0]?.acao ?? acoes[0]!.id;
  const nova = {
    cliente: ana.id,
    acao,
    data_compra: diaUtilAntes(20),
    preco_unitario: 10.5,
    quantidade: 100,
    data_venda: null,
    preco_venda_unitario: null,
    valor_alvo: 12,
  };
  await r.record('operacoes-create-400', {
    body: { ...nova, data_venda: diaUtilAntes(30), preco_venda_unitario: 11 },
  });
  const criada = await r.record('operacoes-create', { body: nova });
  const patch = { valor_alvo: 12.5, quantidade: 200 };
  await r.record('operacoes-patch', { params: { id: criada.id }, body: patch });
  await r.record('operacoes-patch-404', { params: { id: NENHUM }, body: patch });
  await r.record('operacoes-delete', { params: { id: criada.id } });
  await r.record('operacoes-delete-404', { params: { id: NENHUM } });
  const ticker = ops[0]?.acao_nome ?? acoes[0]!.ticker;
  // A stock's name, sector and class stated again as they are; a fractional symbol is refused.
  const { empresa, setor } = acoes.find((a) => a.ticker === ticker)!;
  await r.record('acoes-update', { params: { ticker }, body: { empresa, setor, classe: 'acao' } });
  await r.record('acoes-update-400', {
    params: { ticker: `${ticker}F` },
    body: { empresa, setor, classe: 'acao' },
  });
  await r.record('acoes-historico', { params: { ticker }, query: { de: diaUtilAntes(60) } });
  await r.record('acoes-historico-404', { params: { ticker: 'XPTO3' }, query: {} });
  return { ops, acoes };
}

/**
 * Corporate events: a dividend paid to Ana's holding (her proventos then), a split edited, refused twice, deleted.
 */
export async function gravarEventos(r: Recorder, ana: Cliente, acao: number) {
  const dividendo = {
    acao,
    tipo: 'dividendo' as const,
    data_ex: diaUtilAntes(2),
    fator: null,
    valor_por_acao: 0.35,
  };
  const pago = await r.record('eventos-create', { body: dividendo });
  await r.record('eventos-create-409', { body: dividendo });
  await r.record('eventos-create-400', {
    body: { ...dividendo, tipo: 'desdobramento', fator: 0.5, valor_por_acao: null },
  });
  await r.record('proventos', { params: { id: ana.id } });
  const futuro = { acao, tipo: 'desdobramento' as const, data_ex: diaUtilAntes(-30) };
  const split = await r.send(endpoints.eventos.create, {
    body: { ...futuro, fator: 2, valor_por_acao: null },
  });
  await r.record('eventos-update', {
    params: { id: split.id },
    body: { ...futuro, fator: 3, valor_por_acao: null },
  });
  await r.record('eventos-update-404', { params: { id: NENHUM }, body: dividendo });
  await r.record('eventos-update-409', { params: { id: split.id }, body: dividendo });
  await r.record('eventos', { query: {} });
  await r.record('eventos-delete', { params: { id: split.id } });
  await r.record('eventos-delete-404', { params: { id: NENHUM } });
  return pago;
}

/**
 * An event whose adjusted operation was edited afterwards cannot be deleted (recorded last: the split changes
 * every holding of the stock).
 */
export async function gravarEventoAjustado(r: Recorder, cliente: Cliente, acao: number) {
  const op = await r.send(endpoints.operacoes.create, {
    body: {
      cliente: cliente.id,
      acao,
      data_compra: diaUtilAntes(40),
      preco_unitario: 20,
      quantidade: 100,
      data_venda: null,
      preco_venda_unitario: null,
      valor_alvo: 25,
    },
  });
  const split = await r.send(endpoints.eventos.create, {
    body: { acao, tipo: 'desdobramento', data_ex: diaUtilAntes(5), fator: 2, valor_por_acao: null },
  });
  await r.send(endpoints.operacoes.update, { params: { id: op.id }, body: { valor_alvo: 13 } });
  await r.record('eventos-delete-409', { params: { id: split.id } });
}

/** The control panel, recommendations, reconciliation and the spreadsheet import. */
export async function gravarPainel(r: Recorder, ana: Cliente) {
  await r.record('dashboard-rv', {});
  await r.record('patrimonio-disponivel', {});
  await r.record('exposicao', {});
  await r.record('recomendacoes', {});
  await r.record('recomendacoes-recalcular', {});
  await r.record('recomendacoes-disponiveis', { params: { id: ana.id } });
  await r.record('recomendacoes-disponiveis-404', { params: { id: NENHUM } });
  await r.record('conciliacao', {});
  await r.record('conciliacao-cliente', { params: { id: ana.id } });
  await r.record('conciliacao-cliente-404', { params: { id: NENHUM } });

  const data = diaUtilAntes(7);
  const upload = (force: boolean, book = workbook()) => {
    const form = new FormData();
    form.set('tipo', 'auto');
    form.set('data_referencia', data);
    if (force) form.set('force', 'true');
    form.set('arquivo', new Blob([new Uint8Array(book)]), 'carteira-qa.xlsx');
    return form;
  };
  await r.record('importacao-upload-400', { body: upload(false, workbook(false)) });
  await r.record('importacao-upload', { body: upload(false) });
  await r.record('importacao-upload-409', { body: upload(false) });
  await r.record('importacao-upload-force', { body: upload(true) });
}

/** A quote of a stock (the orders' prices). */
export async function cotacao(r: Recorder, ticker: string): Promise<number> {
  const quotes = await r.send(cotacoes.atuais, { body: { tickers: [`${ticker}.SA`] } });
  const price = quotes[`${ticker}.SA`]?.preco_atual;
  if (price === undefined) throw new Error(`no quote for ${ticker}`);
  return price;
}

/** A small workbook with both sheets, as the team's spreadsheets have them (without the Patrimônio column: 400). */
function workbook(complete = true): Buffer {
  const wb = XLSX.utils.book_new();
  const sheet = (rows: unknown[][]) => XLSX.utils.aoa_to_sheet(rows);
  XLSX.utils.book_append_sheet(
    wb,
    sheet([
      ['Código', 'Nome', ...(complete ? ['Patrimônio'] : [])],
      ['2847163', 'Ana Beatriz Carvalho', 250000],
      ['3159024', 'Bruno Henrique Almeida', 120000],
    ]),
    'Patrimônio',
  );
  XLSX.utils.book_append_sheet(
    wb,
    sheet([
      ['Código do Cliente', 'Ativo', 'Quantidade', 'Preço Médio', 'Valor'],
      ['2847163', 'PETR4', 300, 32.12, 9636],
      ['3159024', 'VALE3', 100, 60.5, 6050],
    ]),
    'Custódia',
  );
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
