import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importacaoEndpoints as e, type ImportTipo } from '../../contract';
import { call } from './call';
import { invalidateAfterImportacao } from './invalidations';

export interface UploadVariables {
  tipo: ImportTipo;
  data_referencia: string;
  arquivo: File;
  force: boolean;
}

/** Imports a workbook; the imported patrimony feeds every client's summary and the available patrimony. */
export function useUploadImportacao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tipo, data_referencia, arquivo, force }: UploadVariables) => {
      const form = new FormData();
      form.append('tipo', tipo);
      form.append('data_referencia', data_referencia);
      if (force) form.append('force', 'true');
      form.append('arquivo', arquivo, arquivo.name);
      return call(e.upload, { body: form });
    },
    onSuccess: () => invalidateAfterImportacao(queryClient),
  });
}
