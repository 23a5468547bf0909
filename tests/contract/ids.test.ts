import { describe, expect, it } from 'vitest';
import { parseUuid } from '../../contract';

describe('the contract’s one id parser', () => {
  it('takes a UUID in either case, as it is', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(parseUuid(id)).toBe(id);
    expect(parseUuid(id.toUpperCase())).toBe(id.toUpperCase());
  });

  it.each([
    '',
    'nao-e-uuid',
    '0f8fad5b-d9cb-469f-a165-70867728950',
    '0f8fad5bd9cb469fa16570867728950e',
    ' 0f8fad5b-d9cb-469f-a165-70867728950e',
  ])('answers null for %j', (text) => expect(parseUuid(text)).toBeNull());
});
