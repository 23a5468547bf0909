/** What congelarCabecalho needs of fflate (passed in: it loads with the spreadsheet library, when someone exports). */
export interface Zip {
  unzipSync: (data: Uint8Array) => Record<string, Uint8Array>;
  zipSync: (files: Record<string, Uint8Array>) => Uint8Array;
  strToU8: (s: string) => Uint8Array;
  strFromU8: (b: Uint8Array) => string;
}

const FOLHA = 'xl/worksheets/sheet1.xml';
/** The header row frozen: row 1 stays in view while the rows scroll, the cursor starting under it. */
const VISTA_CONGELADA =
  '<sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
  '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView>';

/**
 * The header row frozen in the workbook (issue 34, rough edge 15). The spreadsheet library's free edition does not
 * write frozen panes, so the sheet's view is written into its XML here; a workbook whose view is not the one it
 * writes is left as it is.
 */
export function congelarCabecalho(xlsx: Uint8Array, zip: Zip): Uint8Array {
  const arquivos = zip.unzipSync(xlsx);
  const folha = arquivos[FOLHA];
  if (!folha) return xlsx;
  const xml = zip.strFromU8(folha);
  const vista = /<sheetView workbookViewId="0"\s*\/>/;
  if (!vista.test(xml)) return xlsx;
  return zip.zipSync({ ...arquivos, [FOLHA]: zip.strToU8(xml.replace(vista, VISTA_CONGELADA)) });
}
