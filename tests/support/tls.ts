import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A throw-away CA and a server certificate it signed, as PEM files in a temporary directory. */
export interface TestPki {
  /** The CA's certificate: what MT5_AGENT_CA_FILE points to. */
  caFile: string;
  /** The agent's certificate and key (--tls-cert, --tls-key), valid for `host`. */
  certFile: string;
  keyFile: string;
  remove(): Promise<void>;
}

const EC = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
const DAYS = ['-days', '2'];

/** Made with the openssl command line (node:crypto cannot issue certificates); valid for two days. */
export async function makeTestPki(host = '127.0.0.1'): Promise<TestPki> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'crv-pki-'));
  const at = (name: string) => path.join(dir, name);
  try {
    const ca = ['-keyout', at('ca.key'), '-out', at('ca.pem')];
    const subject = ['-subj', '/CN=Carteira RV CA de teste'];
    await run('openssl', ['req', '-x509', ...EC, ...DAYS, ...subject, ...ca]);
    const csr = ['-keyout', at('agent.key'), '-out', at('agent.csr')];
    await run('openssl', ['req', ...EC, '-subj', '/CN=agente-mt5', ...csr]);
    const ip = isIP(host) !== 0;
    await writeFile(
      at('agent.ext'),
      `subjectAltName=${ip ? 'IP' : 'DNS'}:${host}\nextendedKeyUsage=serverAuth\n`,
    );
    const signer = ['-CA', at('ca.pem'), '-CAkey', at('ca.key'), '-CAcreateserial'];
    const cert = ['-extfile', at('agent.ext'), '-out', at('agent.pem')];
    await run('openssl', ['x509', '-req', '-in', at('agent.csr'), ...signer, ...DAYS, ...cert]);
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    caFile: at('ca.pem'),
    certFile: at('agent.pem'),
    keyFile: at('agent.key'),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
