import { Button, Field, HStack, NativeSelect } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  EstadoAlertaSchema,
  TIPO_ALERTA_NOME,
  TIPOS_ALERTA,
  type EstadoAlerta,
  type TipoAlerta,
} from '../../../contract';
import type { AlertaFiltros } from '../../api/alertas';
import { clientesQueries } from '../../api/clientes';
import { ESTADO_ALERTA } from './labels';

function Filtro({
  label,
  value,
  onChange,
  todos,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  todos: string;
  children: ReactNode;
}) {
  return (
    <Field.Root width={{ base: 'full', sm: '52' }}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{todos}</option>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

interface Props {
  filtros: AlertaFiltros;
  onFiltros: (filtros: AlertaFiltros) => void;
  onRefresh: () => void;
  refreshing: boolean;
}

/** The list's filters (estado, tipo, cliente), Limpar Filtros while any is set, and Atualizar. */
export function AlertasFiltros({ filtros, onFiltros, onRefresh, refreshing }: Props) {
  const clientes = useQuery(clientesQueries.list());
  const algumFiltro = Object.values(filtros).some((v) => v !== undefined);
  return (
    <HStack gap="3" align="start" wrap="wrap">
      <Filtro
        label="Estado"
        todos="Todos"
        value={filtros.estado ?? ''}
        onChange={(v) => onFiltros({ ...filtros, estado: (v || undefined) as EstadoAlerta })}
      >
        {EstadoAlertaSchema.options.map((e) => (
          <option key={e} value={e}>
            {ESTADO_ALERTA[e].label}
          </option>
        ))}
      </Filtro>
      <Filtro
        label="Tipo"
        todos="Todos"
        value={filtros.tipo ?? ''}
        onChange={(v) => onFiltros({ ...filtros, tipo: (v || undefined) as TipoAlerta })}
      >
        {TIPOS_ALERTA.map((t) => (
          <option key={t} value={t}>
            {TIPO_ALERTA_NOME[t]}
          </option>
        ))}
      </Filtro>
      <Filtro
        label="Cliente"
        todos="Todos"
        value={filtros.cliente === undefined ? '' : String(filtros.cliente)}
        onChange={(v) => onFiltros({ ...filtros, cliente: v ? Number(v) : undefined })}
      >
        {(clientes.data ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {c.nome ?? `Cliente ${c.id}`}
          </option>
        ))}
      </Filtro>
      <HStack alignSelf={{ base: 'stretch', sm: 'end' }} gap="2">
        {algumFiltro && (
          <Button size="sm" variant="outline" onClick={() => onFiltros({})}>
            Limpar Filtros
          </Button>
        )}
        <Button size="sm" onClick={onRefresh} loading={refreshing}>
          Atualizar
        </Button>
      </HStack>
    </HStack>
  );
}
