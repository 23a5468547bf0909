import { Input, Table, Text } from '@chakra-ui/react';
import type { Leg, ValidacaoLeg } from '../../../../contract';

interface Props {
  legs: Leg[];
  validacoes: ValidacaoLeg[];
  disabled?: boolean;
  onChange: (index: number, quantidade: number) => void;
}

/** The suggested legs, with editable quantities and each leg's check: OK, the reason, or 'inválido'. */
export function LegsTable({ legs, validacoes, disabled, onChange }: Props) {
  return (
    <Table.Root size="sm" aria-label="Pernas sugeridas">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Símbolo</Table.ColumnHeader>
          <Table.ColumnHeader>Quantidade</Table.ColumnHeader>
          <Table.ColumnHeader>Validação</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {legs.map((leg, i) => {
          const check = validacoes.find((v) => v.symbol === leg.symbol);
          return (
            <Table.Row key={leg.symbol}>
              <Table.Cell fontWeight="medium">{leg.symbol}</Table.Cell>
              <Table.Cell>
                <Input
                  size="sm"
                  maxW="28"
                  type="number"
                  min={1}
                  step={1}
                  inputMode="numeric"
                  aria-label={`Quantidade ${leg.symbol}`}
                  value={Number.isFinite(leg.quantidade) ? leg.quantidade : ''}
                  disabled={disabled}
                  onChange={(e) =>
                    onChange(
                      i,
                      e.target.value === '' ? Number.NaN : Math.trunc(Number(e.target.value)),
                    )
                  }
                />
              </Table.Cell>
              <Table.Cell>
                {check === undefined ? (
                  <Text color="fg.muted">—</Text>
                ) : check.ok ? (
                  <Text color="green.600" fontWeight="medium">
                    OK
                  </Text>
                ) : (
                  <Text color="red.600">{check.motivo || 'inválido'}</Text>
                )}
              </Table.Cell>
            </Table.Row>
          );
        })}
      </Table.Body>
    </Table.Root>
  );
}
