import { Card, DataList, SimpleGrid } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { ResumoCliente } from '../../../contract';
import { formatInteger, formatMoney, formatPercent } from '../../../shared/format';
import { ValorComSinal } from '../../components/ValorComSinal';
import { resultadoAtual } from './figures';

function Valor({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue justifyContent="flex-end" fontVariantNumeric="tabular-nums">
        {children}
      </DataList.ItemValue>
    </DataList.Item>
  );
}

/** A signed figure in the summary, coloured by its sign. */
const ComSinal = ({
  value,
  format,
}: {
  value: number | null;
  format: (v: number | null) => string;
}) => (
  <ValorComSinal value={value} fontWeight="semibold">
    {format(value)}
  </ValorComSinal>
);

/** Patrimônio and Posição Consolidada; without a summary every value is a dash. */
export function ResumoCards({ resumo }: { resumo: ResumoCliente | undefined }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <Card.Root>
        <Card.Header>
          <Card.Title>Patrimônio</Card.Title>
        </Card.Header>
        <Card.Body>
          <DataList.Root orientation="horizontal" size="lg">
            <Valor label="Patrimônio">{formatMoney(resumo?.patrimonio)}</Valor>
            <Valor label="% do patrimônio para renda variável">
              {formatPercent(resumo?.percentual_patrimonio)}
            </Valor>
            <Valor label="Total posicionado">{formatMoney(resumo?.posicionadas)}</Valor>
            <Valor label="Valor disponível">
              <ComSinal value={resumo?.valor_disponivel ?? null} format={formatMoney} />
            </Valor>
          </DataList.Root>
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Header>
          <Card.Title>Posição Consolidada</Card.Title>
        </Card.Header>
        <Card.Body>
          <DataList.Root orientation="horizontal" size="lg">
            <Valor label="Rentabilidade realizada">
              <ComSinal value={resumo?.realizadas ?? null} format={formatMoney} />
            </Valor>
            <Valor label="Rentabilidade posicionada">
              <ComSinal value={resumo?.posicionado ?? null} format={formatMoney} />
            </Valor>
            <Valor label="Resultado atual">
              <ComSinal value={resultadoAtual(resumo)} format={formatMoney} />
            </Valor>
            <Valor label="Dias desde a primeira compra">{formatInteger(resumo?.dias_total)}</Valor>
            <Valor label="Rentabilidade média mensal">
              <ComSinal value={resumo?.rentabilidade_mensal ?? null} format={formatPercent} />
            </Valor>
            <Valor label="Proventos recebidos">{formatMoney(resumo?.proventos_recebidos)}</Valor>
          </DataList.Root>
        </Card.Body>
      </Card.Root>
    </SimpleGrid>
  );
}
