import { Box, Flex, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { Alocacao as AlocacaoDoPeriodo } from '../../../contract';
import { formatMoney } from '../../../shared/format';
import { nomeDaClasse, nomeDoSetor, percentual } from './rentabilidade-state';
import { fatiasDaRosca, type ItemDaRosca } from './rosca';

/** One donut and its legend (name, weight, value), largest first. */
function Rosca({ titulo, itens }: { titulo: string; itens: ItemDaRosca[] }) {
  const fatias = fatiasDaRosca(itens);
  const descricao = fatias.map((f) => `${f.nome} ${percentual(f.peso)}`).join(', ');
  return (
    <Stack gap="2" role="group" aria-label={titulo}>
      <Heading as="h4" size="sm">
        {titulo}
      </Heading>
      {fatias.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          Nenhuma posição no fim do período.
        </Text>
      ) : (
        <Flex
          gap="4"
          align={{ base: 'start', sm: 'center' }}
          direction={{ base: 'column', sm: 'row' }}
        >
          <svg
            viewBox="-1.05 -1.05 2.1 2.1"
            width="132"
            height="132"
            role="img"
            aria-label={`${titulo}: ${descricao}`}
          >
            {fatias.map((f) => (
              <path
                key={f.nome}
                d={f.d}
                fill={f.cor}
                fillRule="evenodd"
                stroke="#fff"
                strokeWidth={0.015}
              >
                <title>{`${f.nome}: ${percentual(f.peso)}`}</title>
              </path>
            ))}
          </svg>
          <Stack as="ul" listStyleType="none" gap="1" fontSize="sm" flex="1" w="full" minW="0">
            {fatias.map((f) => (
              <Box as="li" key={f.nome}>
                <HStack gap="2" justify="space-between" w="full">
                  <HStack gap="2" minW="0">
                    <Box w="3" h="3" rounded="sm" bg={f.cor} flexShrink={0} />
                    <Text truncate>{f.nome}</Text>
                  </HStack>
                  <Text fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
                    {percentual(f.peso)}{' '}
                    <Text as="span" color="fg.muted">
                      {formatMoney(f.valor)}
                    </Text>
                  </Text>
                </HStack>
              </Box>
            ))}
          </Stack>
        </Flex>
      )}
    </Stack>
  );
}

/** The value at the period's last close by sector and by class, each as a donut read at a glance. */
export function Alocacao({ alocacao }: { alocacao: AlocacaoDoPeriodo }) {
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
      <Rosca
        titulo="Por setor"
        itens={alocacao.setores.map((s) => ({
          nome: nomeDoSetor(s.setor),
          valor: s.valor,
          peso: s.peso,
        }))}
      />
      <Rosca
        titulo="Por classe"
        itens={alocacao.classes.map((c) => ({
          nome: nomeDaClasse(c.classe),
          valor: c.valor,
          peso: c.peso,
        }))}
      />
    </SimpleGrid>
  );
}
