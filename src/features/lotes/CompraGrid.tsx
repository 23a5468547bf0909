import { HStack, Input, NativeSelect, Stack, Text, chakra } from '@chakra-ui/react';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { formatInteger, formatMoney } from '../../../shared/format';
import { DataTable, META } from '../../components/DataTable';
import { contagem, pernasDe, podeSelecionar, valorDaLinha, type LinhaCompra } from './figures';
import { StatusBadge, statusLabel } from '../../widgets/status-mt5';

type Mostrar = 'todos' | 'selecionados' | 'elegiveis' | 'nao_elegiveis';
const MOSTRAR: Array<{ value: Mostrar; label: string }> = [
  { value: 'todos', label: 'Todos' },
  { value: 'selecionados', label: 'Selecionados' },
  { value: 'elegiveis', label: 'Elegíveis' },
  { value: 'nao_elegiveis', label: 'Não elegíveis' },
];
const filtros: Record<Mostrar, (l: LinhaCompra) => boolean> = {
  todos: () => true,
  selecionados: (l) => l.selecionado,
  elegiveis: (l) => l.item.elegivel,
  nao_elegiveis: (l) => !l.item.elegivel,
};

const Checkbox = chakra('input', {
  base: {
    width: '4',
    height: '4',
    cursor: 'pointer',
    accentColor: 'var(--chakra-colors-gold-solid)',
  },
});

const ALTERADA = 'Alterada: valide de novo';
type Validacoes = LinhaCompra['item']['validacoes'];
const textoDaPerna = (v: Validacoes[number]) => (v.ok ? 'OK' : v.motivo || 'inválido');

/**
 * The checks of a row: each leg OK, its reason or 'inválido' (once when every leg says the same), then why the
 * default selection leaves the client out when the legs do not already say it (a terminal that cannot be asked,
 * an open position, no money).
 */
function partesDaValidacao(linha: LinhaCompra) {
  const { validacoes, motivo } = linha.item;
  const iguais = validacoes.every((v) => textoDaPerna(v) === textoDaPerna(validacoes[0]!));
  const partes = iguais ? validacoes.slice(0, 1).map((v) => ({ ...v, symbol: '' })) : validacoes;
  const extra = motivo && !validacoes.some((v) => textoDaPerna(v) === motivo) ? motivo : null;
  return { partes, extra };
}

/** The row's checks as one text (the cell's title, the export): null when there are none. */
function textoDaValidacao(linha: LinhaCompra): string | null {
  if (linha.alterada) return ALTERADA;
  const { partes, extra } = partesDaValidacao(linha);
  const textos = [
    ...partes.map((v) => `${v.symbol ? `${v.symbol}: ` : ''}${textoDaPerna(v)}`),
    extra,
  ].filter(Boolean);
  return textos.length ? textos.join(' · ') : null;
}

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

const col = createColumnHelper<LinhaCompra>();

interface Props {
  ticker: string;
  linhas: LinhaCompra[];
  disabled: boolean;
  onSelect: (clientes: number[], selecionado: boolean) => void;
  onQuantidade: (cliente: number, quantidade: number) => void;
}

/**
 * The lote's grid: one row per client, virtualised (hundreds of clients stay smooth), sortable, with a filter
 * by name and by selection, a tick per client and an editable quantity (applied when the field is left).
 */
export function CompraGrid({ ticker, linhas, disabled, onSelect, onQuantidade }: Props) {
  const [nome, setNome] = useState('');
  const [mostrar, setMostrar] = useState<Mostrar>('todos');
  const visiveis = useMemo(() => {
    const busca = nome.trim().toLocaleLowerCase('pt-BR');
    return linhas.filter(
      (l) =>
        filtros[mostrar](l) && (!busca || l.item.nome.toLocaleLowerCase('pt-BR').includes(busca)),
    );
  }, [linhas, nome, mostrar]);
  const marcaveis = useMemo(() => visiveis.filter(podeSelecionar), [visiveis]);
  const todosMarcados = marcaveis.length > 0 && marcaveis.every((l) => l.selecionado);

  const columns = useMemo(
    () => [
      col.display({
        id: 'selecionar',
        header: () => (
          <Checkbox
            type="checkbox"
            aria-label="Selecionar todos os visíveis"
            checked={todosMarcados}
            disabled={disabled || marcaveis.length === 0}
            onChange={(e) =>
              onSelect(
                marcaveis.map((l) => l.item.cliente),
                e.target.checked,
              )
            }
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
        cell: (c) => {
          const linha = c.row.original;
          return (
            <Input
              // A new server value replaces what the field shows.
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
                const value = Math.trunc(Number(e.target.value));
                if (Number.isFinite(value) && value >= 0 && value !== linha.quantidade) {
                  onQuantidade(linha.item.cliente, value);
                }
              }}
              onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
            />
          );
        },
        meta: META.inteiro,
      }),
      col.accessor(
        (l) =>
          pernasDe(l, ticker)
            .map((p) => `${p.symbol} ${formatInteger(p.quantidade)}`)
            .join(' · '),
        {
          id: 'pernas',
          header: 'Pernas',
          enableSorting: false,
          cell: (c) => c.getValue() || '—',
        },
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
    ],
    [ticker, disabled, onSelect, onQuantidade, todosMarcados, marcaveis],
  );

  return (
    <Stack gap="3">
      <HStack gap="3" wrap="wrap" align="end">
        <Input
          size="sm"
          maxW="64"
          placeholder="Filtrar por nome"
          aria-label="Filtrar por nome"
          value={nome}
          onChange={(e) => setNome(e.target.value)}
        />
        <NativeSelect.Root size="sm" maxW="48">
          <NativeSelect.Field
            aria-label="Mostrar"
            value={mostrar}
            onChange={(e) => setMostrar(e.target.value as Mostrar)}
          >
            {MOSTRAR.map((m) => (
              <option key={m.value} value={m.value}>
                {m.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Text fontSize="sm" color="fg.muted">
          {visiveis.length === linhas.length
            ? contagem(linhas.length, 'cliente', 'clientes')
            : `${formatInteger(visiveis.length)} de ${contagem(linhas.length, 'cliente', 'clientes')}`}
        </Text>
      </HStack>
      <DataTable
        label="Clientes do lote"
        columns={columns}
        data={visiveis}
        getRowId={(l) => String(l.item.cliente)}
        emptyText="Nenhum cliente neste filtro."
        maxHeight={520}
        exportacao={{ nome: 'Lote de compra', de: ticker }}
      />
    </Stack>
  );
}
