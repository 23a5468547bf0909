import type { Cliente } from '../contract';

/**
 * Finding a client at once (issue 34, item 5): by name, código XP or document, as the advisor types them —
 * without accents or case ('joao' finds João), and a document or code with or without its dots and dashes
 * ('123.456' finds 12345678900).
 */

type Buscavel = Pick<Cliente, 'id' | 'nome' | 'codigo_xp' | 'documento'> &
  Partial<Pick<Cliente, 'email'>>;

const semAcento = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('pt-BR')
    .trim();
const digitos = (s: string) => s.replace(/\D/g, '');

/** Whether the client matches what was typed (every word of it, in any of its fields). */
export function clienteCorresponde(cliente: Buscavel, termo: string): boolean {
  const palavras = semAcento(termo).split(/\s+/).filter(Boolean);
  if (!palavras.length) return true;
  const texto = semAcento(
    [cliente.nome, cliente.codigo_xp, cliente.documento, cliente.email].filter(Boolean).join(' '),
  );
  const numeros = [cliente.codigo_xp, cliente.documento].map((v) => digitos(v ?? ''));
  return palavras.every((p) => {
    if (texto.includes(p)) return true;
    const d = digitos(p);
    // A number typed with its punctuation: compared by its digits (not a word's stray digit).
    return (
      d.length >= 3 &&
      d.length === p.replace(/[.\-/\s]/g, '').length &&
      numeros.some((n) => n.includes(d))
    );
  });
}

/** The clients matching, those whose name starts with the term first, at most `limite`. */
export function buscarClientes<T extends Buscavel>(clientes: T[], termo: string, limite = 8): T[] {
  const t = semAcento(termo);
  if (!t) return [];
  const achados = clientes.filter((c) => clienteCorresponde(c, termo));
  const comeca = (c: T) => (semAcento(c.nome ?? '').startsWith(t) ? 0 : 1);
  return achados.sort((a, b) => comeca(a) - comeca(b)).slice(0, limite);
}
