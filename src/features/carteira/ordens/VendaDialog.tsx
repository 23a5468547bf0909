import { Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { VendaRequestSchema, type Operacao, type VendaRequest } from '../../../../contract';
import { formatInteger } from '../../../../shared/format';
import { cotacoesQueries } from '../../../api/cotacoes';
import { useSendVenda } from '../../../api/ordens';
import { ExecucaoFields } from '../../../components/form';
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

/** 'Vender {ação}': sells the operation's whole quantity. */
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
  const { control, handleSubmit } = useForm<VendaRequest>({
    resolver: zodResolver(VendaRequestSchema),
    defaultValues: { execucao: 'mercado' },
    shouldUnregister: true,
  });
  const execucao = useWatch({ control, name: 'execucao' });
  const precoLimite = useWatch({ control, name: 'preco' });
  const flow = useOrdemFlow(clienteId, 'venda', useSendVenda(clienteId, operacao.id), onExecuted);
  const { sending } = flow;
  const noTerminal = useNoTerminal(clienteId, operacao.acao_nome);
  const acimaDoTerminal = noTerminal !== undefined && (operacao.quantidade ?? 0) > noTerminal;
  const [confirmado, setConfirmado] = useState(false);

  const chave = `${operacao.acao_nome}.SA`;
  const cotacao = useQuery(cotacoesQueries.atuais([chave]));
  const precoAtual = cotacao.data?.[chave]?.preco_atual;
  const estimativa = estimativaVenda(
    operacao.quantidade,
    execucao === 'limite' ? precoLimite : precoAtual,
    operacao.valor_total_compra,
  );

  const onConfirm = () =>
    flow.submit((send, onInvalid) =>
      handleSubmit(
        (values) =>
          send({
            execucao: values.execucao,
            ...(values.execucao === 'limite' ? { preco: values.preco } : {}),
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
      <Text>Quantidade: {formatInteger(operacao.quantidade)}</Text>
      {acimaDoTerminal && (
        <AcimaDoTerminal
          ticker={operacao.acao_nome}
          noTerminal={noTerminal}
          quantidade={operacao.quantidade}
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
