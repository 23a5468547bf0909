import {
  Alert,
  Box,
  Button,
  Card,
  Flex,
  HStack,
  Link,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { irQueries } from '../../api/ir';
import { camposDoDarf, mesesPagos, type CampoDarf } from './ir-state';

/** Sicalc, where the DARF is made from these fields. */
const SICALC = 'https://sicalc.receita.economia.gov.br/sicalc/principal';

type Copia = { campo: string; valor: string } | { campo: string; erro: true };

/**
 * The month's DARF (code 6015) as Sicalc asks for it, field by field, each with a button that copies the plain
 * value Sicalc accepts (dates dd/mm/aaaa, the value as 1234,56). What was copied is said in a status line.
 */
export function DarfCard({ clienteId, mes }: { clienteId: number; mes: string }) {
  const darf = useQuery(irQueries.darf(clienteId, mes));
  const [copia, setCopia] = useState<Copia | null>(null);

  const copiar = async ({ campo, copiado }: CampoDarf) => {
    if (copiado === null) return;
    try {
      await navigator.clipboard.writeText(copiado);
      setCopia({ campo, valor: copiado });
    } catch {
      setCopia({ campo, erro: true });
    }
  };

  return (
    <Card.Root as="section" borderColor="gold.muted" aria-label="DARF">
      <Card.Header>
        <Card.Title>DARF — código 6015</Card.Title>
        <Text fontSize="sm" color="fg.muted">
          Preencha no{' '}
          <Link href={SICALC} target="_blank" rel="noreferrer" color="gold.fg">
            Sicalc
          </Link>{' '}
          nesta ordem.
        </Text>
      </Card.Header>
      <Card.Body>
        {darf.isPending ? (
          <HStack>
            <Spinner size="sm" color="gold.solid" />
            <Text>Carregando o DARF...</Text>
          </HStack>
        ) : darf.isError ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{darf.error.message}</Alert.Title>
          </Alert.Root>
        ) : (
          <Stack gap="3">
            <Box as="dl">
              {camposDoDarf(darf.data).map((c) => (
                <Campo key={c.campo} campo={c} onCopiar={() => void copiar(c)} />
              ))}
            </Box>
            {mesesPagos(darf.data.meses) && (
              <Text fontSize="sm" color="fg.muted">
                {mesesPagos(darf.data.meses)} Os meses anteriores ficaram abaixo de R$ 10,00.
              </Text>
            )}
            <Text fontSize="sm" role="status" aria-live="polite" minH="5">
              {copia &&
                ('erro' in copia
                  ? `Não foi possível copiar ${copia.campo}: selecione o valor e copie-o.`
                  : `${copia.campo} copiado: ${copia.valor}`)}
            </Text>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * One field: its name, then its value and Copiar — side by side from a tablet's width, the name above on a
 * phone, so that neither the value nor the button is squeezed.
 */
function Campo({ campo, onCopiar }: { campo: CampoDarf; onCopiar: () => void }) {
  return (
    <Flex
      wrap={{ base: 'wrap', sm: 'nowrap' }}
      align="center"
      gap={{ base: '1', sm: '3' }}
      py="2"
      borderBottomWidth="1px"
      borderColor="border.muted"
    >
      <Box as="dt" flexBasis={{ base: '100%', sm: '11rem' }} flexShrink={0} color="fg.muted">
        {campo.campo}
      </Box>
      <Flex as="dd" flex="1" align="center" justify="space-between" gap="3" minW="0">
        <Text fontWeight="semibold" fontVariantNumeric="tabular-nums">
          {campo.mostrado}
        </Text>
        {campo.copiado !== null && (
          <Button
            size="xs"
            variant="outline"
            onClick={onCopiar}
            aria-label={`Copiar ${campo.campo}`}
          >
            Copiar
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
