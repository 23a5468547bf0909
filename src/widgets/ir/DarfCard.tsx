import {
  Alert,
  Button,
  Card,
  DataList,
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
            <DataList.Root orientation="horizontal">
              {camposDoDarf(darf.data).map((c) => (
                <DataList.Item key={c.campo}>
                  <DataList.ItemLabel minW="11rem">{c.campo}</DataList.ItemLabel>
                  <DataList.ItemValue>
                    <HStack gap="3" justify="space-between" w="full">
                      <Text fontWeight="semibold" fontVariantNumeric="tabular-nums">
                        {c.mostrado}
                      </Text>
                      {c.copiado !== null && (
                        <Button
                          size="xs"
                          variant="outline"
                          onClick={() => void copiar(c)}
                          aria-label={`Copiar ${c.campo}`}
                        >
                          Copiar
                        </Button>
                      )}
                    </HStack>
                  </DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList.Root>
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
