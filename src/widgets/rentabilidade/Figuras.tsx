import { Alert, Box, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { Fontes, PeriodoRentabilidade } from '../../../contract';
import { corDoRetorno, percentual, textoDasFontes } from './rentabilidade-state';

/** One figure of the period: its name, its value, and what it means when that is not obvious. */
function Figura({
  rotulo,
  valor,
  colorir = true,
  ajuda,
}: {
  rotulo: string;
  valor: number | null;
  colorir?: boolean;
  ajuda?: string;
}) {
  return (
    <Box borderWidth="1px" rounded="md" p={{ base: '2', sm: '3' }} bg="bg" title={ajuda}>
      <Text fontSize={{ base: 'xs', sm: 'sm' }} color="fg.muted">
        {rotulo}
      </Text>
      <Text
        fontSize={{ base: 'md', sm: 'xl' }}
        fontWeight="semibold"
        fontVariantNumeric="tabular-nums"
        color={colorir ? corDoRetorno(valor) : undefined}
      >
        {percentual(valor)}
      </Text>
    </Box>
  );
}

/** The period's figures: the return and the benchmarks first, then the money-weighted return and the risk. */
export function FigurasDoPeriodo({
  periodo,
  label,
}: {
  periodo: PeriodoRentabilidade;
  label: string;
}) {
  return (
    <SimpleGrid role="group" aria-label={label} columns={{ base: 3, md: 4, xl: 7 }} gap="2">
      <Figura
        rotulo="Rentabilidade"
        valor={periodo.retorno}
        ajuda="Ponderada pelo tempo: aportes e resgates não a mudam."
      />
      <Figura rotulo="CDI" valor={periodo.cdi} colorir={false} />
      <Figura rotulo="% do CDI" valor={periodo.percentual_cdi} colorir={false} />
      <Figura rotulo="Ibovespa" valor={periodo.ibov} />
      <Figura
        rotulo="Retorno (dinheiro)"
        valor={periodo.retorno_mwr}
        ajuda="Ponderado pelo dinheiro: a taxa interna das compras, vendas e proventos do período."
      />
      <Figura
        rotulo="Volatilidade"
        valor={periodo.volatilidade}
        colorir={false}
        ajuda="Desvio padrão dos retornos diários, anualizado (× √252)."
      />
      <Figura
        rotulo="Maior queda"
        valor={periodo.max_drawdown}
        ajuda="A maior queda desde um pico anterior dentro do período."
      />
    </SimpleGrid>
  );
}

/** Where the CDI and the Ibovespa came from, and what was estimated or is missing, in the server's words. */
export function FontesEAvisos({ fontes, avisos }: { fontes: Fontes; avisos: readonly string[] }) {
  return (
    <Stack gap="2">
      {avisos.length > 0 && (
        <Stack gap="2" role="group" aria-label="Avisos da rentabilidade">
          {avisos.map((aviso) => (
            <Alert.Root key={aviso} status="info" size="sm">
              <Alert.Indicator />
              <Alert.Title fontWeight="normal">{aviso}</Alert.Title>
            </Alert.Root>
          ))}
        </Stack>
      )}
      <Text fontSize="sm" color="fg.muted">
        {textoDasFontes(fontes).join(' ')}
      </Text>
    </Stack>
  );
}
