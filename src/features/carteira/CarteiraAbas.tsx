import { Tabs } from '@chakra-ui/react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { ResumoCliente } from '../../../contract';
import { IrAba } from '../../widgets/ir';
import { HistoricoOrdens } from '../../widgets/ordens';
import { RentabilidadeAba } from '../../widgets/rentabilidade';
import type { AbaCarteira } from './abas';
import {
  PosicionadasTable,
  RealizadasTable,
  type OperacaoComCotacao,
  type RowActions,
} from './OperacoesTables';
import { ProventosTable } from './ProventosTable';
import { ResumoCards } from './ResumoCards';

const ABAS: Array<[AbaCarteira, string]> = [
  ['resumo', 'Resumo'],
  ['posicionadas', 'POSICIONADAS'],
  ['realizadas', 'REALIZADAS'],
  ['proventos', 'PROVENTOS'],
  ['ordens', 'ORDENS'],
  ['ir', 'IR'],
  ['rentabilidade', 'RENTABILIDADE'],
];

interface Props {
  clienteId: number;
  nome: string;
  resumo: ResumoCliente | undefined;
  posicionadas: OperacaoComCotacao[];
  realizadas: OperacaoComCotacao[];
  actions: RowActions;
}

/** The portfolio's tabs; the open one lives in the address, so back from an order opened in ORDENS returns there. */
export function CarteiraAbas({
  clienteId,
  nome,
  resumo,
  posicionadas,
  realizadas,
  actions,
}: Props) {
  const { aba } = useSearch({ strict: false }) as { aba?: AbaCarteira };
  const navigate = useNavigate();
  return (
    <Tabs.Root
      value={aba ?? 'resumo'}
      onValueChange={({ value }) =>
        void navigate({ to: '.', search: { aba: value }, replace: true })
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
      <Tabs.Content value="resumo">
        <ResumoCards resumo={resumo} />
      </Tabs.Content>
      <Tabs.Content value="posicionadas">
        <PosicionadasTable data={posicionadas} actions={actions} cliente={nome} />
      </Tabs.Content>
      <Tabs.Content value="realizadas">
        <RealizadasTable data={realizadas} actions={actions} cliente={nome} />
      </Tabs.Content>
      <Tabs.Content value="proventos">
        <ProventosTable clienteId={clienteId} cliente={nome} />
      </Tabs.Content>
      <Tabs.Content value="ordens">
        <HistoricoOrdens clienteId={clienteId} />
      </Tabs.Content>
      <Tabs.Content value="ir">
        <IrAba clienteId={clienteId} cliente={nome} />
      </Tabs.Content>
      <Tabs.Content value="rentabilidade">
        <RentabilidadeAba clienteId={clienteId} cliente={nome} />
      </Tabs.Content>
    </Tabs.Root>
  );
}
