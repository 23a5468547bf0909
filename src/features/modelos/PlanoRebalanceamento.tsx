import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { Modelo, PlanoCliente } from '../../../contract';
import { DataTable } from '../../components/DataTable';
import { colunasDoMapa } from './mapaColunas';
import { colunasDasOrdens } from './ordensColunas';
import {
  avisosDe,
  contagem,
  excluidosDe,
  mapaDe,
  ordensDe,
  totaisDe,
} from './rebalanceamento-state';

interface Props {
  modelo: Modelo;
  itens: PlanoCliente[];
  /** Null: the role may not send (issue 32), no Enviar. */
  onEnviar: (() => void) | null;
  /** The plan was sent: Enviar is not offered again for it. */
  enviado: boolean;
}

/** The heat map's key: what the colours, arrows and bold type say. */
function Legenda({ faixa }: { faixa: Modelo['faixa'] }) {
  return (
    <Text fontSize="xs" color="fg.muted">
      Desvio do peso-alvo {faixa.tipo === 'absoluta' ? 'em pontos percentuais' : 'em % do alvo'}: ▲
      laranja acima do alvo (vende), ▼ azul abaixo (compra); em negrito e mais forte, fora da faixa.
    </Text>
  );
}

/**
 * The validated plan: how many send what (Enviar), the warnings, who is left out and why, the heat map of drift
 * (clients × tickers, with the cash after) and every order with its legs, each grid exported as the others are.
 */
export function PlanoRebalanceamento({ modelo, itens, onEnviar, enviado }: Props) {
  const mapa = useMemo(() => mapaDe(itens, modelo.faixa), [itens, modelo.faixa]);
  const colunasMapa = useMemo(
    () => colunasDoMapa(mapa.tickers, modelo.faixa),
    [mapa.tickers, modelo.faixa],
  );
  const ordens = useMemo(() => ordensDe(itens), [itens]);
  const excluidos = excluidosDe(itens);
  const avisos = avisosDe(itens);
  const totais = totaisDe(itens);

  return (
    <Stack gap="5">
      <HStack gap="3" wrap="wrap">
        {onEnviar && (
          <Button onClick={onEnviar} disabled={totais.clientes === 0 || enviado}>
            Enviar
          </Button>
        )}
        <Text role="status" fontSize="sm" fontWeight="medium">
          {totais.clientes === 0
            ? 'Nenhuma ordem a enviar.'
            : `${contagem(totais.clientes, 'cliente', 'clientes')} com ordens · ${contagem(totais.vendas, 'venda', 'vendas')} · ${contagem(totais.compras, 'compra', 'compras')}`}
          {excluidos.length > 0 &&
            ` · ${contagem(excluidos.length, 'cliente fica', 'clientes ficam')} de fora`}
        </Text>
      </HStack>
      {avisos.length > 0 && (
        <Alert.Root status="warning" role="group" aria-label="Avisos do plano">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Avisos</Alert.Title>
            <Alert.Description>
              <Stack gap="1" as="ul" listStyleType="none">
                {avisos.map((a) => (
                  <li key={a.id}>
                    {a.nome}: {a.aviso}
                  </li>
                ))}
              </Stack>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {excluidos.length > 0 && (
        <Stack gap="1" role="group" aria-label="Clientes fora do plano">
          <Text fontWeight="semibold">Ficam de fora:</Text>
          {excluidos.map((e) => (
            <Text key={e.cliente} fontSize="sm">
              {e.nome}: {e.motivo}
            </Text>
          ))}
        </Stack>
      )}
      <Stack gap="2">
        <Text fontWeight="semibold">Mapa de desvios</Text>
        <Legenda faixa={modelo.faixa} />
        <DataTable
          label="Mapa de desvios"
          columns={colunasMapa}
          data={mapa.linhas}
          getRowId={(l) => String(l.plano.cliente)}
          emptyText="O modelo não tem clientes."
          exportacao={{ nome: 'Desvios', de: modelo.nome }}
        />
      </Stack>
      <Stack gap="2">
        <Text fontWeight="semibold">Ordens</Text>
        <DataTable
          label="Ordens do rebalanceamento"
          columns={colunasDasOrdens}
          data={ordens}
          getRowId={(o) => o.id}
          emptyText="Nenhuma ordem no plano."
          exportacao={{ nome: 'Rebalanceamento', de: modelo.nome }}
        />
      </Stack>
    </Stack>
  );
}
