import { Heading, Stack, Tabs } from '@chakra-ui/react';
import { RentabilidadeLivroAba } from '../../widgets/rentabilidade';
import { ConciliacaoTab } from './ConciliacaoTab';
import { ExposicaoTab } from './ExposicaoTab';
import { PatrimonioTab } from './PatrimonioTab';
import { PosicionadasTab } from './PosicionadasTab';
import { RecomendacoesTab } from './RecomendacoesTab';

export function ControleRvPage() {
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        Painel de Controle
      </Heading>
      {/* Each tab loads its data the first time it is opened, and keeps its filters when left. */}
      <Tabs.Root defaultValue="posicionadas" lazyMount variant="line">
        <Tabs.List flexWrap="wrap">
          <Tabs.Trigger value="posicionadas" whiteSpace="nowrap">
            POSICIONADAS
          </Tabs.Trigger>
          <Tabs.Trigger value="patrimonio" whiteSpace="nowrap">
            PATRIMÔNIO DISPONÍVEL
          </Tabs.Trigger>
          <Tabs.Trigger value="recomendacoes" whiteSpace="nowrap">
            RECOMENDAÇÕES
          </Tabs.Trigger>
          <Tabs.Trigger value="conciliacao" whiteSpace="nowrap">
            CONCILIAÇÃO
          </Tabs.Trigger>
          <Tabs.Trigger value="rentabilidade" whiteSpace="nowrap">
            RENTABILIDADE
          </Tabs.Trigger>
          <Tabs.Trigger value="exposicao" whiteSpace="nowrap">
            EXPOSIÇÃO
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="posicionadas">
          <PosicionadasTab />
        </Tabs.Content>
        <Tabs.Content value="patrimonio">
          <PatrimonioTab />
        </Tabs.Content>
        <Tabs.Content value="recomendacoes">
          <RecomendacoesTab />
        </Tabs.Content>
        <Tabs.Content value="conciliacao">
          <ConciliacaoTab />
        </Tabs.Content>
        <Tabs.Content value="rentabilidade">
          <RentabilidadeLivroAba />
        </Tabs.Content>
        <Tabs.Content value="exposicao">
          <ExposicaoTab />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
