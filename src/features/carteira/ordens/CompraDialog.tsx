import { Button, HStack, Input, SimpleGrid, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  CompraValidarRequestSchema,
  type CompraValidarRequest,
  type Leg,
  type RecomendacaoDisponivel,
  type ValidacaoLeg,
} from '../../../../contract';
import { formatMoney, formatPercent } from '../../../../shared/format';
import { parseDecimal } from '../../../../shared/numbers';
import { useSendCompra, useValidateCompra } from '../../../api/ordens';
import { TargetDialog } from '../../../components/TargetDialog';
import { EXECUCAO_OPTIONS, FormField, RadioField } from '../../../components/FormFields';
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

/** The targets of B3 orders sit on the 0.01 tick. */
const toTick = (value: number) => Math.round(value * 100) / 100;

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
  const { register, control, handleSubmit, setValue, formState } = form;
  const execucao = useWatch({ control, name: 'execucao' });
  const modo = useWatch({ control, name: 'modo' });

  const [picked, setPicked] = useState<RecomendacaoDisponivel | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [legs, setLegs] = useState<Leg[]>([]);
  const [validacoes, setValidacoes] = useState<ValidacaoLeg[]>([]);

  const validate = useValidateCompra(clienteId);
  const flow = useOrdemFlow(clienteId, 'compra', useSendCompra(clienteId), onExecuted);
  const { sending } = flow;

  const pick = (rec: RecomendacaoDisponivel) => {
    setPicked(rec);
    setValue('ticker', rec.ticker, { shouldValidate: true });
    setValue('tp', toTick(rec.alvo_sugerido), { shouldValidate: true });
    setPickerOpen(false);
    setLegs([]);
    setValidacoes([]);
  };

  const onValidate = handleSubmit((values) => {
    flow.setError(null);
    validate.mutate(values, {
      onSuccess: (result) => {
        setLegs(result.legs_sugeridas);
        setValidacoes(result.validacoes);
        flow.newIntent();
      },
      onError: (err) => flow.setError(err.message),
    });
  });

  const editLeg = (index: number, quantidade: number) => {
    setLegs((list) => list.map((leg, i) => (i === index ? { ...leg, quantidade } : leg)));
    setValidacoes((list) => list.filter((v) => v.symbol !== legs[index]?.symbol));
    flow.newIntent();
  };

  const onSend = () =>
    flow.submit((send, onInvalid) =>
      handleSubmit(
        (values) =>
          send({
            body: {
              ticker_base: values.ticker,
              execucao: values.execucao,
              tp: values.tp,
              ...(values.execucao === 'limite' ? { preco: values.preco } : {}),
              legs: legs.filter((leg) => leg.quantidade > 0),
            },
          }),
        onInvalid,
      )(),
    );

  const numeric = { setValueAs: parseDecimal };
  const lonelyChecks = legs.length === 0 ? validacoes.filter((v) => !v.ok) : [];

  return (
    <>
      <OrdemDialogContent
        title="Nova Compra (MT5)"
        onClose={onClose}
        submitLabel="Enviar"
        onSubmit={onSend}
        submitDisabled={legs.length === 0}
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
              <Input {...register('preco', numeric)} inputMode="decimal" disabled={sending} />
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
              <Input {...register('valor', numeric)} inputMode="decimal" disabled={sending} />
            </FormField>
          ) : (
            <FormField label="Quantidade de ações" error={formState.errors.quantidade?.message}>
              <Input {...register('quantidade', numeric)} inputMode="numeric" disabled={sending} />
            </FormField>
          )}
          <FormField label="Alvo (TP)" error={formState.errors.tp?.message}>
            <Input {...register('tp', numeric)} inputMode="decimal" disabled={sending} />
          </FormField>
        </SimpleGrid>
        <HStack>
          <Button
            variant="outline"
            onClick={onValidate}
            loading={validate.isPending}
            disabled={sending}
          >
            Validar
          </Button>
        </HStack>
        {legs.length > 0 && (
          <LegsTable legs={legs} validacoes={validacoes} disabled={sending} onChange={editLeg} />
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
