import type { ImportResultado, ImportTipo, ImportUploadResponse } from '../../../contract';
import { DASH } from '../../../shared/format';

const part = (r: ImportResultado | undefined) => `${r?.linhas ?? DASH} [${r?.status ?? DASH}]`;

/** The specification's success messages (section 8); a forced retry says Sobrescrito. */
export function successMessage(
  tipo: ImportTipo,
  answer: ImportUploadResponse,
  forced: boolean,
): string {
  const verb = forced ? 'Sobrescrito' : 'Importado';
  if ('resumo' in answer) {
    const { patrimonio, custodia } = answer.resumo;
    return `${verb} (auto) — Patrimônio: ${part(patrimonio)} | Custódia: ${part(custodia)}`;
  }
  return `${verb} ${tipo} (${answer.linhas} linhas) [${answer.status}]`;
}

export function failureMessage(tipo: ImportTipo, error: Error, forced: boolean): string {
  return `Falha ao ${forced ? 'sobrescrever' : 'importar'} ${tipo}. ${error.message}`;
}
