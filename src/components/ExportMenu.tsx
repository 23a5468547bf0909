import { Button, HStack, Menu, Portal, Text } from '@chakra-ui/react';
import { useState } from 'react';
import {
  baixar,
  nomeDoArquivo,
  paraCsv,
  paraXlsx,
  TIPO_CSV,
  TIPO_XLSX,
  type Planilha,
} from '../lib/planilha';

export interface Exportacao {
  /** What the grid is, for the file name and the sheet ('Posicionadas'). */
  nome: string;
  /** Whose it is, when it is someone's (the client's name): in the file name. */
  de?: string | undefined;
  /** Where, when the same grid is on two screens ('painel'): in the file name. */
  onde?: string | undefined;
  /** The filters applied, each named ({ cliente: 'Ana' }; '' is no filter): in the file name. */
  filtros?: Readonly<Record<string, string>> | undefined;
}

/** What went wrong, for the message next to 'Exportar'. */
function motivo(error: unknown): string {
  const texto = error instanceof Error ? error.message : String(error ?? '');
  return texto.trim() || 'erro inesperado. Tente novamente.';
}

/**
 * 'Exportar' → Excel (.xlsx) or CSV (.csv) of what the grid shows, built when chosen. A failure, whatever its cause,
 * is said next to the button.
 */
export function ExportMenu({
  exportacao,
  planilha,
}: {
  exportacao: Exportacao;
  planilha: () => Planilha;
}) {
  const [exportando, setExportando] = useState(false);
  // Why the last export failed, shown until the next one is asked for.
  const [erro, setErro] = useState<string | null>(null);

  async function exportar(formato: string) {
    // Named when asked for: two exports of one day are two files.
    const agora = new Date();
    const arquivo = (ext: 'xlsx' | 'csv') => nomeDoArquivo(exportacao, agora, ext);
    setErro(null);
    setExportando(true);
    try {
      if (formato === 'csv') {
        baixar(paraCsv(planilha()), TIPO_CSV, arquivo('csv'));
        return;
      }
      // The spreadsheet library (about 400 kB) and the zip one that freezes its header load the first time someone
      // exports to Excel.
      const [XLSX, zip] = await Promise.all([import('@e965/xlsx'), import('fflate')]).catch(() => {
        throw new Error('o Excel não pôde ser carregado; confira a conexão e tente novamente');
      });
      baixar(
        paraXlsx(planilha(), XLSX, zip) as Uint8Array<ArrayBuffer>,
        TIPO_XLSX,
        arquivo('xlsx'),
      );
    } catch (error) {
      console.error(error);
      setErro(motivo(error));
    } finally {
      setExportando(false);
    }
  }

  return (
    <HStack gap="2">
      {erro !== null && (
        <Text fontSize="sm" color="red.600" role="alert">
          Não foi possível exportar: {erro}
        </Text>
      )}
      <Menu.Root onSelect={(details) => void exportar(details.value)}>
        <Menu.Trigger asChild>
          <Button size="xs" variant="outline" loading={exportando} loadingText="Exportando...">
            Exportar
            <svg viewBox="0 0 24 24" width="12" height="12" aria-hidden="true">
              <path d="M7 10l5 5 5-5z" fill="currentColor" />
            </svg>
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              <Menu.Item value="xlsx">Excel (.xlsx)</Menu.Item>
              <Menu.Item value="csv">CSV (.csv)</Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </HStack>
  );
}
