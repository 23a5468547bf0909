import { Alert, Checkbox, HStack, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { VendaRequestSchema, type Operacao, type VendaRequest } from '../../../../contract';
import { formatInteger, formatMoney, formatPercent } from '../../../../shared/format';
import { baseSymbol } from '../../../../shared/legs';
import { conciliacaoQueries } from '../../../api/conciliacao';
import { cotacoesQueries } from '../../../api/cotacoes';
import { useSendVenda } from '../../../api/ordens';
import { ExecucaoFields } from '../../../components/form';
import { SEM_COTACAO } from '../../../components/PrecoAtual';
import { TargetDialog } from '../../../components/TargetDialog';
import { estimativaVenda } from './estimativa';
import { OrdemDialogContent } from './OrdemDialog';
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
 * What the client's terminal holds of the stock, when it answered (its reconciliation): a sale above it would
 * sell shares the account does not have. Undefined while unknown.
 */
function useNoTerminal(clienteId: number, ticker: string): number | undefined {
  const conciliacao = useQuery(conciliacaoQueries.detail(clienteId));
  const data = conciliacao.data;
  if (!data || data.terminal_status !== 'online') return undefined;
  return data.linhas.find((l) => l.acao === baseSymbol(ticker))?.terminal ?? 0;
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

function Linha({ label, children }: { label: string; children: ReactNode }) {
  return (
    <HStack justify="space-between">
      <Text color="fg.muted">{label}</Text>
      <Text fontWeight="semibold" fontVariantNumeric="tabular-nums">
        {children}
      </Text>
    </HStack>
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
  const corResultado =
    estimativa.resultado === null ? undefined : estimativa.resultado >= 0 ? 'green.600' : 'red.600';

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
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Content gap="3">
            <Alert.Title>
              O terminal do cliente tem {formatInteger(noTerminal)}{' '}
              {noTerminal === 1 ? 'ação' : 'ações'} de {baseSymbol(operacao.acao_nome)}; a venda é
              de {formatInteger(operacao.quantidade)}.
            </Alert.Title>
            <Alert.Description>
              Confira a posição na Conciliação (Painel de Controle). Vender acima da posição do
              terminal pode vender ações que a conta não tem.
            </Alert.Description>
            <Checkbox.Root
              checked={confirmado}
              onCheckedChange={(e) => setConfirmado(e.checked === true)}
              disabled={sending}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Vender assim mesmo, acima da posição do terminal</Checkbox.Label>
            </Checkbox.Root>
          </Alert.Content>
        </Alert.Root>
      )}
      <ExecucaoFields control={control} disabled={sending} />
      <Stack gap="1" fontSize="sm" role="group" aria-label="Estimativa da venda">
        <Linha label="Preço atual">
          {precoAtual === undefined
            ? cotacao.isPending
              ? '...'
              : SEM_COTACAO
            : formatMoney(precoAtual)}
        </Linha>
        <Linha label="Valor estimado da venda">{formatMoney(estimativa.valor)}</Linha>
        <Linha label="Resultado estimado">
          <Text as="span" color={corResultado}>
            {formatMoney(estimativa.resultado)}
            {estimativa.percentual !== null && ` (${formatPercent(estimativa.percentual)})`}
          </Text>
        </Linha>
      </Stack>
    </OrdemDialogContent>
  );
}
