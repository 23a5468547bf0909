import { Badge, Button, HStack, IconButton } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { operacoesEndpoints, ordensEndpoints, type Operacao } from '../../../contract';
import { usePermissao } from '../../api/permissao';
import { TickerGrafico } from '../../widgets/grafico';
import { AjusteMarca } from './AjusteMarca';

/** The buttons of each row (the Ações column). */
export interface RowActions {
  onEdit: (op: Operacao) => void;
  onDelete: (op: Operacao) => void;
  onSell: (op: Operacao) => void;
  /** Opens the stock's chart with the operation's buy, sale and target. */
  onChart: (op: Operacao) => void;
}

/** What the user's role may do to a row (issue 32): asked once per grid, not by each row as it mounts. */
export interface PodeNaLinha {
  edita: boolean;
  vende: boolean;
}

export function usePodeNaLinha(): PodeNaLinha {
  return {
    edita: usePermissao(operacoesEndpoints.update).pode,
    vende: usePermissao(ordensEndpoints.sendVenda).pode,
  };
}

/**
 * The row's actions, compact (issue 34, rough edge 1): edit and delete as small icon buttons named by their
 * aria-label and title, Vender a word (the act that sends an order is never a bare symbol), so that every column
 * of the specification fits beside them at 1280 px.
 */
export function RowButtons({
  op,
  actions,
  pode: { edita, vende },
  sell,
}: {
  op: Operacao;
  actions: RowActions;
  /** What the user's role may not do is not offered (issue 32). */
  pode: PodeNaLinha;
  sell?: boolean;
}) {
  return (
    <HStack gap="0.5">
      {edita && (
        <IconButton
          size="2xs"
          variant="ghost"
          onClick={() => actions.onEdit(op)}
          aria-label={`Editar ${op.acao_nome}`}
          title="Editar"
        >
          <span aria-hidden>✎</span>
        </IconButton>
      )}
      {edita && (
        <IconButton
          size="2xs"
          variant="ghost"
          colorPalette="red"
          onClick={() => actions.onDelete(op)}
          aria-label={`Excluir ${op.acao_nome}`}
          title="Excluir"
        >
          <span aria-hidden>✕</span>
        </IconButton>
      )}
      {/* A sale sells the operation's quantity: without one there is nothing to sell. */}
      {vende && sell && op.quantidade !== null && op.quantidade > 0 && (
        <Button size="2xs" onClick={() => actions.onSell(op)} aria-label={`Vender ${op.acao_nome}`}>
          Vender
        </Button>
      )}
    </HStack>
  );
}

/**
 * The ticker (which opens the stock's chart), the mark of the share events applied to it, and, for an operation
 * bought or sold in a lote, a link to the lote (its sale's once realised).
 */
export function AcaoCell({
  ticker,
  op,
  onChart,
}: {
  ticker: string;
  op: Operacao;
  onChart: () => void;
}) {
  const lote = op.lote_venda ?? op.lote_compra;
  return (
    <HStack gap="1">
      <TickerGrafico ticker={ticker} onClick={onChart} />
      {op.ajustes?.length ? <AjusteMarca ajustes={op.ajustes} /> : null}
      {lote && (
        <Badge asChild size="sm" variant="subtle" colorPalette="gold">
          <Link to="/ordens/lote" search={{ lote }} aria-label={`Ver o lote de ${ticker}`}>
            lote
          </Link>
        </Badge>
      )}
    </HStack>
  );
}
