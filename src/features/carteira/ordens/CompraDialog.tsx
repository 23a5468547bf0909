import { Button, HStack, Input, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { formatMoney, formatPercent } from '../../../../shared/format';
import { FormField } from '../../../components/form';
import { TargetDialog } from '../../../components/TargetDialog';
import { CompraCampos, CompraEstimativa } from './CompraCampos';
import { OrdemDialogContent } from './OrdemDialog';
import { RecomendacaoPicker } from './RecomendacaoPicker';
import { campoDaEntrada, ResultadoDaCompra } from './ResultadoDaCompra';
import { TerminalIndisponivel, useTerminalDoCliente } from './TerminalDoCliente';
import { useCompraForm } from './useCompraForm';

interface Props {
  clienteId: number;
  open: boolean;
  onClose: () => void;
  /** Called once the order is executed (what it changed has been marked stale): the page closes the dialog. */
  onExecuted: () => void;
}

export const VALIDAR_DE_NOVO = 'A ordem mudou desde a validação: clique em Validar de novo.';

/** 'Nova Compra (MT5)': the stock (typed or a recommendation), Validar's legs and checks, then Enviar. */
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
  const compra = useCompraForm(clienteId, onExecuted);
  const { form, state, situacao, flow } = compra;
  const { sending } = flow;
  const [pickerOpen, setPickerOpen] = useState(false);
  const { picked, validacao } = state;
  const terminal = useTerminalDoCliente(clienteId);
  // The buy by keyboard (issue 34, rough edge 8): Enviar takes the focus from Validar's result; a picked
  // recommendation leaves it on the quantity (or value), what is left to type.
  const enviarRef = useRef<HTMLButtonElement>(null);
  const escolheuRef = useRef(false);

  return (
    <>
      <OrdemDialogContent
        title="Nova Compra (MT5)"
        onClose={onClose}
        submitLabel="Enviar"
        onSubmit={compra.onSend}
        submitDisabled={!situacao.podeEnviar}
        submitRef={enviarRef}
        clienteId={clienteId}
        limite={compra.values.execucao === 'limite'}
        flow={flow}
      >
        {terminal.motivo && <TerminalIndisponivel motivo={terminal.motivo} />}
        <HStack align="end">
          <FormField label="Ticker" error={form.formState.errors.ticker?.message}>
            <Input
              {...form.register('ticker')}
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
        <CompraCampos control={form.control} disabled={sending} />
        <CompraEstimativa estimativa={compra.estimativa} disponivel={compra.disponivel} />
        <HStack>
          {/* The form's submit: Enter in a field validates (issue 34: a whole buy by keyboard). */}
          <Button
            type="submit"
            variant="outline"
            onClick={compra.onValidate}
            loading={compra.validating}
            disabled={sending || terminal.motivo !== null}
            aria-describedby={terminal.motivo ? 'validar-indisponivel' : undefined}
          >
            Validar
          </Button>
          {terminal.curto && !sending && (
            <Text id="validar-indisponivel" fontSize="sm" color="fg.muted">
              {terminal.curto}
            </Text>
          )}
          {situacao.mustValidateAgain && !sending && (
            <Text fontSize="sm" color="orange.600">
              {VALIDAR_DE_NOVO}
            </Text>
          )}
        </HStack>
        {validacao && (
          <ResultadoDaCompra compra={compra} validacao={validacao} enviarRef={enviarRef} />
        )}
      </OrdemDialogContent>
      <RecomendacaoPicker
        clienteId={clienteId}
        open={pickerOpen}
        onClose={() => setPickerOpen(false)}
        onSelect={(rec) => {
          compra.pick(rec);
          escolheuRef.current = true;
          setPickerOpen(false);
        }}
        // A recommendation picked: the quantity (or value) is what is left to type.
        finalFocusEl={() => {
          if (!escolheuRef.current) return null;
          escolheuRef.current = false;
          return campoDaEntrada(compra.values.modo);
        }}
      />
    </>
  );
}
