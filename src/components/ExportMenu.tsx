import { Button, HStack, Menu, Portal, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { todayIso } from '../../shared/dates';
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
  de?: string;
}

/** 'Exportar' → Excel (.xlsx) or CSV (.csv) of what the grid shows, built when chosen. */
export function ExportMenu({
  exportacao,
  planilha,
}: {
  exportacao: Exportacao;
  planilha: () => Planilha;
}) {
  const [exportando, setExportando] = useState(false);
  const [erro, setErro] = useState(false);

  async function exportar(formato: string) {
    const arquivo = (ext: 'xlsx' | 'csv') =>
      nomeDoArquivo(exportacao.nome, exportacao.de, todayIso(), ext);
    setErro(false);
    if (formato === 'csv') {
      baixar(paraCsv(planilha()), TIPO_CSV, arquivo('csv'));
      return;
    }
    setExportando(true);
    try {
      // The spreadsheet library (about 400 kB) loads the first time someone exports to Excel.
      const XLSX = await import('@e965/xlsx');
      baixar(paraXlsx(planilha(), XLSX) as Uint8Array<ArrayBuffer>, TIPO_XLSX, arquivo('xlsx'));
    } catch (error) {
      console.error(error);
      setErro(true);
    } finally {
      setExportando(false);
    }
  }

  return (
    <HStack gap="2">
      {erro && (
        <Text fontSize="sm" color="red.600" role="alert">
          Não foi possível exportar. Tente novamente.
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
