import { HStack, IconButton, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { Cliente, ClienteStatus } from '../../../contract';
import { DASH, formatDocumento, formatPercent, formatTelefone } from '../../../shared/format';
import { META } from '../../components/DataTable';
import { StatusDot, statusView } from '../../widgets/status-mt5';

const col = createColumnHelper<Cliente>();
const text = (value: string | null) => value || DASH;

/** Long names and e-mails are cut with an ellipsis (whole in the title) so the row keeps one line. */
function Clipped({ value }: { value: string | null }) {
  return (
    <Text
      as="span"
      display="block"
      maxW={{ base: '8rem', md: '14rem' }}
      truncate
      title={value ?? undefined}
    >
      {text(value)}
    </Text>
  );
}

function Icon({ d }: { d: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden
    >
      <path d={d} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
const PENCIL = 'M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z';
const TRASH = 'M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6';
const WALLET = 'M3 7h18v13H3zM3 7l3-4h12l3 4M16 13h2';

function Action({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <IconButton
      aria-label={label}
      title={label}
      size="xs"
      variant="ghost"
      colorPalette="gray"
      onClick={onClick}
    >
      {children}
    </IconButton>
  );
}

interface Acoes {
  onEdit: (cliente: Cliente) => void;
  onDelete: (cliente: Cliente) => void;
}

/** The client list's columns: the client's data, its MT5 status (measured apart) and the row's buttons. */
export const colunasDosClientes = (
  statusById: ReadonlyMap<number, ClienteStatus>,
  { onEdit, onDelete }: Acoes,
  /** The models' names by id (issue 33): the model each client follows. */
  modelos: ReadonlyMap<number, string> = new Map(),
) => [
  col.accessor('nome', { header: 'Nome', cell: (c) => <Clipped value={c.getValue()} /> }),
  col.accessor('email', { header: 'Email', cell: (c) => <Clipped value={c.getValue()} /> }),
  col.accessor('documento', {
    header: 'Documento',
    cell: (c) => formatDocumento(c.getValue()),
    meta: { exportar: (cl) => (cl.documento ? formatDocumento(cl.documento) : null) },
  }),
  col.accessor('telefone', {
    header: 'Telefone',
    cell: (c) => formatTelefone(c.getValue()),
    meta: { exportar: (cl) => (cl.telefone ? formatTelefone(cl.telefone) : null) },
  }),
  col.accessor('codigo_xp', { header: 'Código XP', cell: (c) => text(c.getValue()) }),
  col.accessor('percentual_patrimonio', {
    header: '% Patrimônio',
    meta: { ...META.percentual, exportar: (cl) => cl.percentual_patrimonio || null },
    // 0 is what the server stores for a blank percent: shown as empty.
    cell: (c) => (c.getValue() ? formatPercent(c.getValue()) : DASH),
  }),
  col.accessor('vm', { header: 'VM Nome', cell: (c) => text(c.getValue()) }),
  col.accessor('vm_ip', { header: 'VM IP', cell: (c) => text(c.getValue()) }),
  col.accessor('vm_private_ip', { header: 'VM IP Privado', cell: (c) => text(c.getValue()) }),
  // Read from the models at each render (as the status): they may arrive after the clients.
  col.display({
    id: 'modelo',
    header: 'Modelo',
    meta: { exportar: (cl) => (cl.modelo ? (modelos.get(cl.modelo) ?? null) : null) },
    cell: (c) => (
      <Clipped
        value={c.row.original.modelo ? (modelos.get(c.row.original.modelo) ?? null) : null}
      />
    ),
  }),
  col.display({
    id: 'status',
    header: 'Status MT5',
    size: 104,
    cell: (c) => <StatusDot status={statusById.get(c.row.original.id)} />,
    meta: { pinRight: true, exportar: (cl) => statusView(statusById.get(cl.id)).text },
  }),
  col.display({
    id: 'actions',
    header: 'Ações',
    size: 112,
    meta: { pinRight: true },
    cell: (c) => (
      <HStack gap="0">
        <Action label="Editar" onClick={() => onEdit(c.row.original)}>
          <Icon d={PENCIL} />
        </Action>
        <Action label="Deletar" onClick={() => onDelete(c.row.original)}>
          <Icon d={TRASH} />
        </Action>
        <IconButton
          asChild
          aria-label="Abrir carteira"
          title="Abrir carteira"
          size="xs"
          variant="ghost"
          colorPalette="gray"
        >
          <RouterLink to="/clientes/$id/carteira" params={{ id: String(c.row.original.id) }}>
            <Icon d={WALLET} />
          </RouterLink>
        </IconButton>
      </HStack>
    ),
  }),
];
