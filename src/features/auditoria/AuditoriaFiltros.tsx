import { Button, Field, HStack, Input, NativeSelect } from '@chakra-ui/react';
import { useState } from 'react';
import { DateInput } from '../../components/DateInput';
import { ACOES, ENTIDADES, periodoInvertido, VAZIO, type Campos } from './auditoria-state';

interface Props {
  campos: Campos;
  onChange: (campos: Campos) => void;
  /** The usernames offered while typing (the users' list); others (cli:…, server) may be typed. */
  usuarios: readonly string[];
  onRefresh: () => void;
  refreshing: boolean;
}

/** Two fields a line on a phone (the line's gap is 3, 12 px). */
const METADE = 'calc(50% - 6px)';

const porNome = (mapa: Readonly<Record<string, string>>) =>
  Object.entries(mapa).sort(([, a], [, b]) => a.localeCompare(b, 'pt-BR'));

/** The audit's filters: who, what kind of record, what was done, the period; Limpar Filtros and Atualizar. */
export function AuditoriaFiltros({ campos, onChange, usuarios, onRefresh, refreshing }: Props) {
  const set = (campo: keyof Campos) => (value: string) => onChange({ ...campos, [campo]: value });
  // The name is asked once confirmed (Enter, or leaving the field): not a request per key.
  const [usuario, setUsuario] = useState(campos.usuario);
  const [visto, setVisto] = useState(campos.usuario);
  if (campos.usuario !== visto) {
    setVisto(campos.usuario);
    setUsuario(campos.usuario);
  }
  const confirmUsuario = () => usuario !== campos.usuario && set('usuario')(usuario);

  return (
    <HStack gap="3" align="start" wrap="wrap">
      <Field.Root width={{ base: 'full', sm: '48' }}>
        <Field.Label>Usuário</Field.Label>
        <Input
          size="sm"
          value={usuario}
          list="auditoria-usuarios"
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => setUsuario(e.target.value)}
          onBlur={confirmUsuario}
          onKeyDown={(e) => {
            if (e.key === 'Enter') confirmUsuario();
          }}
        />
        <datalist id="auditoria-usuarios">
          {usuarios.map((u) => (
            <option key={u} value={u} />
          ))}
        </datalist>
      </Field.Root>
      <Field.Root width={{ base: METADE, sm: '52' }}>
        <Field.Label>Entidade</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            value={campos.entidade}
            onChange={(e) => set('entidade')(e.target.value)}
          >
            <option value="">Todas</option>
            {porNome(ENTIDADES).map(([codigo, nome]) => (
              <option key={codigo} value={codigo}>
                {nome}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root width={{ base: METADE, sm: '56' }}>
        <Field.Label>Ação</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={campos.acao} onChange={(e) => set('acao')(e.target.value)}>
            <option value="">Todas</option>
            {porNome(ACOES).map(([codigo, nome]) => (
              <option key={codigo} value={codigo}>
                {nome}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root width={{ base: METADE, sm: '36' }}>
        <Field.Label>De</Field.Label>
        <DateInput size="sm" value={campos.de} onChange={set('de')} />
      </Field.Root>
      <Field.Root width={{ base: METADE, sm: '36' }} invalid={periodoInvertido(campos)}>
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
