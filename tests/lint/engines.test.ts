import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** npm's own range reader (a dependency of the tools, without types of its own here). */
const semver = createRequire(import.meta.url)('semver') as {
  satisfies: (versao: string, faixa: string, opcoes?: { includePrerelease?: boolean }) => boolean;
};

/**
 * Issue 34, rough edge 19: a newcomer's `npm ci` prints no EBADENGINE warning. Every package the lockfile installs
 * declares engines the project's oldest Node (package.json's engines, 20.19; the team's 20.20) meets: a dependency
 * that moved on to Node 22 is pinned, through package.json's overrides, to the version before it did.
 */

const root = path.resolve(import.meta.dirname, '../..');
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};
const projeto = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
};

describe("the lockfile's engines", () => {
  it.each(['20.19.0', '20.20.0'])('are all met by Node %s', (versao) => {
    expect(semver.satisfies(versao, projeto.engines.node)).toBe(true);
    const exigentes = Object.entries(lock.packages)
      .filter(([nome, p]) => nome !== '' && !Array.isArray(p.engines) && p.engines?.node)
      .filter(
        ([, p]) =>
          !semver.satisfies(versao, (p.engines as { node: string }).node, {
            includePrerelease: true,
          }),
      )
      .map(([nome, p]) => `${nome}@${p.version} (node ${(p.engines as { node: string }).node})`);
    expect(exigentes).toEqual([]);
  });
});
