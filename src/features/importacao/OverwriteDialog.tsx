import { Text } from '@chakra-ui/react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDate } from '../../../shared/format';

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
    <ConfirmDialog
      open={dataReferencia !== null}
      title="Dados já existem"
      confirmLabel="Sobrescrever"
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <Text>
        Já existem dados importados para {formatDate(dataReferencia)}. Deseja substituí-los pelos
        deste arquivo?
      </Text>
    </ConfirmDialog>
  );
}
