import { Button, Field, Flex, HStack } from '@chakra-ui/react';
import { DateInput } from '../../components/DateInput';
import { PERIODOS, type Escolha, type Periodo } from './rentabilidade-state';

/** A date field's message once it is complete (dd/mm/aaaa): while typing, nothing is wrong yet. */
const erroCompleto = (texto: string, erro: string | undefined) =>
  texto.length === 10 ? erro : undefined;

/**
 * The period: Mês, Ano, 12M, Desde o início or Personalizado, whose two dates (dd/mm/aaaa) appear when chosen; the
 * answer follows as soon as both are valid.
 */
export function PeriodoEscolha({
  escolha,
  erros,
  onPeriodo,
  onDatas,
}: {
  escolha: Escolha;
  erros: { de?: string; ate?: string } | undefined;
  onPeriodo: (periodo: Periodo) => void;
  onDatas: (datas: { de: string; ate: string }) => void;
}) {
  const erroAte = escolha.de.length === 10 ? erroCompleto(escolha.ate, erros?.ate) : undefined;
  return (
    <Flex gap="3" wrap="wrap" align="end">
      <HStack role="group" aria-label="Período" gap="1" wrap="wrap">
        {PERIODOS.map(({ valor, rotulo }) => (
          <Button
            key={valor}
            size="sm"
            variant={escolha.periodo === valor ? 'solid' : 'outline'}
            aria-pressed={escolha.periodo === valor}
            onClick={() => onPeriodo(valor)}
          >
            {rotulo}
          </Button>
        ))}
      </HStack>
      {escolha.periodo === 'personalizado' && (
        <HStack gap="2" align="start">
          <Field.Root invalid={Boolean(erroCompleto(escolha.de, erros?.de))} maxW="9.5rem">
            <Field.Label fontSize="sm">De</Field.Label>
            <DateInput
              size="sm"
              value={escolha.de}
              onChange={(de) => onDatas({ de, ate: escolha.ate })}
            />
            <Field.ErrorText>{erroCompleto(escolha.de, erros?.de)}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(erroAte)} maxW="9.5rem">
            <Field.Label fontSize="sm">Até</Field.Label>
            <DateInput
              size="sm"
              value={escolha.ate}
              onChange={(ate) => onDatas({ de: escolha.de, ate })}
            />
            <Field.ErrorText>{erroAte}</Field.ErrorText>
          </Field.Root>
        </HStack>
      )}
    </Flex>
  );
}
