import { describe, expect, it } from 'vitest';
import { matchesTag, negotiate } from '../../../server/lib/compression';

describe('negotiate', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=1.0, gzip;q=1.0', 'br'],
    ['gzip;q=0, br;q=0', null],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['x-gzip', 'gzip'],
    ['GZIP ; Q=0.8', 'gzip'],
    ['deflate, zstd', null],
  ])('%j → %s', (header, expected) => {
    expect(negotiate(header)).toBe(expected);
  });
});

describe('matchesTag', () => {
  it.each([
    [undefined, false],
    ['W/"abc"', true],
    ['"abc"', true],
    ['"x", W/"abc"', true],
    ['*', true],
    ['W/"abd"', false],
  ])('%j', (header, expected) => {
    expect(matchesTag(header, 'W/"abc"')).toBe(expected);
  });
});
