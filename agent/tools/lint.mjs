// Lints the MT5 agent's Python with Ruff's WebAssembly build (npm @astral-sh/ruff-wasm-nodejs: the npm registry
// is all CI reaches, and Ruff's own binary is not on it) with the settings of agent/pyproject.toml [tool.ruff]:
// the rules of [tool.ruff.lint] and Ruff's formatting. Prints each finding and exits 1 when there is any.
//
//   node agent/tools/lint.mjs [--format] [file or folder...]
//
// Without paths it lints every .py under agent/. --format rewrites the files in Ruff's format first (the rules'
// findings are left to fix by hand).
import fs from 'node:fs';
import path from 'node:path';
import { PositionEncoding, Workspace } from '@astral-sh/ruff-wasm-nodejs';

const agentDir = path.resolve(import.meta.dirname, '..');
const configFile = path.join(agentDir, 'pyproject.toml');

/**
 * The TOML that pyproject.toml uses: [tables], keys, strings, numbers, booleans and arrays of them (over several
 * lines too). Anything else is refused by name rather than misread.
 */
export function parseToml(text) {
  const root = {};
  let table = root;
  let pending = '';
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = pending + stripComment(raw);
    if (!line.trim()) continue;
    const header = /^\s*\[([A-Za-z0-9_.-]+)\]\s*$/.exec(line);
    if (header && !pending) {
      table = root;
      for (const key of header[1].split('.')) table = table[key] ??= {};
      continue;
    }
    const entry = /^\s*([A-Za-z0-9_-]+)\s*=\s*(.*)$/s.exec(line);
    if (!entry)
      throw new Error(`pyproject.toml, linha ${index + 1}: TOML não suportado: ${raw.trim()}`);
    if (!balanced(entry[2])) {
      pending = line + '\n';
      continue;
    }
    pending = '';
    table[entry[1]] = parseValue(entry[2].trim(), index + 1);
  }
  if (pending) throw new Error('pyproject.toml: um array não foi fechado');
  return root;
}

function stripComment(line) {
  let quote = null;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quote) {
      if (ch === '\\' && quote === '"') i++;
      else if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '#') return line.slice(0, i);
  }
  return line;
}

function balanced(value) {
  const text = value.replace(/"(?:[^"\\]|\\.)*"|'[^']*'/g, '');
  return (text.match(/\[/g) ?? []).length === (text.match(/\]/g) ?? []).length;
}

function parseValue(text, lineNumber) {
  const tokens = text.match(/"(?:[^"\\]|\\.)*"|'[^']*'|[[\],]|[^\s[\],]+/g) ?? [];
  let at = 0;
  const fail = () => {
    throw new Error(`pyproject.toml, linha ${lineNumber}: valor TOML não suportado: ${text}`);
  };
  const value = () => {
    const token = tokens[at++];
    if (token === undefined) fail();
    if (token === '[') {
      const items = [];
      while (tokens[at] !== ']') {
        items.push(value());
        if (tokens[at] === ',') at++;
        else if (tokens[at] !== ']') fail();
      }
      at++;
      return items;
    }
    if (token.startsWith('"')) return JSON.parse(token);
    if (token.startsWith("'")) return token.slice(1, -1);
    if (token === 'true' || token === 'false') return token === 'true';
    if (/^[+-]?\d[\d_]*(\.\d+)?$/.test(token)) return Number(token.replaceAll('_', ''));
    return fail();
  };
  const result = value();
  if (at !== tokens.length) fail();
  return result;
}

function pythonFiles(target) {
  if (!fs.statSync(target).isDirectory()) return [target];
  return fs
    .readdirSync(target, { withFileTypes: true })
    .filter((e) => !e.name.startsWith('.') && e.name !== '__pycache__' && e.name !== 'node_modules')
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => {
      const full = path.join(target, e.name);
      if (e.isDirectory()) return pythonFiles(full);
      return e.name.endsWith('.py') ? [full] : [];
    });
}

/** Each finding as `path:line:column: CODE message`; the files are rewritten in Ruff's format first if asked. */
export function lint(targets, { format = false } = {}) {
  const settings = parseToml(fs.readFileSync(configFile, 'utf8')).tool?.ruff;
  if (!settings) throw new Error(`${configFile}: falta [tool.ruff]`);
  const workspace = new Workspace(settings, PositionEncoding.Utf16);
  const findings = [];
  for (const file of targets.flatMap((t) => pythonFiles(path.resolve(t)))) {
    const name = path.relative(process.cwd(), file);
    let source = fs.readFileSync(file, 'utf8');
    const formatted = workspace.format(source);
    if (format && formatted !== source) {
      fs.writeFileSync(file, formatted);
      source = formatted;
    }
    for (const d of workspace.check(source)) {
      const { row, column } = d.start_location;
      findings.push(`${name}:${row}:${column}: ${d.code ?? 'syntax'} ${d.message}`);
    }
    if (formatted !== source) {
      findings.push(
        `${name}: fora do formato do Ruff (node agent/tools/lint.mjs --format ${name})`,
      );
    }
  }
  return findings;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const args = process.argv.slice(2);
  const format = args.includes('--format');
  const targets = args.filter((a) => a !== '--format');
  const findings = lint(targets.length ? targets : [agentDir], { format });
  for (const finding of findings) console.log(finding);
  if (findings.length) {
    console.log(`ruff ${Workspace.version()}: ${findings.length} problema(s)`);
    process.exit(1);
  }
}
