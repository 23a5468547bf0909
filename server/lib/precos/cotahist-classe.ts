import type { ClasseAtivo } from '../../../contract';

/**
 * The class of a COTAHIST spot record (issue 29), read from the record's own codes rather than from its ticker
 * (BRGE11 is a preferred share, not a unit; AURA33 a BDR):
 *
 * | CODBDI (cols 11–12) | ESPECI (cols 40–49)        | CODISI's type (cols 237–239) | classe |
 * | ------------------- | -------------------------- | ---------------------------- | ------ |
 * | 02 standard lot     | DR1, DR2, DR3, DRN, DRE…   | BDR                          | bdr    |
 * | 02                  | UNT …                      | CDA (share deposit) or UNT   | unit   |
 * | 02                  | ON, PN, PNA… (any other)   | ACN (shares)                 | acao   |
 * | 12 real estate fund | CI (fund quotas)           | CTF                          | fii    |
 * | 14 index funds…     | CI (fund quotas)           | CTF                          | etf    |
 *
 * Only the spot market (TPMERC 010) is read. Everything else is left out, as before: rights and receipts (BDI
 * 10), FIAGROs (13), the credit funds of BDI 14 (ESPECI FIDC…, taxed otherwise), warrants (22), options, and the
 * special situations (05, 07, 08; their assets are added by hand with PUT /api/acoes/{ticker}/ if needed).
 * A fund of BDI 14 with ESPECI CI that is not an index fund (an FI-Infra quota) comes in as etf: its class can be
 * corrected by hand the same way.
 */
export function classeCotahist(bdi: string, especi: string, isin: string): ClasseAtivo | null {
  const tipoIsin = isin.slice(6, 9);
  const especie = especi.trim().split(/\s+/)[0] ?? '';
  if (bdi === '02') {
    if (tipoIsin === 'BDR' || especie.startsWith('DR')) return 'bdr';
    if (tipoIsin === 'CDA' || tipoIsin === 'UNT' || especie === 'UNT') return 'unit';
    if (tipoIsin === 'ACN') return 'acao';
    return null;
  }
  if (especie !== 'CI' || tipoIsin !== 'CTF') return null;
  if (bdi === '12') return 'fii';
  if (bdi === '14') return 'etf';
  return null;
}
