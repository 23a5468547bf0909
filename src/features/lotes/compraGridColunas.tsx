import { HStack, Input, Text, chakra } from '@chakra-ui/react';
import { createColumnHelper } from '@tanstack/react-table';
import { formatInteger, formatMoney } from '../../../shared/format';
import { META } from '../../components/DataTable';
import { StatusBadge, statusLabel } from '../../widgets/status-mt5';
import {
  ALTERADA,
  partesDaValidacao,
  quantidadeDigitada,
  textoDaPerna,
  textoDaValidacao,
} from './compra-grid-state';
import { pernasDe, podeSelecionar, valorDaLinha, type LinhaCompra } from './figures';

const Checkbox = chakra('input', {
  base: {
    width: '4',
    height: '4',
    cursor: 'pointer',
    accentColor: 'var(--chakra-colors-gold-solid)',
  },
});

/** The checks of a row on one line. A typed quantity waits for Validar. */
function Validacao({ linha }: { linha: LinhaCompra }) {
  if (linha.alterada) return <Text color="orange.600">{ALTERADA}</Text>;
  const { partes, extra } = partesDaValidacao(linha);
  if (partes.length === 0 && !extra) return <Text color="fg.muted">—</Text>;
  return (
    <HStack gap="2" maxW="80" title={textoDaValidacao(linha) ?? undefined}>
      {partes.map((v) => (
        <Text
          key={v.symbol}
          flexShrink={0}
          maxW={partes.length > 1 ? '32' : '64'}
          color={v.ok ? 'green.600' : 'red.600'}
          fontWeight={v.ok ? 'medium' : undefined}
          truncate
        >
          {v.symbol ? `${v.symbol}: ` : ''}
          {textoDaPerna(v)}
        </Text>
      ))}
      {extra && (
        <Text color="fg.muted" minW="0" truncate>
          {extra}
        </Text>
      )}
    </HStack>
  );
}

/** A row's quantity, applied when the field is left (or on Enter); a new server value replaces what it shows. */
function Quantidade({
  linha,
  disabled,
  onQuantidade,
}: {
  linha: LinhaCompra;
  disabled: boolean;
  onQuantidade: (cliente: number, quantidade: number) => void;
}) {
  return (
    <Input
      key={`${linha.item.cliente}:${linha.quantidade}`}
      size="xs"
      maxW="24"
      type="number"
      min={0}
      step={1}
      inputMode="numeric"
      textAlign="end"
      aria-label={`Quantidade ${linha.item.nome}`}
      defaultValue={linha.quantidade}
      disabled={disabled}
      onBlur={(e) => {
        const value = quantidadeDigitada(e.target.value, linha);
        if (value !== null) onQuantidade(linha.item.cliente, value);
      }}
      onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
    />
  );
}

const col = createColumnHelper<LinhaCompra>();

export interface ColunasDaCompra {
  ticker: string;
  disabled: boolean;
  /** The visible rows a tick may change, and whether every one of them is ticked (the header's tick). */
  visiveis: { clientes: number[]; todos: boolean };
  onSelect: (clientes: number[], selecionado: boolean) => void;
  onQuantidade: (cliente: number, quantidade: number) => void;
}

/** The grid's columns: each cell as the screen shows it, each export as the cell says it. */
export function colunasDaCompra({
  ticker,
  disabled,
  visiveis,
  onSelect,
  onQuantidade,
}: ColunasDaCompra) {
  return [
    col.display({
      id: 'selecionar',
      header: () => (
        <Checkbox
          type="checkbox"
          aria-label="Selecionar todos os visíveis"
          checked={visiveis.todos}
          disabled={disabled || visiveis.clientes.length === 0}
          onChange={(e) => onSelect(visiveis.clientes, e.target.checked)}
        />
      ),
      meta: { ...META.simNao, titulo: 'Selecionado', exportar: (l) => l.selecionado },
      cell: (c) => {
        const linha = c.row.original;
        return (
          <Checkbox
            type="checkbox"
            aria-label={`Selecionar ${linha.item.nome}`}
            checked={linha.selecionado}
            disabled={disabled || !podeSelecionar(linha)}
            onChange={(e) => onSelect([linha.item.cliente], e.target.checked)}
          />
        );
      },
    }),
    col.accessor((l) => l.item.nome, { id: 'cliente', header: 'Cliente' }),
    col.accessor((l) => statusLabel(l.item.status_mt5), {
      id: 'status',
      header: 'Status MT5',
      cell: (c) => (
        <StatusBadge
          status={c.row.original.item.status_mt5}
          detalhe={c.row.original.item.detalhe_mt5}
        />
      ),
    }),
    col.accessor((l) => l.item.valor_disponivel ?? undefined, {
      id: 'valor_disponivel',
      header: 'Valor disponível',
      sortUndefined: 'last',
      cell: (c) => formatMoney(c.getValue()),
      meta: META.dinheiro,
    }),
    col.accessor('quantidade', {
      header: 'Quantidade',
      cell: (c) => (
        <Quantidade linha={c.row.original} disabled={disabled} onQuantidade={onQuantidade} />
      ),
      meta: META.inteiro,
    }),
    col.accessor(
      (l) =>
        pernasDe(l, ticker)
          .map((p) => `${p.symbol} ${formatInteger(p.quantidade)}`)
          .join(' · '),
      { id: 'pernas', header: 'Pernas', enableSorting: false, cell: (c) => c.getValue() || '—' },
    ),
    col.accessor((l) => valorDaLinha(l) ?? undefined, {
      id: 'valor_estimado',
      header: 'Valor estimado',
      sortUndefined: 'last',
      cell: (c) => formatMoney(c.getValue()),
      meta: META.dinheiro,
    }),
    // Sorted by the reason a client is left out, which groups the failures together.
    col.accessor((l) => l.item.motivo ?? '', {
      id: 'validacao',
      header: 'Validação',
      cell: (c) => <Validacao linha={c.row.original} />,
      meta: { exportar: textoDaValidacao },
    }),
  ];
}
