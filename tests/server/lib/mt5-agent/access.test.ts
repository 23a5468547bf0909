import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  isAllowedHost,
  openToken,
  parseNetworks,
  sealToken,
} from '../../../../server/lib/mt5-agent/access';
import { Mt5AgentClient, Mt5NotAllowedError } from '../../../../server/lib/mt5-agent';

describe('the networks agents may be called on', () => {
  const networks = parseNetworks('10.20.0.0/16, 192.168.7.0/24,fd00::/8');

  it('admit the listed networks only, and never a name or a malformed address', () => {
    expect(isAllowedHost(networks, '10.20.255.1')).toBe(true);
    expect(isAllowedHost(networks, '192.168.7.9')).toBe(true);
    expect(isAllowedHost(networks, 'fd00::11')).toBe(true);
    expect(isAllowedHost(networks, '10.21.0.1')).toBe(false);
    expect(isAllowedHost(networks, '8.8.8.8')).toBe(false);
    expect(isAllowedHost(networks, 'vm01.local')).toBe(false);
  });

  it('refuse what is not CIDR, naming it', () => {
    expect(() => parseNetworks('10.20.0.0/16,10.0.0.1')).toThrow('"10.0.0.1" não é uma rede');
    expect(() => parseNetworks('::1/129')).toThrow('"::1/129"');
  });

  it('keep the token from being sent anywhere else', () => {
    const settings = { agentPort: 8765, agentToken: 'comum', timeoutMs: 1000, networks };
    expect(() =>
      Mt5AgentClient.forAddress({ vm_ip: null, vm_private_ip: '203.0.113.5' }, settings),
    ).toThrow(Mt5NotAllowedError);
    expect(
      Mt5AgentClient.forAddress({ vm_ip: '203.0.113.5', vm_private_ip: '10.20.0.5' }, settings)
        ?.baseUrl,
    ).toBe('http://10.20.0.5:8765');
  });
});

describe("a client's own token", () => {
  const key = crypto.randomBytes(32);

  it('is sealed (the database never holds it in clear) and opens with the same key only', () => {
    const token = 'token-proprio-da-ana-0123456789abcdef';
    const sealed = sealToken(key, token);
    expect(sealed).not.toContain(token);
    expect(sealed).not.toBe(sealToken(key, token));
    expect(openToken(key, sealed)).toBe(token);
    expect(() => openToken(crypto.randomBytes(32), sealed)).toThrow();
    const [v, iv, tag, data] = sealed.split(':');
    const altered = `${v}:${iv}:${tag}:${Buffer.from('outro-texto').toString('base64url')}${data!.slice(15)}`;
    expect(() => openToken(key, altered)).toThrow();
  });
});
