import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, idempotencyKey, sha256Hex } from '../../../src/lib/idempotency';

describe('sha256Hex', () => {
  it("is SHA-256, as Node's crypto computes it, over one and several blocks and any text", () => {
    for (const text of [
      '',
      'abc',
      'a'.repeat(55),
      'a'.repeat(56),
      'a'.repeat(64),
      'x'.repeat(1000),
      '{"ticker_base":"PETR4","tp":45,"legs":[{"symbol":"PETR4","quantidade":200}]}',
      'Ação, preço e câmbio — 💹',
    ]) {
      expect(sha256Hex(text), text).toBe(crypto.createHash('sha256').update(text).digest('hex'));
    }
  });
});

describe('canonicalJson', () => {
  it('sorts every object’s keys and leaves undefined out, keeping arrays in order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: undefined, b: null } })).toBe(
      '{"a":{"b":null,"d":[2,1]},"b":1}',
    );
  });
});

describe('idempotencyKey', () => {
  const body = {
    ticker_base: 'PETR4',
    execucao: 'limite',
    preco: 38.5,
    tp: 45,
    legs: [{ symbol: 'PETR4', quantidade: 200 }],
  };

  it('is the same for the same intent and request, whatever the order of its fields', () => {
    const { legs, ...rest } = body;
    expect(idempotencyKey('i1', { legs, ...rest })).toBe(idempotencyKey('i1', body));
    expect(idempotencyKey('i1', { ...body, preco: undefined, tp: 45 })).toBe(
      idempotencyKey('i1', { ...body, preco: undefined }),
    );
    expect(idempotencyKey('i1', body)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
  });

  it('changes with any edit of the request, and with another intent', () => {
    const key = idempotencyKey('i1', body);
    expect(idempotencyKey('i1', { ...body, tp: 46 })).not.toBe(key);
    expect(
      idempotencyKey('i1', { ...body, legs: [{ symbol: 'PETR4', quantidade: 201 }] }),
    ).not.toBe(key);
    expect(idempotencyKey('i2', body)).not.toBe(key);
    expect(idempotencyKey('i1', body, { cliente: 2 })).not.toBe(
      idempotencyKey('i1', body, { cliente: 1 }),
    );
  });

  it('marks the key of a request confirmed over a warning, tied to the one refused', () => {
    const key = idempotencyKey('i1', body);
    expect(idempotencyKey('i1', { ...body, confirmar_compra_em_voo: true })).toBe(`${key}:em-voo`);
    expect(idempotencyKey('i1', { execucao: 'mercado', confirmar_acima_do_terminal: true })).toBe(
      `${idempotencyKey('i1', { execucao: 'mercado' })}:acima`,
    );
    expect(idempotencyKey('i1', { ...body, confirmar_compra_em_voo: false })).toBe(key);
  });
});
