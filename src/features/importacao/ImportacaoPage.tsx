import { Alert, Button, Card, Field, Heading, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { IMPORT_EXTENSIONS } from '../../../contract';
import { useUploadImportacao, type UploadVariables } from '../../api/importacao';
import { DateInput } from '../../components/DateInput';
import { FileChooser } from '../../components/FileChooser';
import { ApiRequestError } from '../../lib/api';
import { ImportFormSchema, type ImportForm, type ImportFormInput } from './form';
import { failureMessage, successMessage } from './messages';
import { OverwriteDialog } from './OverwriteDialog';

/** The screen imports both sheets at once (specification section 7: tipo auto). */
const TIPO = 'auto';

interface Result {
  status: 'success' | 'error' | 'info';
  message: string;
}

export const NADA_IMPORTADO = 'Importação cancelada: nada foi importado.';

/** The date and the file, checked before sending (both are required). */
function ImportacaoForm({
  onSend,
  sending,
}: {
  onSend: (variables: UploadVariables) => void;
  sending: boolean;
}) {
  const {
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<ImportFormInput, unknown, ImportForm>({
    resolver: zodResolver(ImportFormSchema),
    defaultValues: { data_referencia: '', arquivo: undefined },
  });
  return (
    <Card.Root>
      <Card.Body>
        <form
          noValidate
          onSubmit={handleSubmit((values) => onSend({ ...values, tipo: TIPO, force: false }))}
        >
          <Stack gap="5">
            <Field.Root invalid={!!errors.data_referencia} required>
              <Field.Label>Data de referência</Field.Label>
              <Controller
                control={control}
                name="data_referencia"
                render={({ field }) => (
                  <DateInput
                    maxW="xs"
                    name={field.name}
                    ref={field.ref}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                  />
                )}
              />
              <Field.ErrorText>{errors.data_referencia?.message}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={!!errors.arquivo} required>
              <Field.Label>Arquivo (XLSX/XLS)</Field.Label>
              <Controller
                control={control}
                name="arquivo"
                render={({ field }) => (
                  <FileChooser
                    accept={IMPORT_EXTENSIONS.join(',')}
                    name={field.name}
                    inputRef={field.ref}
                    onBlur={field.onBlur}
                    file={field.value}
                    onChange={field.onChange}
                  />
                )}
              />
              <Field.HelperText>Com as abas de Patrimônio e Custódia.</Field.HelperText>
              <Field.ErrorText>{errors.arquivo?.message}</Field.ErrorText>
            </Field.Root>
            <Button
              type="submit"
              alignSelf="flex-start"
              loading={sending}
              loadingText="Enviando..."
            >
              OK — Importar
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

/** How the last import went (or that it was cancelled). */
function Resultado({ result }: { result: Result }) {
  return (
    <Alert.Root status={result.status} role={result.status === 'info' ? 'status' : 'alert'}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          <Text as="span" wordBreak="break-word">
            {result.message}
          </Text>
        </Alert.Title>
      </Alert.Content>
    </Alert.Root>
  );
}

export function ImportacaoPage() {
  const upload = useUploadImportacao();
  const [result, setResult] = useState<Result | null>(null);
  const [conflict, setConflict] = useState<UploadVariables | null>(null);
  const send = (variables: UploadVariables) => {
    setResult(null);
    upload.mutate(variables, {
      onSuccess: (answer) =>
        setResult({
          status: 'success',
          message: successMessage(variables.tipo, answer, variables.force),
        }),
      onError: (error) => {
        if (error instanceof ApiRequestError && error.status === 409 && !variables.force) {
          setConflict({ ...variables, force: true });
          return;
        }
        console.error(error);
        setResult({
          status: 'error',
          message: failureMessage(variables.tipo, error, variables.force),
        });
      },
    });
  };

  return (
    <Stack gap="6" maxW="xl">
      <Heading as="h1" size="lg">
        Importação
      </Heading>
      <ImportacaoForm onSend={send} sending={upload.isPending} />
      {result && <Resultado result={result} />}
      <OverwriteDialog
        dataReferencia={conflict?.data_referencia ?? null}
        onCancel={() => {
          setConflict(null);
          setResult({ status: 'info', message: NADA_IMPORTADO });
        }}
        onConfirm={() => {
          if (conflict) send(conflict);
          setConflict(null);
        }}
      />
    </Stack>
  );
}
