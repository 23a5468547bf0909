import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { VendaRequestSchema, type Operacao, type VendaRequest } from '../../../../contract';
import { Decimal } from '../../../../shared/decimal';
import { formatInteger } from '../../../../shared/format';
import { quantidadeDaVenda } from '../../../../shared/venda-parcial';
import { cotacoesQueries } from '../../../api/cotacoes';
import { useSendVenda } from '../../../api/ordens';
import { DecimalField, ExecucaoFields } from '../../../components/form';
import { TargetDialog } from '../../../components/TargetDialog';
import { estimativaVenda } from './estimativa';
import { OrdemDialogContent } from './OrdemDialog';
import { AcimaDoTerminal, useNoTerminal, VendaEstimativa } from './VendaCampos';
import { useOrdemFlow } from './useOrdemFlow';

type Target = Pick<Operacao, 'id' | 'acao_nome' | 'quantidade' | 'valor_total_compra'>;

interface Props {
  clienteId: number;
  /** The open operation to sell; null closes the dialog. */
  operacao: Target | null;
  onClose: () => void;
  /** Called once the sale is executed (what it changed has been marked stale): the page closes the dialog. */
  onExecuted: () => void;
}

/**
 * The contract's sale, with the quantity required here and at most what the operation holds (the server's own rule
 * and words, shared/venda-parcial).
 */
function vendaSchema(naOperacao: number) {
  return VendaRequestSchema.superRefine((value, ctx) => {
    if (value.quantidade === undefined) {
      ctx.addIssue({ code: 'custom', path: ['quantidade'], message: 'Informe a quantidade.' });
      return;
    }
    const pedida = quantidadeDaVenda(naOperacao, value.quantidade);
    if ('erro' in pedida)
      ctx.addIssue({ code: 'custom', path: ['quantidade'], message: pedida.erro });
  });
}

/** The purchase's value of the part sold (to the cent): the estimate's result is against what that part cost. */
const custoDaParte = (valorCompra: number | null, vendida: number | undefined, total: number) =>
  valorCompra === null || vendida === undefined || !Number.isFinite(vendida) || total <= 0
    ? valorCompra
    : new Decimal(valorCompra)
        .times(Math.min(vendida, total))
        .dividedBy(total)
        .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
        .toNumber();

/** 'Vender {ação}': sells a quantity of the operation (issue 34), all of it by default. */
export function VendaDialog({ clienteId, operacao, onClose, onExecuted }: Props) {
  return (
    <TargetDialog
      target={operacao}
      targetKey={(op) => op.id}
      onClose={onClose}
      scrollBehavior="inside"
    >
      {(op) => (
        <VendaForm clienteId={clienteId} operacao={op} onClose={onClose} onExecuted={onExecuted} />
      )}
    </TargetDialog>
  );
}

function VendaForm({ clienteId, operacao, onClose, onExecuted }: Props & { operacao: Target }) {
  const naOperacao = operacao.quantidade ?? 0;
  const resolver = useMemo((): Resolver<VendaRequest> => {
    const zod = zodResolver(vendaSchema(naOperacao));
    // An emptied field holds null (DecimalField): the schema's own 'Informe a quantidade.' says it.
    return (values, context, options) =>
      zod({ ...values, quantidade: values.quantidade ?? undefined }, context, options as never);
  }, [naOperacao]);
  const { control, handleSubmit } = useForm<VendaRequest>({
    resolver,
    defaultValues: { execucao: 'mercado', quantidade: naOperacao },
    shouldUnregister: true,
  });
  const execucao = useWatch({ control, name: 'execucao' });
  const quantidade = useWatch({ control, name: 'quantidade' });
  const precoLimite = useWatch({ control, name: 'preco' });
  const flow = useOrdemFlow(clienteId, 'venda', useSendVenda(clienteId, operacao.id), onExecuted);
  const { sending } = flow;
  const noTerminal = useNoTerminal(clienteId, operacao.acao_nome);
  const vendendo =
    quantidade !== undefined && Number.isFinite(quantidade) ? quantidade : naOperacao;
  const acimaDoTerminal = noTerminal !== undefined && vendendo > noTerminal;
  const [confirmado, setConfirmado] = useState(false);

  const chave = `${operacao.acao_nome}.SA`;
  const cotacao = useQuery(cotacoesQueries.atuais([chave]));
  const precoAtual = cotacao.data?.[chave]?.preco_atual;
  const estimativa = estimativaVenda(
    quantidade,
    execucao === 'limite' ? precoLimite : precoAtual,
    custoDaParte(operacao.valor_total_compra, quantidade, naOperacao),
  );

  const onConfirm = () =>
    flow.submit((send, onInvalid) =>
      handleSubmit(
        (values) =>
          send({
            execucao: values.execucao,
            ...(values.execucao === 'limite' ? { preco: values.preco } : {}),
            // All of it is the default: the body says a quantity only for a partial sale.
            ...(values.quantidade !== naOperacao ? { quantidade: values.quantidade } : {}),
            ...(acimaDoTerminal && confirmado ? { confirmar_acima_do_terminal: true } : {}),
          }),
        onInvalid,
      )(),
    );

  return (
    <OrdemDialogContent
      title={`Vender ${operacao.acao_nome}`}
      onClose={onClose}
      submitLabel="Confirmar Venda"
      onSubmit={onConfirm}
      clienteId={clienteId}
      limite={execucao === 'limite'}
      flow={flow}
    >
      <DecimalField
        control={control}
        name="quantidade"
        label="Quantidade"
        inputMode="numeric"
        disabled={sending}
        helperText={`A operação tem ${formatInteger(naOperacao)}; o resto fica em aberto.`}
      />
      {acimaDoTerminal && (
        <AcimaDoTerminal
          ticker={operacao.acao_nome}
          noTerminal={noTerminal}
          quantidade={vendendo}
          confirmado={confirmado}
          onConfirmadoChange={setConfirmado}
          disabled={sending}
        />
      )}
      <ExecucaoFields control={control} disabled={sending} />
      <VendaEstimativa
        precoAtual={precoAtual}
        carregando={cotacao.isPending}
        estimativa={estimativa}
      />
    </OrdemDialogContent>
  );
}
