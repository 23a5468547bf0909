import { HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { formatInteger } from '../../../shared/format';
import { DataTable } from '../../components/DataTable';
import { MOSTRAR, selecaoDosVisiveis, visiveis, type Mostrar } from './compra-grid-state';
import { colunasDaCompra } from './compraGridColunas';
import { contagem, type LinhaCompra } from './figures';

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
  const shown = useMemo(() => visiveis(linhas, nome, mostrar), [linhas, nome, mostrar]);
  const columns = useMemo(() => {
    const { marcaveis, todos } = selecaoDosVisiveis(shown);
    return colunasDaCompra({
      ticker,
      disabled,
      visiveis: { clientes: marcaveis.map((l) => l.item.cliente), todos },
      onSelect,
      onQuantidade,
    });
  }, [ticker, disabled, shown, onSelect, onQuantidade]);

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
          {shown.length === linhas.length
            ? contagem(linhas.length, 'cliente', 'clientes')
            : `${formatInteger(shown.length)} de ${contagem(linhas.length, 'cliente', 'clientes')}`}
        </Text>
      </HStack>
      <DataTable
        label="Clientes do lote"
        columns={columns}
        data={shown}
        getRowId={(l) => String(l.item.cliente)}
        emptyText="Nenhum cliente neste filtro."
        maxHeight={520}
        exportacao={{ nome: 'Lote de compra', de: ticker }}
      />
    </Stack>
  );
}
