import { describe, expect, it } from 'vitest';
import { loteSearch } from '../../../../src/features/lotes/search';

describe('the search of /ordens/lote', () => {
  it('keeps a well-formed lote id, in either case, and drops a malformed one', () => {
    const id = '5A1B2C3D-0000-4000-8000-000000000007';
    expect(loteSearch({ lote: id, reenviar: id.toLowerCase() })).toEqual({
      lote: id,
      reenviar: id.toLowerCase(),
    });
    expect(loteSearch({ lote: `${id}x`, reenviar: '42' })).toEqual({});
  });
});
