import { Button, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  CompraValidarRequestSchema,
  TICKER_B3,
  type CompraValidarRequest,
  type Leg,
  type RecomendacaoDisponivel,
} from '../../../../contract';
import { formatInteger, formatMoney, formatPercent } from '../../../../shared/format';
import { quantityForValue } from '../../../../shared/legs';
import { parseDecimal } from '../../../../shared/numbers';
import { carteiraQueries } from '../../../api/carteira';
import { cotacoesQueries } from '../../../api/cotacoes';
import { useSendCompra, useValidateCompra } from '../../../api/ordens';
import { DecimalController } from '../../../components/DecimalInput';
import { CompraEmVooAviso } from '../../../widgets/ordens';
import { TargetDialog } from '../../../components/TargetDialog';
import { EXECUCAO_OPTIONS, FormField, RadioField } from '../../../components/FormFields';
import { totalEstimado } from './estimativa';
import {
  pedidoDeValidacao,
  sameLegs,
  toTick,
  type Validacao,
  type Valores,
} from './compra-validacao';
import { LegsTable } from './LegsTable';
import { OrdemDialogContent } from './OrdemDialog';
import { RecomendacaoPicker } from './RecomendacaoPicker';
import { useOrdemFlow } from './useOrdemFlow';

interface Props {
  clienteId: number;
  open: boolean;
  onClose: () => void;
  /** Called once the order is executed (what it changed has been marked stale): the page closes the dialog. */
  onExecuted: () => void;
}

const MODO_OPTIONS = [
  { value: 'quantidade', label: 'Quantidade' },
  { value: 'valor', label: 'Valor' },
] as const;

export const VALIDAR_DE_NOVO = 'A ordem mudou desde a validação: clique em Validar de novo.';

export function CompraDialog({ clienteId, open, onClose, onExecuted }: Props) {
  return (
    <TargetDialog
      target={open ? clienteId : null}
      targetKey={(id) => id}
      onClose={onClose}
      size="lg"
      scrollBehavior="inside"
    >
      {(id) => <CompraForm clienteId={id} onClose={onClose} onExecuted={onExecuted} />}
    </TargetDialog>
  );
}

function CompraForm({ clienteId, onClose, onExecuted }: Omit<Props, 'open'>) {
  const form = useForm<CompraValidarRequest>({
    resolver: zodResolver(CompraValidarRequestSchema),
    defaultValues: { ticker: '', execucao: 'mercado', modo: 'quantidade' },
    shouldUnregister: true,
  });
  const { register, control, handleSubmit, setValue, getValues, formState } = form;
  const values = useWatch({ control }) as Valores;
  const { execucao, modo } = values;

  const [picked, setPicked] = useState<RecomendacaoDisponivel | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [legs, setLegs] = useState<Leg[]>([]);
  const [validacao, setValidacao] = useState<Validacao | null>(null);
  // Another buy of the stock is in flight for the client: sent only once the operator confirms.
  const [confirmaEmVoo, setConfirmaEmVoo] = useState(false);

  const validate = useValidateCompra(clienteId);
  const flow = useOrdemFlow(clienteId, 'compra', useSendCompra(clienteId), onExecuted);
  const { sending } = flow;

  // Enviar sends what was validated: any change since (a field, a leg) asks for Validar again.
  const atual =
    validacao !== null &&
    validacao.pedido === JSON.stringify(pedidoDeValidacao(values)) &&
    sameLegs(legs, validacao.legs);
  const todasValidas =
    atual &&
    legs.length > 0 &&
    legs.every((leg) => validacao.validacoes.find((v) => v.symbol === leg.symbol)?.ok === true);
  const emVoo = atual && validacao.aviso !== null;
  const podeEnviar = todasValidas && (!emVoo || confirmaEmVoo);

  const ticker = values.ticker?.trim().toUpperCase() ?? '';
  const cotacao = useQuery({
    ...cotacoesQueries.atuais([`${ticker}.SA`]),
    enabled: TICKER_B3.test(ticker),
  });
  const resumo = useQuery(carteiraQueries.resumo(clienteId));
  const preco =
    execucao === 'limite'
      ? values.preco
      : (cotacao.data?.[`${ticker}.SA`]?.preco_atual ??
        (picked?.ticker === ticker ? picked.preco_compra : undefined));
  const quantidade =
    legs.length > 0
      ? legs.reduce((sum, leg) => sum + leg.quantidade, 0)
      : modo === 'valor'
        ? quantityForValue(values.valor ?? 0, preco ?? 0) || undefined
        : values.quantidade;
  const total = totalEstimado(quantidade, preco);
  const disponivel = resumo.data?.valor_disponivel ?? null;

  const pick = (rec: RecomendacaoDisponivel) => {
    setPicked(rec);
    setValue('ticker', rec.ticker, { shouldValidate: true });
    setValue('tp', toTick(rec.alvo_sugerido), { shouldValidate: true });
    setPickerOpen(false);
    setLegs([]);
    setValidacao(null);
  };

  const onValidate = handleSubmit(() => {
    flow.setError(null);
    const pedido = pedidoDeValidacao(getValues());
    validate.mutate(pedido as CompraValidarRequest, {
      onSuccess: (result) => {
        setLegs(result.legs_sugeridas);
        setValidacao({
          pedido: JSON.stringify(pedido),
          legs: result.legs_sugeridas,
          validacoes: result.validacoes,
          aviso: result.aviso,
        });
        setConfirmaEmVoo(false);
        flow.newIntent();
      },
      onError: (err) => flow.setError(err.message),
    });
  });

  // An edited leg changes the order's quantity: the form follows (in quantity mode), to be validated again.
  const editLeg = (index: number, novaQuantidade: number) => {
    const edited = legs.map((leg, i) =>
      i === index ? { ...leg, quantidade: novaQuantidade } : leg,
    );
    setLegs(edited);
    const soma = edited.reduce((sum, leg) => sum + leg.quantidade, 0);
    setValue('modo', 'quantidade');
    setValue('quantidade', Number.isFinite(soma) ? soma : Number.NaN);
    flow.newIntent();
  };

  const onSend = () =>
    flow.submit((send, onInvalid) =>
      handleSubmit(
        (v) =>
          send({
            body: {
              ticker_base: v.ticker,
              execucao: v.execucao,
              tp: v.tp,
              ...(v.execucao === 'limite' ? { preco: v.preco } : {}),
              legs: legs.filter((leg) => leg.quantidade > 0),
              ...(emVoo && confirmaEmVoo ? { confirmar_compra_em_voo: true } : {}),
            },
          }),
        onInvalid,
      )(),
    );

  const lonelyChecks =
    legs.length === 0 && validacao ? validacao.validacoes.filter((v) => !v.ok) : [];

  return (
    <>
      <OrdemDialogContent
        title="Nova Compra (MT5)"
        onClose={onClose}
        submitLabel="Enviar"
        onSubmit={onSend}
        submitDisabled={!podeEnviar}
        clienteId={clienteId}
        limite={execucao === 'limite'}
        flow={flow}
      >
        <HStack align="end">
          <FormField label="Ticker" error={formState.errors.ticker?.message}>
            <Input
              {...register('ticker')}
              disabled={sending}
              autoComplete="off"
              textTransform="uppercase"
            />
          </FormField>
          <Button variant="outline" onClick={() => setPickerOpen(true)} disabled={sending}>
            Selecionar recomendação
          </Button>
        </HStack>
        {picked && (
          <Text fontSize="sm" color="fg.muted">
            Preço ref.: {formatMoney(picked.preco_compra)} · Alvo sugerido:{' '}
            {formatMoney(picked.alvo_sugerido)} · Prob.: {formatPercent(picked.probabilidade)}
          </Text>
        )}
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Controller
            control={control}
            name="execucao"
            render={({ field }) => (
              <RadioField
                label="Execução"
                value={field.value}
                options={EXECUCAO_OPTIONS}
                onChange={field.onChange}
                disabled={sending}
              />
            )}
          />
          {execucao === 'limite' ? (
            <FormField label="Preço limite" error={formState.errors.preco?.message}>
              <DecimalController control={control} name="preco" disabled={sending} />
            </FormField>
          ) : (
            <div />
          )}
          <Controller
            control={control}
            name="modo"
            render={({ field }) => (
              <RadioField
                label="Entrada"
                value={field.value}
                options={MODO_OPTIONS}
                onChange={field.onChange}
                disabled={sending}
              />
            )}
          />
          {modo === 'valor' ? (
            <FormField label="Valor (R$)" error={formState.errors.valor?.message}>
              <DecimalController control={control} name="valor" disabled={sending} />
            </FormField>
          ) : (
            <FormField label="Quantidade de ações" error={formState.errors.quantidade?.message}>
              <Input
                {...register('quantidade', { setValueAs: parseDecimal })}
                inputMode="numeric"
                autoComplete="off"
                disabled={sending}
              />
            </FormField>
          )}
          <FormField label="Alvo (TP)" error={formState.errors.tp?.message}>
            <DecimalController control={control} name="tp" disabled={sending} />
          </FormField>
        </SimpleGrid>
        <Stack gap="1" fontSize="sm" aria-label="Estimativa da compra" role="group">
          <HStack justify="space-between">
            <Text color="fg.muted">Total estimado</Text>
            <Text fontWeight="semibold" fontVariantNumeric="tabular-nums">
              {formatMoney(total)}
              {total !== null && quantidade !== undefined && preco !== undefined && (
                <Text as="span" color="fg.muted" fontWeight="normal">
                  {' '}
                  ({formatInteger(quantidade)} × {formatMoney(preco)})
                </Text>
              )}
            </Text>
          </HStack>
          <HStack justify="space-between">
            <Text color="fg.muted">Valor disponível</Text>
            <Text
              fontWeight="semibold"
              fontVariantNumeric="tabular-nums"
              color={disponivel !== null && disponivel < 0 ? 'red.600' : undefined}
            >
              {formatMoney(disponivel)}
            </Text>
          </HStack>
          {total !== null && disponivel !== null && total > disponivel && (
            <Text color="orange.600">O total estimado passa do valor disponível do cliente.</Text>
          )}
        </Stack>
        <HStack>
          <Button
            variant="outline"
            onClick={onValidate}
            loading={validate.isPending}
            disabled={sending}
          >
            Validar
          </Button>
          {validacao !== null && !atual && !sending && (
            <Text fontSize="sm" color="orange.600">
              {VALIDAR_DE_NOVO}
            </Text>
          )}
        </HStack>
        {legs.length > 0 && (
          <LegsTable
            legs={legs}
            validacoes={atual ? validacao.validacoes : []}
            disabled={sending}
            onChange={editLeg}
          />
        )}
        {emVoo && (
          <CompraEmVooAviso
            label="Comprar assim mesmo, com a outra compra em andamento"
            confirmado={confirmaEmVoo}
            onConfirmadoChange={(confirmado) => {
              setConfirmaEmVoo(confirmado);
              flow.newIntent();
            }}
            disabled={sending}
          >
            {validacao.aviso}
          </CompraEmVooAviso>
        )}
        {lonelyChecks.map((v) => (
          <Text key={v.symbol} color="red.600">
            {v.motivo || 'inválido'}
          </Text>
        ))}
      </OrdemDialogContent>
      <RecomendacaoPicker
        clienteId={clienteId}
        open={pickerOpen}
        onClose={() => setPickerOpen(false)}
        onSelect={pick}
      />
    </>
  );
}
