import * as XLSX from '@e965/xlsx';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import type { Ordem } from '../../../contract';
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

export const linhasCsv = async (blob: Blob) => {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const texto = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  expect(texto.charCodeAt(0)).toBe(0xfeff);
  return texto.slice(1).trimEnd().split('\r\n');
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
