import {
  Button,
  Field,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  chakra,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { Execucao, LoteVendaRequest, PosicaoPainel } from '../../../contract';
import { Decimal } from '../../../shared/decimal';
import { formatDate, formatInteger, formatMoney, formatNumber } from '../../../shared/format';
import { somaExata } from '../../../shared/lotes';
import { parseDecimal } from '../../../shared/numbers';
import { useSendVendaLote } from '../../api/lotes';
import { painelQueries } from '../../api/painel';
import { ConfirmDialog, ConfirmDialogContent } from '../../components/ConfirmDialog';
import { DataTable, META } from '../../components/DataTable';
import { ValorComSinal } from '../../components/ValorComSinal';
import { EXECUCAO_OPTIONS, FormField, RadioField } from '../../components/FormFields';
import { ApiRequestError } from '../../lib/api';
import { uuid } from '../../lib/uuid';
import { contagem } from './figures';

const collator = new Intl.Collator('pt-BR');

/** (preço atual − preço de compra) × quantidade, to the cent; nothing without a quote. */
function resultado(p: PosicaoPainel): number | null {
  if (p.preco_atual === null || p.preco_compra === null || p.quantidade === null) return null;
  return new Decimal(p.preco_atual)
    .minus(p.preco_compra)
    .times(p.quantidade)
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
    .toNumber();
}

const aPrecoAtual = (p: PosicaoPainel) =>
  p.preco_atual === null || p.quantidade === null
    ? null
    : new Decimal(p.preco_atual).times(p.quantidade).toDecimalPlaces(2).toNumber();

const Checkbox = chakra('input', {
  base: {
    width: '4',
    height: '4',
    cursor: 'pointer',
    accentColor: 'var(--chakra-colors-gold-solid)',
  },
});

const col = createColumnHelper<PosicaoPainel>();

interface Envio {
  body: LoteVendaRequest;
  ticker: string;
  operacoes: PosicaoPainel[];
  key: string;
}

/**
 * "Venda em lote": a stock, every client's open operation in it (quantity, purchase and current price, result),
 * who sells, execução and limit price; each operation is sold whole, as the single sale does.
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
  const acoes = useMemo(() => {
    const count = new Map<string, number>();
    for (const p of posicoes) count.set(p.acao, (count.get(p.acao) ?? 0) + 1);
    return [...count].sort(([a], [b]) => collator.compare(a, b));
  }, [posicoes]);
  const [ticker, setTicker] = useState(tickerInicial ?? '');
  const operacoes = useMemo(() => posicoes.filter((p) => p.acao === ticker), [posicoes, ticker]);
  // Everyone who holds the stock sells, unless unticked.
  const [fora, setFora] = useState<Set<number>>(new Set());
  const [execucao, setExecucao] = useState<Execucao>('mercado');
  const [precoTexto, setPrecoTexto] = useState('');
  const [intent, setIntent] = useState(uuid);
  const [envio, setEnvio] = useState<Envio | null>(null);

  const selecionadas = operacoes.filter((p) => !fora.has(p.id));
  const preco = parseDecimal(precoTexto);
  const precoInvalido =
    execucao === 'limite' && (preco === undefined || Number.isNaN(preco) || preco <= 0);
  const toggle = (ids: number[], vende: boolean) => {
    setFora((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (vende) next.delete(id);
        else next.add(id);
      }
      return next;
    });
    setIntent(uuid());
  };
  const todas = operacoes.length > 0 && selecionadas.length === operacoes.length;

  const columns = useMemo(
    () => [
      col.display({
        id: 'vender',
        header: () => (
          <Checkbox
            type="checkbox"
            aria-label="Selecionar todas"
            checked={todas}
            onChange={(e) =>
              toggle(
                operacoes.map((p) => p.id),
                e.target.checked,
              )
            }
          />
        ),
        meta: { ...META.simNao, titulo: 'Vender', exportar: (p) => !fora.has(p.id) },
        cell: (c) => (
          <Checkbox
            type="checkbox"
            aria-label={`Vender ${c.row.original.cliente}`}
            checked={!fora.has(c.row.original.id)}
            onChange={(e) => toggle([c.row.original.id], e.target.checked)}
          />
        ),
      }),
      col.accessor('cliente', { header: 'Cliente' }),
      col.accessor((p) => p.data_compra ?? undefined, {
        id: 'data_compra',
        header: 'Data Compra',
        meta: META.data,
        sortUndefined: 'last',
        cell: (c) => formatDate(c.getValue()),
      }),
      col.accessor((p) => p.quantidade ?? undefined, {
        id: 'quantidade',
        header: 'Quantidade',
        sortUndefined: 'last',
        cell: (c) => formatInteger(c.getValue()),
        meta: META.inteiro,
      }),
      col.accessor((p) => p.preco_compra ?? undefined, {
        id: 'preco_compra',
        header: 'Preço Compra',
        sortUndefined: 'last',
        cell: (c) => formatNumber(c.getValue()),
        meta: META.dinheiro,
      }),
      col.accessor((p) => p.preco_atual ?? undefined, {
        id: 'preco_atual',
        header: 'Preço Atual',
        sortUndefined: 'last',
        cell: (c) => formatNumber(c.getValue()),
        meta: META.dinheiro,
      }),
      col.accessor((p) => resultado(p) ?? undefined, {
        id: 'resultado',
        header: 'Resultado (R$)',
        sortUndefined: 'last',
        cell: (c) => (
          <ValorComSinal value={c.getValue()}>{formatNumber(c.getValue())}</ValorComSinal>
        ),
        meta: META.dinheiro,
      }),
      col.accessor((p) => p.lucro_percentual ?? undefined, {
        id: 'lucro_percentual',
        header: 'Resultado (%)',
        sortUndefined: 'last',
        cell: (c) => (
          <ValorComSinal value={c.getValue()}>{formatNumber(c.getValue())}</ValorComSinal>
        ),
        meta: META.percentual,
      }),
    ],
    // toggle only sets state; the columns change with what the ticks show.
    [operacoes, fora, todas],
  );

  const acoesVendidas = selecionadas.reduce((sum, p) => sum + (p.quantidade ?? 0), 0);
  const valor = somaExata(selecionadas.map(aPrecoAtual));

  return (
    <Stack gap="5">
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
        <Field.Root>
          <Field.Label>Ação</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              aria-label="Ação"
              value={ticker}
              onChange={(e) => {
                setTicker(e.target.value);
                setFora(new Set());
                setIntent(uuid());
              }}
            >
              <option value="">Escolha a ação…</option>
              {acoes.map(([acao, n]) => (
                <option key={acao} value={acao}>
                  {acao} ({formatInteger(n)} {n === 1 ? 'operação' : 'operações'})
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <RadioField
          label="Execução"
          value={execucao}
          options={EXECUCAO_OPTIONS}
          onChange={(v) => {
            setExecucao(v);
            setIntent(uuid());
          }}
        />
        {execucao === 'limite' && (
          <FormField
            label="Preço limite"
            error={precoTexto && precoInvalido ? 'Informe o preço limite.' : undefined}
          >
            <Input
              value={precoTexto}
              inputMode="decimal"
              onChange={(e) => {
                setPrecoTexto(e.target.value);
                setIntent(uuid());
              }}
            />
          </FormField>
        )}
      </SimpleGrid>
      <HStack gap="3" wrap="wrap">
        <Button
          disabled={selecionadas.length === 0 || precoInvalido}
          onClick={() =>
            setEnvio({
              key: intent,
              ticker,
              operacoes: selecionadas,
              body: {
                execucao,
                ...(execucao === 'limite' ? { preco: preco! } : {}),
                operacoes: selecionadas.map((p) => p.id),
              },
            })
          }
        >
          Enviar venda
        </Button>
        {ticker && (
          <Text role="status" fontSize="sm" fontWeight="medium">
            Selecionadas: {contagem(selecionadas.length, 'operação', 'operações')} ·{' '}
            {contagem(acoesVendidas, 'ação', 'ações')} · {formatMoney(valor)} a preço atual
          </Text>
        )}
      </HStack>
      {ticker && (
        <DataTable
          label="Operações da venda"
          columns={columns}
          data={operacoes}
          getRowId={(p) => String(p.id)}
          initialSorting={[{ id: 'cliente', desc: false }]}
          emptyText={query.isPending ? 'Carregando...' : 'Ninguém tem esta ação em aberto.'}
          maxHeight={520}
          exportacao={{ nome: 'Lote de venda', de: ticker }}
        />
      )}
      <ConfirmDialog target={envio} targetKey={(e) => e.key} onClose={() => setEnvio(null)}>
        {(e) => <EnviarVenda envio={e} onClose={() => setEnvio(null)} onSent={onSent} />}
      </ConfirmDialog>
    </Stack>
  );
}

/**
 * The confirmation; it holds the send. A 409 that some terminal holds fewer shares than its sale says whose, and
 * lets the operator sell anyway (a new intent, with its own key).
 */
function EnviarVenda({
  envio,
  onClose,
  onSent,
}: {
  envio: Envio;
  onClose: () => void;
  onSent: (loteId: string) => void;
}) {
  const send = useSendVendaLote();
  const [acima, setAcima] = useState(false);
  const error = send.error;
  const acimaDoTerminal =
    error instanceof ApiRequestError && error.status === 409 && error.campos !== undefined;
  const acoes = envio.operacoes.reduce((sum, p) => sum + (p.quantidade ?? 0), 0);
  const clientes = new Set(envio.operacoes.map((p) => p.cliente)).size;
  return (
    <ConfirmDialogContent
      title="Enviar venda em lote"
      confirmLabel="Vender"
      busy={send.isPending}
      confirmDisabled={acimaDoTerminal && !acima}
      error={error ? (error instanceof ApiRequestError && error.detail) || error.message : null}
      onCancel={onClose}
      onConfirm={() => {
        if (send.isPending) return;
        send.mutate(
          {
            body: { ...envio.body, ...(acima ? { confirmar_acima_do_terminal: true } : {}) },
            key: acima ? `${envio.key}:acima` : envio.key,
          },
          { onSuccess: onSent },
        );
      }}
    >
      <Stack gap="2">
        <Text>
          Venda de {envio.ticker}{' '}
          {envio.body.execucao === 'mercado'
            ? 'a mercado'
            : `limitada a ${formatMoney(envio.body.preco)}`}
          : cada operação é vendida por inteiro.
        </Text>
        <Text fontWeight="semibold">
          {contagem(envio.operacoes.length, 'operação', 'operações')} de{' '}
          {contagem(clientes, 'cliente', 'clientes')} · {contagem(acoes, 'ação', 'ações')}
        </Text>
        {acimaDoTerminal && (
          <chakra.label display="flex" gap="2" alignItems="center" mt="2">
            <Checkbox
              type="checkbox"
              checked={acima}
              onChange={(e) => setAcima(e.target.checked)}
            />
            Vender acima da posição do terminal
          </chakra.label>
        )}
      </Stack>
    </ConfirmDialogContent>
  );
}
