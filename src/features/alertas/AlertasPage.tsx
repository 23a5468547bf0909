import { Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { AlertaFiltros } from '../../api/alertas';
import { AlertasLista } from './AlertasLista';
import { Preferencias } from './Preferencias';
import { RegrasPreco } from './RegrasPreco';
import { alertasSearch, type AbaAlertas } from './search';

const ABAS: Array<[AbaAlertas, string]> = [
  ['alertas', 'Alertas'],
  ['regras', 'Regras de preço'],
  ['preferencias', 'Preferências'],
];

/**
 * Alertas (issue 31): every alert the server raised, filtered and handled (acknowledged, snoozed); the user's
 * own price rules; and how the user is told of each type. The tab and the filters live in the address.
 */
export function AlertasPage() {
  const { aba = 'alertas', ...filtros } = alertasSearch(
    useSearch({ strict: false }) as Record<string, unknown>,
  );
  const navigate = useNavigate();
  const go = (search: { aba?: AbaAlertas } & AlertaFiltros) =>
    void navigate({ to: '/alertas', search, replace: true });

  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        Alertas
      </Heading>
      <Text color="fg.muted" fontSize="sm" maxW="4xl">
        O servidor acompanha alvos e stops, regras de preço, datas ex, terminais e ordens em dúvida
        e avisa uma vez a quem deve saber. Reconhecer um alerta encerra as repetições; adiar
        suspende os avisos até o momento escolhido.
      </Text>
      <Tabs.Root
        value={aba}
        onValueChange={({ value }) =>
          go(value === 'alertas' ? filtros : { aba: value as AbaAlertas })
        }
        variant="line"
        lazyMount
      >
        <Tabs.List flexWrap="wrap">
          {ABAS.map(([value, label]) => (
            <Tabs.Trigger key={value} value={value} whiteSpace="nowrap">
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="alertas">
          <AlertasLista filtros={filtros} onFiltros={go} />
        </Tabs.Content>
        <Tabs.Content value="regras">
          <RegrasPreco />
        </Tabs.Content>
        <Tabs.Content value="preferencias">
          <Preferencias />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
