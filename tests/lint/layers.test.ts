import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The layering rules of eslint.config.js, proved on violating files: each is written where the rule watches,
 * linted with the project's own configuration, then removed. Their names start with zz-lint, which the checks running
 * beside this test (eslint ., tsc, prettier, the tree walks of other tests) ignore; here ESLint reads them with its
 * ignores off.
 */
const root = path.resolve(import.meta.dirname, '../..');
const written: string[] = [];

function write(relative: string, code: string): string {
  const file = path.join(root, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, code);
  written.push(file);
  return file;
}

async function messages(relative: string, code: string): Promise<string[]> {
  const file = write(relative, code);
  const [result] = await new ESLint({ cwd: root, ignore: false }).lintFiles([file]);
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

afterAll(() => {
  for (const file of written) fs.rmSync(file, { force: true });
  // The directories a test made for its own unit (a widget), empty now.
  for (const dir of new Set(written.map((f) => path.dirname(f)))) {
    if (path.basename(dir).startsWith('zz-lint')) fs.rmSync(dir, { recursive: true, force: true });
  }
});

describe('the import layers', { timeout: 60_000 }, () => {
  it('refuses a cycle', async () => {
    write('shared/zz-lint-b.ts', "import { a } from './zz-lint-a';\nexport const b = () => a;\n");
    const found = await messages(
      'shared/zz-lint-a.ts',
      "import { b } from './zz-lint-b';\nexport const a = () => b;\n",
    );
    expect(found.join('\n')).toMatch(/layers\/no-cycle/);
  });

  it('keeps the contract to zod', async () => {
    const found = await messages(
      'contract/zz-lint.ts',
      "import Decimal from 'decimal.js';\nexport const d = Decimal;\n",
    );
    expect(found.join('\n')).toMatch(/The contract imports only zod/);
  });

  it('keeps the server out of the SPA, and a server module behind its index', async () => {
    const found = await messages(
      'server/modules/operacoes/zz-lint.ts',
      "import { api } from '../../../src/lib/api';\nimport { getCliente } from '../clientes/service';\n" +
        'export const x = [api, getCliente];\n',
    );
    expect(found.join('\n')).toMatch(/The server never imports the SPA/);
    expect(found.join('\n')).toMatch(
      /A server module is imported from outside only through its index\.ts/,
    );
  });

  it("lets a module, and the rest of the server, use another module's index", async () => {
    const inModule = await messages(
      'server/modules/operacoes/zz-lint-ok.ts',
      "import { clientesRoutes } from '../clientes';\nimport { acoesRoutes } from '../acoes/index';\n" +
        "import { toInput } from './repository';\nexport const x = [clientesRoutes, acoesRoutes, toInput];\n",
    );
    expect(inModule.filter((m) => /layers\//.test(m))).toEqual([]);
    const outside = await messages(
      'server/lib/zz-lint.ts',
      "import { clientesRoutes } from '../modules/clientes';\n" +
        "import { listClientes } from '../modules/clientes/service';\n" +
        'export const x = [clientesRoutes, listClientes];\n',
    );
    expect(outside.filter((m) => /layers\//.test(m))).toEqual([
      'layers/boundaries: A server module is imported from outside only through its index.ts (server/modules/<m>/index.ts).',
    ]);
  });

  it('keeps the SPA out of the server, and one feature out of another', async () => {
    const found = await messages(
      'src/features/importacao/zz-lint.tsx',
      "import { buildApp } from '../../../server/app';\nimport { ClientesPage } from '../clientes/ClientesPage';\n" +
        'export const x = [buildApp, ClientesPage];\n',
    );
    expect(found.join('\n')).toMatch(/The SPA and the mocks never import the server/);
    expect(found.join('\n')).toMatch(/A feature must not import another feature/);
  });

  it('lets a feature use the shared layers', async () => {
    const found = await messages(
      'src/features/importacao/zz-lint-ok.tsx',
      "import { clientesEndpoints } from '../../../contract';\nimport { todayIso } from '../../../shared/dates';\n" +
        "import { call } from '../../api/call';\nexport const x = [clientesEndpoints, todayIso, call];\n",
    );
    expect(found.filter((m) => /no-restricted|layers\//.test(m))).toEqual([]);
  });

  it('keeps a widget behind its index, and features out of the widgets', async () => {
    write('src/widgets/zz-lint-w/index.ts', "export { parte } from './parte';\n");
    write('src/widgets/zz-lint-w/parte.ts', 'export const parte = 1;\n');
    const inWidget = await messages(
      'src/widgets/zz-lint-v/index.ts',
      "import { ClientesPage } from '../../features/clientes/ClientesPage';\n" +
        "import { parte } from '../zz-lint-w/parte';\nimport { parte as p } from '../zz-lint-w';\n" +
        'export const x = [ClientesPage, parte, p];\n',
    );
    expect(inWidget.filter((m) => /layers\//.test(m))).toEqual([
      'layers/boundaries: A widget (src/widgets/) never imports a feature: features use widgets, not the other way round.',
      'layers/boundaries: A widget is imported from outside only through its index (src/widgets/<w>/index.ts or index.tsx).',
    ]);
    const inFeature = await messages(
      'src/features/importacao/zz-lint-w.tsx',
      "import { parte } from '../../widgets/zz-lint-w/parte';\nimport { parte as p } from '../../widgets/zz-lint-w';\n" +
        'export const x = [parte, p];\n',
    );
    expect(inFeature.filter((m) => /layers\//.test(m))).toEqual([
      'layers/boundaries: A widget is imported from outside only through its index (src/widgets/<w>/index.ts or index.tsx).',
    ]);
  });

  it('flags an identifier that starts with a Portuguese verb in server/, shared/ and contract/', async () => {
    const found = await messages(
      'server/lib/zz-lint-glossario.ts',
      'export function criarCompra() {}\nexport const validarLote = () => 1;\n' +
        'export class Lotes {\n  cancelar() {}\n  listar = 1;\n}\nexport const ehValido = (listarX: number) => listarX;\n' +
        '// Words, not verbs: a creation date, a listing, a name.\nexport const criado = 1;\nexport const listagem = 2;\n' +
        'export const ehrlich = 3;\nexport const createCompra = 4;\n',
    );
    expect(found.filter((m) => m.startsWith('glossary/'))).toEqual(
      ['criarCompra', 'validarLote', 'cancelar', 'listar', 'ehValido', 'listarX'].map(
        (name) =>
          `glossary/english-verbs: '${name}' starts with a Portuguese verb: verbs in English, domain nouns in Portuguese (create, validate, list, cancel, is…).`,
      ),
    );
  });

  it('flags a Portuguese verb in the SPA too, in a component and its hooks', async () => {
    const found = await messages(
      'src/features/importacao/zz-lint-glossario.tsx',
      'export function useCriarLote() { return 1; }\nexport const ehEventoDeAcoes = (t: string) => t === "x";\n' +
        'export function ValidarDeNovo({ validarDeNovo }: { validarDeNovo: () => void }) {\n' +
        '  return <button onClick={validarDeNovo}>Validar</button>;\n}\n' +
        '// Words, not verbs: the button says Validar, a date was criado, a user.\nexport const criadoEm = 1;\nexport const user = 2;\n',
    );
    expect(found.filter((m) => m.startsWith('glossary/'))).toEqual(
      ['useCriarLote', 'ehEventoDeAcoes', 'ValidarDeNovo', 'validarDeNovo'].map(
        (name) =>
          `glossary/english-verbs: '${name}' starts with a Portuguese verb: verbs in English, domain nouns in Portuguese (create, validate, list, cancel, is…).`,
      ),
    );
  });

  it('holds the mocks to the glossary too', async () => {
    const found = await messages(
      'mocks/zz-lint-glossario.ts',
      'export function criarCompra() {}\n',
    );
    expect(found.filter((m) => m.startsWith('glossary/'))).toEqual([
      `glossary/english-verbs: 'criarCompra' starts with a Portuguese verb: verbs in English, domain nouns in Portuguese (create, validate, list, cancel, is…).`,
    ]);
  });
});
