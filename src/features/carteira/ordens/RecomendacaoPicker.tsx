import { Button, Dialog, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { RecomendacaoDisponivel } from '../../../../contract';
import { formatMoney, formatPercent } from '../../../../shared/format';
import { recomendacoesQueries } from '../../../api/recomendacoes';
import { TargetDialog } from '../../../components/TargetDialog';
import { GraficoDialog } from '../../../components/grafico/GraficoDialog';
import { graficoDaRecomendacao, type Grafico } from '../../../components/grafico/grafico';
import { TickerGrafico } from '../../../components/grafico/TickerGrafico';

interface Props {
  clienteId: number;
  open: boolean;
  onClose: () => void;
  onSelect: (rec: RecomendacaoDisponivel) => void;
}

/** 'Selecionar recomendação': today's recommendations the client does not hold yet. */
export function RecomendacaoPicker({ clienteId, open, onClose, onSelect }: Props) {
  return (
    <TargetDialog
      target={open ? clienteId : null}
      targetKey={(id) => id}
      onClose={onClose}
      size="lg"
      scrollBehavior="inside"
    >
      {(id) => <PickerContent clienteId={id} onClose={onClose} onSelect={onSelect} />}
    </TargetDialog>
  );
}

function PickerContent({ clienteId, onClose, onSelect }: Omit<Props, 'open'>) {
  const query = useQuery(recomendacoesQueries.disponiveis(clienteId));
  const rows = query.data ?? [];
  const [grafico, setGrafico] = useState<Grafico | null>(null);
  return (
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
                <Table.Cell>
                  <TickerGrafico
                    ticker={rec.ticker}
                    onClick={() => setGrafico(graficoDaRecomendacao(rec))}
                  />
                </Table.Cell>
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
      <GraficoDialog grafico={grafico} onClose={() => setGrafico(null)} />
    </Dialog.Content>
  );
}
