import { Button, Dialog, Portal, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { RecomendacaoDisponivel } from '../../../../contract';
import { formatMoney, formatPercent } from '../../../../shared/format';
import { recomendacoesDisponiveisOptions } from './api';

interface Props {
  clienteId: number;
  open: boolean;
  onClose: () => void;
  onSelect: (rec: RecomendacaoDisponivel) => void;
}

/** 'Selecionar recomendação': today's recommendations the client does not hold yet. */
export function RecomendacaoPicker({ clienteId, open, onClose, onSelect }: Props) {
  const query = useQuery({ ...recomendacoesDisponiveisOptions(clienteId), enabled: open });
  const rows = query.data ?? [];
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && onClose()}
      size="lg"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Selecionar recomendação</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Table.Root size="sm" aria-label="Recomendações disponíveis" interactive>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Ticker</Table.ColumnHeader>
                    <Table.ColumnHeader>Empresa</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Preço Ref</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Alvo Sug.</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Prob.</Table.ColumnHeader>
                    <Table.ColumnHeader>Selecionar</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {rows.map((rec) => (
                    <Table.Row key={rec.acao_id}>
                      <Table.Cell fontWeight="medium">{rec.ticker}</Table.Cell>
                      <Table.Cell>{rec.empresa ?? '—'}</Table.Cell>
                      <Table.Cell textAlign="end">{formatMoney(rec.preco_compra)}</Table.Cell>
                      <Table.Cell textAlign="end">{formatMoney(rec.alvo_sugerido)}</Table.Cell>
                      <Table.Cell textAlign="end">{formatPercent(rec.probabilidade)}</Table.Cell>
                      <Table.Cell>
                        <Button
                          size="xs"
                          variant="outline"
                          onClick={() => onSelect(rec)}
                          aria-label={`Selecionar ${rec.ticker}`}
                        >
                          Selecionar
                        </Button>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
              {!query.isPending && rows.length === 0 && (
                <Text color="fg.muted" py="4" textAlign="center">
                  Nenhuma recomendação disponível.
                </Text>
              )}
              {query.isPending && <Text color="fg.muted">Carregando...</Text>}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Cancelar
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
