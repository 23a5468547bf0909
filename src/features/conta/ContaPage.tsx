import { Card, DataList, Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PAPEL_NOME } from '../../../contract';
import { DASH } from '../../../shared/format';
import { contaQueries } from '../../api/conta';
import { LoadError } from '../../components/LoadError';
import { SegundoFator } from './SegundoFator';
import { SenhaForm } from './SenhaForm';
import { Sessoes } from './Sessoes';

function Secao({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <Card.Root as="section" aria-label={titulo}>
      <Card.Header>
        <Card.Title as="h2">{titulo}</Card.Title>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

/** Minha conta (issue 32): who I am, my password, my second factor and my open sessions. */
export function ContaPage() {
  const eu = useQuery(contaQueries.eu());
  return (
    <Stack gap="5" maxW="5xl">
      <Heading as="h1" size="lg">
        Minha conta
      </Heading>
      {eu.isError ? (
        <LoadError
          what="a sua conta"
          error={eu.error}
          onRetry={() => void eu.refetch()}
          retrying={eu.isRefetching}
        />
      ) : !eu.data ? (
        <Text color="fg.muted">Carregando...</Text>
      ) : (
        <>
          <Secao titulo="Dados">
            <DataList.Root orientation="horizontal" size="sm">
              {[
                ['Usuário', eu.data.username],
                ['E-mail', eu.data.email ?? DASH],
                ['Papel', PAPEL_NOME[eu.data.papel]],
              ].map(([rotulo, valor]) => (
                <DataList.Item key={rotulo}>
                  <DataList.ItemLabel>{rotulo}</DataList.ItemLabel>
                  <DataList.ItemValue>{valor}</DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList.Root>
          </Secao>
          <Secao titulo="Senha">
            <SenhaForm />
          </Secao>
          <Secao titulo="Segundo fator">
            <SegundoFator eu={eu.data} />
          </Secao>
        </>
      )}
      <Secao titulo="Sessões">
        <Sessoes />
      </Secao>
    </Stack>
  );
}
