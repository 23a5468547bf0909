import { Text } from '@chakra-ui/react';
import { formatDate } from '../../../shared/format';
import { ConfirmDialog, ConfirmDialogContent } from '../../components/ConfirmDialog';

/** 'Dados já existem': the server refused (409) because that date was imported; Sobrescrever retries forced. */
export function OverwriteDialog({
  dataReferencia,
  onCancel,
  onConfirm,
}: {
  dataReferencia: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog target={dataReferencia} targetKey={(data) => data} onClose={onCancel}>
      {(data) => (
        <ConfirmDialogContent
          title="Dados já existem"
          confirmLabel="Sobrescrever"
          onCancel={onCancel}
          onConfirm={onConfirm}
        >
          <Text>
            Já existem dados importados para {formatDate(data)}. Deseja substituí-los pelos deste
            arquivo?
          </Text>
        </ConfirmDialogContent>
      )}
    </ConfirmDialog>
  );
}
