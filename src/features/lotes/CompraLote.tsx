import {
  Alert,
  Button,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  LoteValidarRequestSchema,
  type LoteStatus,
  type LoteValidarRequest,
} from '../../../contract';
import { formatInteger, formatMoney, formatPercent } from '../../../shared/format';
import { useValidateLote } from '../../api/lotes';
import { recomendacoesQueries } from '../../api/recomendacoes';
import { DecimalController } from '../../components/DecimalInput';
import { EXECUCAO_OPTIONS, FormField, RadioField } from '../../components/FormFields';
import { uuid } from '../../lib/uuid';
import { CompraGrid } from './CompraGrid';
import { REGRA_OPTIONS, VALOR_LABEL, paramsOf, toTick, type Params } from './compra-params';
import { ComprasEmVooResumo } from './ComprasEmVoo';
import { EnviarCompraDialog, type Envio } from './EnviarCompraDialog';
import {
  contagem,
  falhas,
  formatDataHora,
  novaLinha,
  pernasDe,
  podeSelecionar,
  totaisCompra,
  type LinhaCompra,
} from './figures';

interface Props {
  inicial: { ticker?: string | undefined; tp?: number | undefined };
  /** A lote whose failed clients are sent again: its parameters, and those clients only. */
  reenvio: LoteStatus | null;
  onSent: (loteId: string) => void;
}

/**
 * "Nova ordem em lote": the stock, execução, target and sizing rule; Validar sizes and checks every client at its
 * own terminal; the operator reviews the grid (ticks, filters, typed quantities) and Enviar sends the lote.
 */
export function CompraLote({ inicial, reenvio, onSent }: Props) {
  const recomendacoes = useQuery(recomendacoesQueries.list());
  const { register, control, handleSubmit, setValue, formState } = useForm<LoteValidarRequest>({
    resolver: zodResolver(LoteValidarRequestSchema),
    defaultValues: reenvio
      ? {
          ticker: reenvio.ticker_base,
          execucao: reenvio.execucao,
          preco: reenvio.preco ?? undefined,
          tp: reenvio.tp ?? undefined,
          regra: reenvio.regra ?? 'quantidade_fixa',
          valor: reenvio.valor ?? 1,
        }
      : {
          ticker: inicial.ticker ?? '',
          tp: inicial.tp,
          execucao: 'mercado',
          regra: 'percentual_disponivel',
        },
    shouldUnregister: true,
  });
  const watched = useWatch({ control });
  const execucao = watched.execucao ?? 'mercado';
  const regra = watched.regra ?? 'percentual_disponivel';

  const validate = useValidateLote();
  const [validado, setValidado] = useState<{ params: Params; linhas: LinhaCompra[] } | null>(null);
  // New rows, ticks or typed quantities make a new intent: a retried Enviar of the same one is one lote.
  const [intent, setIntent] = useState(uuid);
  const [envio, setEnvio] = useState<Envio | null>(null);
  const [erro, setErro] = useState<string | null>(null);

  // A re-send: the failed clients only, sized by the lote's rule (or with their quantities, when it had none).
  const falhados = useMemo(() => (reenvio ? falhas(reenvio) : null), [reenvio]);

  const onValidate = handleSubmit((values) => {
    setErro(null);
    const params = paramsOf(values);
    const restricao = falhados && {
      clientes: falhados.map((i) => i.cliente),
      ...(reenvio?.regra
        ? {}
        : {
            ajustes: falhados.map((i) => ({
              cliente: i.cliente,
              quantidade: i.summary.reduce((sum, l) => sum + l.volume, 0),
            })),
          }),
    };
    validate.mutate(
      { ...params, ...restricao },
      {
        onSuccess: (result) => {
          setValidado({ params, linhas: result.itens.map(novaLinha) });
          setIntent(uuid());
        },
        onError: (err) => setErro(err.message),
      },
    );
  });

  const linhas = validado?.linhas;
  const setLinhas = (update: (l: LinhaCompra) => LinhaCompra) => {
    setValidado((v) => v && { ...v, linhas: v.linhas.map(update) });
    setIntent(uuid());
  };
  const onSelect = useCallback((clientes: number[], selecionado: boolean) => {
    const ids = new Set(clientes);
    setValidado(
      (v) =>
        v && {
          ...v,
          linhas: v.linhas.map((l) =>
            ids.has(l.item.cliente) && podeSelecionar(l) ? { ...l, selecionado } : l,
          ),
        },
    );
    setIntent(uuid());
  }, []);
  const onQuantidade = useCallback((cliente: number, quantidade: number) => {
    setValidado(
      (v) =>
        v && {
          ...v,
          linhas: v.linhas.map((l) =>
            l.item.cliente === cliente
              ? {
                  ...l,
                  quantidade,
                  alterada: quantidade !== l.item.quantidade,
                  selecionado: quantidade > 0 && l.selecionado,
                }
              : l,
          ),
        },
    );
    setIntent(uuid());
  }, []);

  const alteradas = linhas?.filter((l) => l.alterada && l.quantidade > 0) ?? [];
  const onValidarAlteracoes = () => {
    if (!validado) return;
    setErro(null);
    validate.mutate(
      {
        ...validado.params,
        clientes: alteradas.map((l) => l.item.cliente),
        ajustes: alteradas.map((l) => ({ cliente: l.item.cliente, quantidade: l.quantidade })),
      },
      {
        onSuccess: (result) => {
          const novos = new Map(result.itens.map((i) => [i.cliente, i]));
          setLinhas((l) => {
            const item = novos.get(l.item.cliente);
            if (!item) return l;
            const linha = { ...novaLinha(item), selecionado: l.selecionado };
            return { ...linha, selecionado: linha.selecionado && podeSelecionar(linha) };
          });
        },
        onError: (err) => setErro(err.message),
      },
    );
  };

  const totais = linhas ? totaisCompra(linhas) : null;
  const stale =
    validado !== null && JSON.stringify(paramsOf(watched)) !== JSON.stringify(validado.params);
  const pendentes = linhas?.some((l) => l.selecionado && l.alterada) ?? false;
  const bloqueio = stale
    ? 'Os parâmetros mudaram: valide de novo antes de enviar.'
    : pendentes
      ? 'Valide as quantidades alteradas antes de enviar.'
      : null;

  const onEnviar = () => {
    if (!validado || !linhas || !totais) return;
    const { params } = validado;
    setEnvio({
      key: intent,
      totais,
      emVoo: linhas
        .filter((l) => l.selecionado && l.item.compras_em_voo.length > 0)
        .map((l) => l.item.nome),
      body: {
        ticker_base: params.ticker,
        execucao: params.execucao,
        ...(params.execucao === 'limite' ? { preco: params.preco } : {}),
        tp: params.tp,
        regra: params.regra,
        valor: params.valor,
        itens: linhas
          .filter((l) => l.selecionado)
          .map((l) => ({ cliente: l.item.cliente, legs: pernasDe(l, params.ticker) })),
      },
    });
  };

  const busy = validate.isPending;

  return (
    <Stack gap="5">
      {reenvio && falhados && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>
            Reenvio das falhas do lote de {formatDataHora(reenvio.created_at)}:{' '}
            {contagem(falhados.length, 'cliente', 'clientes')}. Valide para dimensionar de novo e
            envie.
          </Alert.Title>
        </Alert.Root>
      )}
      <form onSubmit={(e) => e.preventDefault()} noValidate>
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
          <FormField label="Recomendação">
            <NativeSelect.Root size="md" disabled={busy || reenvio !== null}>
              <NativeSelect.Field
                aria-label="Recomendação"
                value=""
                onChange={(e) => {
                  const rec = recomendacoes.data?.find((r) => r.ticker === e.target.value);
                  if (!rec) return;
                  setValue('ticker', rec.ticker, { shouldValidate: true });
                  setValue('tp', toTick(rec.alvo_sugerido), { shouldValidate: true });
                }}
              >
                <option value="">Preencher com uma recomendação…</option>
                {recomendacoes.data?.map((r) => (
                  <option key={r.ticker} value={r.ticker}>
                    {r.ticker} — alvo {formatMoney(r.alvo_sugerido)} (prob.{' '}
                    {formatPercent(r.probabilidade)})
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label="Ação" error={formState.errors.ticker?.message}>
            <Input
              {...register('ticker')}
              autoComplete="off"
              textTransform="uppercase"
              disabled={busy || reenvio !== null}
            />
          </FormField>
          <FormField label="Alvo (TP)" error={formState.errors.tp?.message}>
            <DecimalController control={control} name="tp" disabled={busy} />
          </FormField>
          <Controller
            control={control}
            name="execucao"
            render={({ field }) => (
              <RadioField
                label="Execução"
                value={field.value}
                options={EXECUCAO_OPTIONS}
                onChange={field.onChange}
                disabled={busy}
              />
            )}
          />
          {execucao === 'limite' && (
            <FormField label="Preço limite" error={formState.errors.preco?.message}>
              <DecimalController control={control} name="preco" disabled={busy} />
            </FormField>
          )}
          <Controller
            control={control}
            name="regra"
            render={({ field }) => (
              <RadioField
                label="Regra de quantidade"
                value={field.value}
                options={REGRA_OPTIONS}
                onChange={field.onChange}
                disabled={busy}
              />
            )}
          />
          <FormField label={VALOR_LABEL[regra]} error={formState.errors.valor?.message}>
            <DecimalController control={control} name="valor" disabled={busy} />
          </FormField>
        </SimpleGrid>
      </form>
      <HStack gap="3" wrap="wrap">
        <Button variant="outline" onClick={onValidate} loading={busy && !alteradas.length}>
          Validar
        </Button>
        {alteradas.length > 0 && (
          <Button variant="outline" onClick={onValidarAlteracoes} loading={busy}>
            Validar alterações ({formatInteger(alteradas.length)})
          </Button>
        )}
        <Button
          onClick={onEnviar}
          disabled={!totais || totais.clientes === 0 || bloqueio !== null || busy}
        >
          Enviar
        </Button>
        {totais && (
          <Text role="status" fontSize="sm" fontWeight="medium">
            Selecionados: {contagem(totais.clientes, 'cliente', 'clientes')} ·{' '}
            {contagem(totais.acoes, 'ação', 'ações')} · {formatMoney(totais.valor)}
          </Text>
        )}
      </HStack>
      {bloqueio && validado && <Text color="orange.600">{bloqueio}</Text>}
      {erro && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{erro}</Alert.Title>
        </Alert.Root>
      )}
      {validado && <ComprasEmVooResumo ticker={validado.params.ticker} linhas={validado.linhas} />}
      {validado && (
        <CompraGrid
          ticker={validado.params.ticker}
          linhas={validado.linhas}
          disabled={busy}
          onSelect={onSelect}
          onQuantidade={onQuantidade}
        />
      )}
      <EnviarCompraDialog envio={envio} onClose={() => setEnvio(null)} onSent={onSent} />
    </Stack>
  );
}
