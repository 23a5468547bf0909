import { Button, Dialog, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { RecomendacaoDisponivel } from '../../../../contract';
import { formatMoney, formatPercent } from '../../../../shared/format';
import { recomendacoesQueries } from '../../../api/recomendacoes';
import { DialogCloseButton, TargetDialog } from '../../../components/TargetDialog';
import {
  GraficoDialog,
  graficoDaRecomendacao,
  TickerGrafico,
  type Grafico,
} from '../../../widgets/grafico';

interface Props {
  clienteId: number;
  open: boolean;
  onClose: () => void;
  onSelect: (rec: RecomendacaoDisponivel) => void;
  /** Where the focus goes when the picker closes (the trigger when it returns null). */
  finalFocusEl?: () => HTMLElement | null;
}

// On a phone the table scrolls sideways under the ticker and the Selecionar button, which stay in view.
const NA_ESQUERDA = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bg: 'bg',
  whiteSpace: 'nowrap',
  boxShadow: 'inset -1px 0 0 var(--chakra-colors-border)',
} as const;
const NA_DIREITA = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  bg: 'bg',
  boxShadow: 'inset 1px 0 0 var(--chakra-colors-border)',
} as const;

/** 'Selecionar recomendação': today's recommendations the client does not hold yet. */
export function RecomendacaoPicker({ clienteId, open, onClose, onSelect, finalFocusEl }: Props) {
  // The picker opens on its first row's Selecionar (issue 34): Enter picks the first recommendation.
  const primeira = useRef<HTMLButtonElement>(null);
  return (
    <TargetDialog
      target={open ? clienteId : null}
      targetKey={(id) => id}
      onClose={onClose}
      size="lg"
      scrollBehavior="inside"
      initialFocusEl={() => primeira.current}
      {...(finalFocusEl && { finalFocusEl })}
    >
      {(id) => (
        <PickerContent clienteId={id} onClose={onClose} onSelect={onSelect} primeira={primeira} />
      )}
    </TargetDialog>
  );
}

function PickerContent({
  clienteId,
  onClose,
  onSelect,
  primeira,
}: Omit<Props, 'open' | 'finalFocusEl'> & { primeira: RefObject<HTMLButtonElement | null> }) {
  const query = useQuery(recomendacoesQueries.disponiveis(clienteId));
  const rows = query.data ?? [];
  const [grafico, setGrafico] = useState<Grafico | null>(null);
  // Rows that arrive after the picker opened: the focus moves to the first one then.
  const carregou = rows.length > 0;
  useEffect(() => {
    if (carregou) primeira.current?.focus();
  }, [carregou, primeira]);
  return (
    <Dialog.Content>
      <Dialog.Header>
        <Dialog.Title>Selecionar recomendação</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" aria-label="Recomendações disponíveis" interactive>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader {...NA_ESQUERDA} bg="bg.muted">
                  Ticker
                </Table.ColumnHeader>
                <Table.ColumnHeader>Empresa</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Preço Ref</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Alvo Sug.</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Prob.</Table.ColumnHeader>
                <Table.ColumnHeader {...NA_DIREITA} bg="bg.muted">
                  Selecionar
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((rec, i) => (
                <Table.Row key={rec.acao_id}>
                  <Table.Cell fontWeight="medium" {...NA_ESQUERDA}>
                    <TickerGrafico
                      ticker={rec.ticker}
                      onClick={() => setGrafico(graficoDaRecomendacao(rec))}
                    />
                  </Table.Cell>
                  <Table.Cell>{rec.empresa ?? '—'}</Table.Cell>
                  <Table.Cell textAlign="end">{formatMoney(rec.preco_compra)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatMoney(rec.alvo_sugerido)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatPercent(rec.probabilidade)}</Table.Cell>
                  <Table.Cell {...NA_DIREITA}>
                    <Button
                      ref={i === 0 ? primeira : undefined}
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
        </Table.ScrollArea>
        {!query.isPending && rows.length === 0 && (
          <Text color="fg.muted" py="4" textAlign="center">
            Nenhuma recomendação disponível.
          </Text>
        )}
        {query.isPending && <Text color="fg.muted">Carregando...</Text>}
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" colorPalette="gray" onClick={onClose}>
          Cancelar
        </Button>
      </Dialog.Footer>
      <DialogCloseButton />
      <GraficoDialog grafico={grafico} onClose={() => setGrafico(null)} />
    </Dialog.Content>
  );
}
