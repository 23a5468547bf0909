import { chakra } from '@chakra-ui/react';
import { createColumnHelper } from '@tanstack/react-table';
import type { ClienteStatus, Mt5StatusValue, PosicaoPainel } from '../../../contract';
import { formatDate, formatInteger, formatNumber } from '../../../shared/format';
import { META } from '../../components/DataTable';
import { ValorComSinal } from '../../components/ValorComSinal';
import { CHECKING, StatusBadge, statusView } from '../../widgets/status-mt5';
import { resultado } from './venda-lote-state';

export const Checkbox = chakra('input', {
  base: {
    width: '4',
    height: '4',
    cursor: 'pointer',
    accentColor: 'var(--chakra-colors-gold-solid)',
  },
});

const col = createColumnHelper<PosicaoPainel>();

/** The sale's columns: who sells (a tick per operation, one for all), then each operation's figures. */
export function colunasDaVenda(
  operacoes: readonly PosicaoPainel[],
  fora: ReadonlySet<number>,
  toggle: (ids: number[], vende: boolean) => void,
  terminais: ReadonlyMap<string, ClienteStatus> = new Map(),
) {
  const terminal = (p: PosicaoPainel) => terminais.get(p.cliente);
  const todas = operacoes.length > 0 && operacoes.every((p) => !fora.has(p.id));
  const money = (id: 'preco_compra' | 'preco_atual', header: string) =>
    col.accessor((p) => p[id] ?? undefined, {
      id,
      header,
      sortUndefined: 'last',
      cell: (c) => formatNumber(c.getValue()),
      meta: META.dinheiro,
    });
  return [
    col.display({
      id: 'vender',
      header: () => (
        <Checkbox
          type="checkbox"
          aria-label="Selecionar todas"
          checked={todas}
          onChange={(e) =>
            toggle(
              operacoes.map((p) => p.id),
              e.target.checked,
            )
          }
        />
      ),
      meta: { ...META.simNao, titulo: 'Vender', exportar: (p) => !fora.has(p.id) },
      cell: (c) => (
        <Checkbox
          type="checkbox"
          aria-label={`Vender ${c.row.original.cliente}`}
          checked={!fora.has(c.row.original.id)}
          onChange={(e) => toggle([c.row.original.id], e.target.checked)}
        />
      ),
    }),
    col.accessor('cliente', { header: 'Cliente' }),
    // The terminal's last status (issue 34): a client whose terminal is not online starts unticked, and says why.
    col.accessor((p) => terminal(p)?.status, {
      id: 'terminal',
      header: 'Terminal',
      sortUndefined: 'last',
      cell: (c) => {
        const t = terminal(c.row.original);
        return t ? (
          <StatusBadge status={t.status as Mt5StatusValue} detalhe={t.detail} />
        ) : (
          <chakra.span color="fg.muted">{CHECKING}</chakra.span>
        );
      },
      meta: { exportar: (p) => statusView(terminal(p)).text },
    }),
    col.accessor((p) => p.data_compra ?? undefined, {
      id: 'data_compra',
      header: 'Data Compra',
      meta: META.data,
      sortUndefined: 'last',
      cell: (c) => formatDate(c.getValue()),
    }),
    col.accessor((p) => p.quantidade ?? undefined, {
      id: 'quantidade',
      header: 'Quantidade',
      sortUndefined: 'last',
      cell: (c) => formatInteger(c.getValue()),
      meta: META.inteiro,
    }),
    money('preco_compra', 'Preço Compra'),
    money('preco_atual', 'Preço Atual'),
    col.accessor((p) => resultado(p) ?? undefined, {
      id: 'resultado',
      header: 'Resultado (R$)',
      sortUndefined: 'last',
      cell: (c) => <ValorComSinal value={c.getValue()}>{formatNumber(c.getValue())}</ValorComSinal>,
      meta: META.dinheiro,
    }),
    col.accessor((p) => p.lucro_percentual ?? undefined, {
      id: 'lucro_percentual',
      header: 'Resultado (%)',
      sortUndefined: 'last',
      cell: (c) => <ValorComSinal value={c.getValue()}>{formatNumber(c.getValue())}</ValorComSinal>,
      meta: META.percentual,
    }),
  ];
}
