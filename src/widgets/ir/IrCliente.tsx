import { Button, Field, Flex, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { todayIso } from '../../../shared/dates';
import { formatMoney } from '../../../shared/format';
import { irQueries } from '../../api/ir';
import { DataTable } from '../../components/DataTable';
import { LoadError, nuncaCarregou } from '../../components/LoadError';
import { AvisosIr } from './AvisosIr';
import { colunasDoAno } from './colunasDoAno';
import {
  anoMostrado,
  anosParaEscolher,
  irSearch,
  mesCurto,
  plural,
  totaisDoAno,
  type IrSearch,
} from './ir-state';
import { IrMesDetalhe } from './IrMesDetalhe';
import { SaldosIniciaisDialog } from './SaldosIniciaisDialog';

/**
 * The portfolio's IR tab: the year's twelve months (situation, tax, DARF and its due date), the opening carries
 * of the year, and the month opened under the grid. The year and the month live in the address (`?ano=`,
 * `?mes=`), so that Ferramentas → IR mensal links straight to a client's month.
 */
export default function IrCliente({ clienteId, cliente }: { clienteId: number; cliente?: string }) {
  const search = irSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const navigate = useNavigate();
  const hoje = todayIso();
  const ano = anoMostrado(search, hoje);
  const relatorio = useQuery(irQueries.ano(clienteId, ano));
  const [saldosAberto, setSaldosAberto] = useState(false);
  const detalheRef = useRef<HTMLDivElement>(null);

  const ir = (proximo: IrSearch) =>
    void navigate({
      to: '.',
      search: (atual: Record<string, unknown>) => ({ aba: atual.aba, ...proximo }),
      replace: true,
    });
  const columns = useMemo(
    () =>
      colunasDoAno({
        aberto: search.mes,
        onAbrir: (mes) => ir({ ano: Number(mes.slice(0, 4)), mes }),
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- navigate is stable: made again for the month opened
    [search.mes],
  );
  // A month opened (from the grid or a link) is brought into view: on a phone it is below twelve rows.
  useEffect(() => {
    if (search.mes) detalheRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [search.mes]);

  const meses = relatorio.data?.meses ?? [];
  const totais = totaisDoAno(meses);
  return (
    <Stack gap="4">
      <CabecalhoDoAno
        ano={ano}
        anos={anosParaEscolher(hoje, ano)}
        informados={Boolean(relatorio.data?.saldos_iniciais)}
        onAno={(a) => ir({ ano: a })}
        onSaldos={() => setSaldosAberto(true)}
      />
      <AvisosIr avisos={relatorio.data?.avisos ?? []} label={`Avisos de ${ano}`} />
      {nuncaCarregou(relatorio) ? (
        <LoadError
          what={`o IR de ${ano}`}
          error={relatorio.error}
          onRetry={() => void relatorio.refetch()}
          retrying={relatorio.isFetching}
        />
      ) : (
        <DataTable
          label={`IR ${ano}`}
          columns={columns}
          data={meses}
          getRowId={(m) => m.mes}
          emptyText={relatorio.isPending ? 'Carregando...' : 'Nenhum mês apurado.'}
          exportacao={{ nome: `IR ${ano}`, de: cliente }}
          toolbar={
            <Text fontSize="sm" color="fg.muted">
              {relatorio.data &&
                `Imposto no ano ${formatMoney(totais.imposto)} · ` +
                  `${plural(totais.darfs, 'DARF', 'DARFs')}, ${formatMoney(totais.darf)}`}
            </Text>
          }
        />
      )}
      <div ref={detalheRef}>
        {search.mes ? (
          <IrMesDetalhe
            key={search.mes}
            clienteId={clienteId}
            cliente={cliente}
            mes={search.mes}
            onClose={() => ir({ ano })}
          />
        ) : (
          meses.length > 0 && (
            <Text fontSize="sm" color="fg.muted">
              Clique num mês ({mesCurto(meses[0]!.mes)} a {mesCurto(meses.at(-1)!.mes)}) para ver as
              vendas, as posições com o custo médio, os saldos e o DARF.
            </Text>
          )
        )}
      </div>
      <SaldosIniciaisDialog
        clienteId={clienteId}
        alvo={saldosAberto ? { ano, relatorio: relatorio.data } : null}
        onClose={() => setSaldosAberto(false)}
      />
    </Stack>
  );
}

/** The year chosen, whether its opening carries were stated, and the button that states them. */
function CabecalhoDoAno({
  ano,
  anos,
  informados,
  onAno,
  onSaldos,
}: {
  ano: number;
  anos: number[];
  informados: boolean;
  onAno: (ano: number) => void;
  onSaldos: () => void;
}) {
  return (
    <Flex gap="3" align={{ base: 'stretch', sm: 'end' }} direction={{ base: 'column', sm: 'row' }}>
      <Field.Root maxW={{ sm: '8rem' }}>
        <Field.Label>Ano</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={ano} onChange={(e) => onAno(Number(e.target.value))}>
            {anos.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Text fontSize="sm" color="fg.muted" flex="1">
        {informados
          ? `Saldos iniciais de ${ano} informados.`
          : `Saldos iniciais de ${ano} calculados dos anos anteriores.`}
      </Text>
      <Button size="sm" variant="outline" onClick={onSaldos}>
        Saldos iniciais
      </Button>
    </Flex>
  );
}
