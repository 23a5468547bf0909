import { describe, expect, it } from 'vitest';
import { nomeDoNavegador } from '../../../../src/features/conta/navegador';

describe('nomeDoNavegador', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      'Chrome 126 · Windows',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
      'Edge 126 · Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Safari 17 · macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari 17 · iOS',
    ],
    [
      'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
      'Firefox 128 · Linux',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      'Chrome 126 · Android',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Chrome 131 (automatizado) · Linux',
    ],
  ])('%s → %s', (ua, nome) => expect(nomeDoNavegador(ua)).toBe(nome));

  it('keeps what it cannot tell, cut to a readable length', () => {
    expect(nomeDoNavegador('curl/8.5.0')).toBe('curl/8.5.0');
    expect(nomeDoNavegador('x'.repeat(60))).toBe(`${'x'.repeat(39)}…`);
    expect(nomeDoNavegador(null)).toBe('Desconhecido');
    expect(nomeDoNavegador('  ')).toBe('Desconhecido');
  });
});
