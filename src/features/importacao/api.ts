import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImportUploadResponseSchema, type ImportTipo } from '../../../contract';
import { api } from '../../lib/api';

export const importacaoKeys = {
  all: ['importacao'] as const,
  upload: () => [...importacaoKeys.all, 'upload'] as const,
};

export interface UploadVariables {
  tipo: ImportTipo;
  data_referencia: string;
  arquivo: File;
  force: boolean;
}

export function useImportUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: importacaoKeys.upload(),
    mutationFn: async ({ tipo, data_referencia, arquivo, force }: UploadVariables) => {
      const form = new FormData();
      form.append('tipo', tipo);
      form.append('data_referencia', data_referencia);
      if (force) form.append('force', 'true');
      form.append('arquivo', arquivo, arquivo.name);
      const { data } = await api.post('importacao/upload/', form);
      return ImportUploadResponseSchema.parse(data);
    },
    // Imported patrimony feeds figures other screens own (client summaries, available patrimony), whose keys
    // this feature cannot name: everything cached is marked stale, and only what is on screen refetches.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
