import crypto from 'node:crypto';
import { BlockList, isIP } from 'node:net';

/**
 * Who may be called, and with what: the networks the server may send an agent token to (MT5_AGENT_NETWORKS), and
 * the per-client tokens, kept encrypted in the database (AES-256-GCM with MT5_TOKEN_KEY).
 */

/** A CIDR list ("10.20.0.0/16, fd00::/8") as a BlockList; throws naming the entry that is not a CIDR. */
export function parseNetworks(text: string): BlockList {
  const list = new BlockList();
  for (const entry of text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const match = /^([^/]+)\/(\d{1,3})$/.exec(entry);
    const family = match ? isIP(match[1]!) : 0;
    const prefix = match ? Number(match[2]) : -1;
    if (!match || !family || prefix > (family === 4 ? 32 : 128)) {
      throw new Error(`"${entry}" não é uma rede em notação CIDR (ex.: 10.20.0.0/16)`);
    }
    list.addSubnet(match[1]!, prefix, family === 4 ? 'ipv4' : 'ipv6');
  }
  return list;
}

export function isAllowedHost(networks: BlockList, host: string): boolean {
  const family = isIP(host);
  return family !== 0 && networks.check(host, family === 4 ? 'ipv4' : 'ipv6');
}

const VERSION = 'v1';

/** Encrypts a client's agent token for the database: `v1:iv:tag:ciphertext`, base64url parts. */
export function sealToken(key: Buffer, token: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join(':');
}

/** The token back; throws when the key is not the one it was sealed with (or the text was altered). */
export function openToken(key: Buffer, sealed: string): string {
  const [version, iv, tag, data] = sealed.split(':');
  if (version !== VERSION || !iv || !tag || data === undefined)
    throw new Error('token cifrado inválido');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(data, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}
