import * as XLSX from '@e965/xlsx';
import { screen } from '@testing-library/react';
import { strFromU8, unzipSync } from 'fflate';
import type { UserEvent } from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import type { Ordem } from '../../../contract';
import { todayIso } from '../../../shared/dates';
import { chooseInMenu } from '../../support/menu';

/** What the export tests share: the files handed to the browser's download, the menu, the files read back. */

/** The files the page hands to the browser's download: their names and contents. */
export function capturarDownloads() {
  const arquivos: Array<{ nome: string; blob: Blob }> = [];
  const blobs = new Map<string, Blob>();
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: (blob: Blob) => {
      const url = `blob:teste/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    arquivos.push({ nome: this.download, blob: blobs.get(this.href)! });
  });
  return arquivos;
}

/**
 * Exportar → a format, chosen with the keyboard (jsdom gives the menu no pointer movement to highlight an item
 * with; the e2e test chooses with the mouse in Chromium).
 */
export async function exportar(user: UserEvent, formato: 'Excel (.xlsx)' | 'CSV (.csv)') {
  await user.click(screen.getByRole('button', { name: 'Exportar' }));
  await chooseInMenu(user, formato);
}

/**
 * A file name with today's date and a time (hhmmss) after `base`: two exports of a day never share a name
 * (issue 34, rough edge 15).
 */
export const carimbado = (base: string, extensao: 'csv' | 'xlsx') =>
  new RegExp(`^${base}-${todayIso()}-\\d{6}\\.${extensao}$`);

export const linhasCsv = async (blob: Blob) => {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const texto = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  expect(texto.charCodeAt(0)).toBe(0xfeff);
  return texto.slice(1).trimEnd().split('\r\n');
};

/** The first sheet's XML view (<sheetViews>), where a frozen header row is written. */
export const vistaDaFolha = async (blob: Blob) => {
  const arquivos = unzipSync(new Uint8Array(await blob.arrayBuffer()));
  const xml = strFromU8(arquivos['xl/worksheets/sheet1.xml']!);
  return /<sheetViews>.*<\/sheetViews>/s.exec(xml)?.[0] ?? '';
};

export const lerXlsx = async (blob: Blob) => {
  const wb = XLSX.read(new Uint8Array(await blob.arrayBuffer()), { type: 'array', cellNF: true });
  return wb.Sheets[wb.SheetNames[0]!]!;
};

const perna = {
  symbol: 'PETR4',
  volume: 200,
  volume_exec: 150,
  preco_medio: 38.5,
  estado: 'partial',
  retcode: 10010,
  retcode_desc: 'Solicitação executada parcialmente',
  ticket: 50000001,
  broker_comment: null,
  retcode_external: null,
  problema: null,
} as const;
/** An order of the history: a PETR4 limit buy of two legs, one partly filled, the other resting. */
export const ordem: Ordem = {
  group_id: '00000000-0000-4000-8000-000000000901',
  lote_id: '5a1b2c3d-0000-4000-8000-000000000007',
  cliente: 1,
  nome: 'Ana Beatriz Carvalho',
  acao: 'PETR4',
  lado: 'compra',
  execucao: 'limite',
  preco: 38.5,
  tp: 45,
  estado: 'sent',
  // 13:00 UTC is 10:00 in São Paulo.
  criado_em: '2025-03-11T13:00:00.000Z',
  criado_por: 'operador',
  legs: [
    perna,
    {
      ...perna,
      symbol: 'PETR4F',
      volume: 50,
      volume_exec: 0,
      preco_medio: null,
      estado: 'placed',
      retcode: null,
      retcode_desc: null,
    },
  ],
  concluido_em: null,
  erro: null,
  aviso: null,
  operacao_id: null,
};
