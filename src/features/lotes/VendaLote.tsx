import { Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import {
  LoteVendaRequestSchema,
  type LoteVendaRequest,
  type ClienteStatus,
  type PosicaoPainel,
} from '../../../contract';
import { formatMoney } from '../../../shared/format';
import { painelQueries } from '../../api/painel';
import { AcaoSelect, DecimalField, ExecucaoFields } from '../../components/form';
import { DataTable } from '../../components/DataTable';
import { uuid } from '../../lib/uuid';
import { EnviarVendaDialog, type EnvioVenda } from './EnviarVendaDialog';
import { contagem } from './figures';
import {
  acoesEmAberto,
  alternar,
  foraDe,
  foraDoPercentual,
  foraPorPadrao,
  percentualDe,
  selecionadasDe,
  totaisVenda,
  vendaBody,
  type Fora,
  type VendaLoteValores,
} from './venda-lote-state';
import { colunasDaVenda } from './vendaLoteColunas';
import { useTerminais } from './useTerminais';

/** What the form's schema needs besides its fields: who holds what, whom the operator unticked, who is off. */
interface Contexto {
  posicoes: PosicaoPainel[];
  fora: Fora;
  terminais: ReadonlyMap<string, ClienteStatus>;
}

/** The ticked operations of `acao`, the default ticks leaving out the clients whose terminal is not online. */
const selecionadasDoContexto = ({ posicoes, fora, terminais }: Contexto, acao: string) =>
  selecionadasDe(
    posicoes,
    fora,
    acao,
    foraPorPadrao(
      posicoes.filter((p) => p.acao === acao),
      terminais,
    ),
  );

/** The contract's schema over the lote the form and the ticks make. */
const resolver: Resolver<VendaLoteValores, Contexto, LoteVendaRequest> = (
  values,
  context,
  options,
) =>
  zodResolver(LoteVendaRequestSchema)(
    vendaBody(values, selecionadasDoContexto(context!, values.acao)),
    context,
    options as never,
  ) as never;

/**
 * "Venda em lote": a stock, every client's open operation in it (quantity, purchase and current price, result),
 * who sells, execução, limit price and the percentual of each position sold (issue 34; default all).
 */
export function VendaLote({
  tickerInicial,
  onSent,
}: {
  tickerInicial?: string | undefined;
  onSent: (loteId: string) => void;
}) {
  const query = useQuery(painelQueries.posicionadas());
  const posicoes = useMemo(() => query.data?.posicionadas ?? [], [query.data]);
  const terminais = useTerminais();
  // Everyone who holds the stock sells, unless unticked; a client whose terminal is not online starts unticked.
  const [fora, setFora] = useState<Fora>({ acao: '', ids: new Set() });
  const [intent] = useState(uuid);
  const [envio, setEnvio] = useState<EnvioVenda | null>(null);
  const form = useForm<VendaLoteValores, Contexto, LoteVendaRequest>({
    defaultValues: { acao: tickerInicial ?? '', execucao: 'mercado', percentual: 100 },
    resolver,
    context: { posicoes, fora, terminais },
    mode: 'onChange',
    shouldUnregister: true,
  });
  const values = useWatch({ control: form.control });
  const acao = values.acao ?? '';
  const operacoes = useMemo(() => posicoes.filter((p) => p.acao === acao), [posicoes, acao]);
  const padrao = useMemo(() => foraPorPadrao(operacoes, terminais), [operacoes, terminais]);
  const selecionadas = selecionadasDe(posicoes, fora, acao, padrao);
  const percentual = percentualDe(values.percentual);
  const totais = totaisVenda(selecionadas, percentual);
  const foraDoLote = foraDoPercentual(selecionadas, percentual);
  const pronta = LoteVendaRequestSchema.safeParse(vendaBody(values, selecionadas)).success;
  const columns = useMemo(
    () =>
      colunasDaVenda(
        operacoes,
        foraDe(fora, acao, padrao),
        (ids, vende) => setFora((f) => alternar(f, acao, ids, vende, padrao)),
        terminais,
      ),
    [operacoes, fora, acao, padrao, terminais],
  );
  // What the contract's schema parsed is what is sent.
  const onEnviar = form.handleSubmit((body) =>
    setEnvio({ intent, ticker: acao, totais, body, fora: foraDoLote }),
  );

  return (
    <Stack gap="5">
      <form onSubmit={(e) => e.preventDefault()} noValidate>
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
          <AcaoSelect
            control={form.control}
            name="acao"
            placeholder="Escolha a ação…"
            opcoes={acoesEmAberto(posicoes)}
          />
          <ExecucaoFields control={form.control} />
          <DecimalField
            control={form.control}
            name="percentual"
            label="Percentual (%)"
            inputMode="numeric"
            helperText="Da posição de cada cliente, arredondado para baixo em ações inteiras."
          />
        </SimpleGrid>
      </form>
      <HStack gap="3" wrap="wrap">
        <Button disabled={!pronta} onClick={onEnviar}>
          Enviar venda
        </Button>
        {acao && (
          <Text role="status" fontSize="sm" fontWeight="medium">
            Selecionadas: {contagem(totais.operacoes, 'operação', 'operações')} ·{' '}
            {contagem(totais.acoes, 'ação', 'ações')} · {formatMoney(totais.valor)} a preço atual
            {foraDoLote.length > 0 &&
              ` · ${contagem(foraDoLote.length, 'operação fica', 'operações ficam')} de fora (zero ação inteira)`}
          </Text>
        )}
      </HStack>
      {acao && (
        <DataTable
          label="Operações da venda"
          columns={columns}
          data={operacoes}
          getRowId={(p) => String(p.id)}
          initialSorting={[{ id: 'cliente', desc: false }]}
          emptyText={query.isPending ? 'Carregando...' : 'Ninguém tem esta ação em aberto.'}
          maxHeight={520}
          exportacao={{ nome: 'Lote de venda', de: acao }}
        />
      )}
      <EnviarVendaDialog envio={envio} onClose={() => setEnvio(null)} onSent={onSent} />
    </Stack>
  );
}
