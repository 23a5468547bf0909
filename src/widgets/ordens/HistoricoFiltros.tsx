import { Button, Field, HStack, Input, NativeSelect } from '@chakra-ui/react';
import { EstadoOrdemSchema } from '../../../contract';
import { DateInput } from '../../components/DateInput';
import { acaoIncompleta, periodoInvertido, VAZIO, type Campos } from './historico';
import { ESTADO_ORDEM } from './labels';

const ESTADOS = EstadoOrdemSchema.options;

interface Props {
  campos: Campos;
  onChange: (campos: Campos) => void;
  /** The clients to filter by; none where the client is fixed (the portfolio's ORDENS tab). */
  clientes?: ReadonlyArray<{ id: number; nome: string | null }>;
  onRefresh: () => void;
  refreshing: boolean;
}

/** The history's filters: client, ticker, state and period, Limpar Filtros while any is set, and Atualizar. */
export function HistoricoFiltros({ campos, onChange, clientes, onRefresh, refreshing }: Props) {
  const set = (campo: keyof Campos) => (value: string) => onChange({ ...campos, [campo]: value });
  return (
    <HStack gap="3" align="start" wrap="wrap">
      {clientes && (
        <Field.Root width={{ base: 'full', sm: '60' }}>
          <Field.Label>Cliente</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={campos.cliente}
              onChange={(e) => set('cliente')(e.target.value)}
            >
              <option value="">Todos</option>
              {clientes.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.nome ?? `Cliente ${c.id}`}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      )}
      <Field.Root width={{ base: 'full', sm: '32' }} invalid={acaoIncompleta(campos)}>
        <Field.Label>Ação</Field.Label>
        <Input
          size="sm"
          value={campos.acao}
          onChange={(e) => set('acao')(e.target.value)}
          placeholder="PETR4"
          textTransform="uppercase"
          autoComplete="off"
        />
        <Field.ErrorText>Informe um ticker, como PETR4.</Field.ErrorText>
      </Field.Root>
      <Field.Root width={{ base: 'full', sm: '44' }}>
        <Field.Label>Estado</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={campos.estado} onChange={(e) => set('estado')(e.target.value)}>
            <option value="">Todos</option>
            {ESTADOS.map((e) => (
              <option key={e} value={e}>
                {ESTADO_ORDEM[e].label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root width={{ base: 'full', sm: '40' }}>
        <Field.Label>De</Field.Label>
        <DateInput size="sm" value={campos.de} onChange={set('de')} />
      </Field.Root>
      <Field.Root width={{ base: 'full', sm: '40' }} invalid={periodoInvertido(campos)}>
        <Field.Label>Até</Field.Label>
        <DateInput size="sm" value={campos.ate} onChange={set('ate')} />
        <Field.ErrorText>O fim do período não pode ser anterior ao início.</Field.ErrorText>
      </Field.Root>
      <HStack alignSelf={{ base: 'stretch', sm: 'end' }} pt={{ sm: '6' }} gap="2">
        {campos !== VAZIO && (
          <Button size="sm" variant="outline" onClick={() => onChange(VAZIO)}>
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
