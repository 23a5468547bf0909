import { Button, Field, HStack, NativeSelect, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { PDF_CONTENT_TYPE } from '../../../contract';
import { useDownloadRelatorio } from '../../api/rentabilidade';
import { baixar, slug } from '../../lib/planilha';
import { arquivoDoRelatorio, mesCurto, mesSugerido } from './rentabilidade-state';

/**
 * The monthly report: the month (the client's months, newest first; the last closed one chosen) and the button
 * that downloads its PDF, made by the server. A failure is said beside it, in the server's words.
 */
export function RelatorioMensal({
  clienteId,
  cliente,
  meses,
  hoje,
}: {
  clienteId: number;
  cliente: string | undefined;
  /** The months a report can be asked for, newest first. */
  meses: readonly string[];
  hoje: string;
}) {
  const [escolhido, setEscolhido] = useState<string | undefined>();
  const mes = escolhido ?? mesSugerido(meses, hoje);
  const download = useDownloadRelatorio(clienteId);
  const downloadRelatorio = () => {
    if (!mes) return;
    download.mutate(mes, {
      onSuccess: (pdf) =>
        baixar(
          pdf as Uint8Array<ArrayBuffer>,
          PDF_CONTENT_TYPE,
          arquivoDoRelatorio(slug(cliente ?? ''), mes),
        ),
    });
  };
  return (
    <HStack gap="2" align="end" wrap="wrap">
      <Field.Root w="auto">
        <Field.Label fontSize="sm">Relatório mensal</Field.Label>
        <NativeSelect.Root size="sm" w="8.5rem" disabled={meses.length === 0}>
          <NativeSelect.Field
            aria-label="Mês do relatório"
            value={mes ?? ''}
            onChange={(e) => setEscolhido(e.target.value)}
          >
            {meses.map((m) => (
              <option key={m} value={m}>
                {mesCurto(m)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Button
        size="sm"
        variant="outline"
        onClick={downloadRelatorio}
        disabled={!mes}
        loading={download.isPending}
        loadingText="Gerando PDF..."
      >
        Baixar PDF
      </Button>
      {download.isError && (
        <Text fontSize="sm" color="red.600" role="alert">
          Não foi possível gerar o relatório: {download.error.message}
        </Text>
      )}
    </HStack>
  );
}
