import { Text } from '@chakra-ui/react';
import { TIPO_EVENTO_NOME, type Evento } from '../../../contract';
import { formatDate } from '../../../shared/format';
import { useDeleteEvento } from '../../api/eventos';
import { ConfirmDialog, ConfirmDialogContent } from '../../components/ConfirmDialog';

/** 'Deseja realmente deletar?' for an event: what it adjusted or paid is undone. */
export function DeleteEventoDialog({
  evento,
  onClose,
}: {
  evento: Evento | null;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog target={evento} targetKey={(e) => e.id} onClose={onClose}>
      {(e) => <DeleteEvento evento={e} onClose={onClose} />}
    </ConfirmDialog>
  );
}

function DeleteEvento({ evento, onClose }: { evento: Evento; onClose: () => void }) {
  const remove = useDeleteEvento();
  return (
    <ConfirmDialogContent
      title="Deseja realmente deletar?"
      confirmLabel="Deletar"
      onCancel={onClose}
      onConfirm={() => remove.mutate(evento.id, { onSuccess: onClose })}
      error={remove.error?.message}
      busy={remove.isPending}
    >
      <Text>
        {TIPO_EVENTO_NOME[evento.tipo]} de {evento.acao_nome} em {formatDate(evento.data_ex)}.
      </Text>
      {evento.operacoes > 0 && (
        <Text mt="2" color="fg.muted">
          {evento.operacoes === 1
            ? 'O que ele fez em 1 operação será desfeito.'
            : `O que ele fez em ${evento.operacoes} operações será desfeito.`}
        </Text>
      )}
    </ConfirmDialogContent>
  );
}
