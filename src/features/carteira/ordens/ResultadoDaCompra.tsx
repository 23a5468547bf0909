import { Box, Text } from '@chakra-ui/react';
import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { CompraEmVooAviso } from '../../../widgets/ordens';
import type { Validacao } from './compra-state';
import { LegsTable } from './LegsTable';
import type { useCompraForm } from './useCompraForm';

/** The field a picked recommendation leaves to type: the quantity, or the value in that entry mode. */
export const campoDaEntrada = (modo: string | undefined) =>
  document.querySelector<HTMLElement>(
    `[role="dialog"] input[name="${modo === 'valor' ? 'valor' : 'quantidade'}"]`,
  );

/**
 * Validar's result: the legs and their checks, the buy already in flight to confirm, the reasons of a stock with
 * no legs. It takes the focus when it arrives (read at once), and Tab there goes straight to Enviar once the
 * order may be sent (issue 34, rough edge 8: a whole buy by keyboard).
 */
export function ResultadoDaCompra({
  compra,
  validacao,
  enviarRef,
}: {
  compra: ReturnType<typeof useCompraForm>;
  validacao: Validacao;
  enviarRef: RefObject<HTMLButtonElement | null>;
}) {
  const { state, situacao, flow } = compra;
  const { sending } = flow;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [validacao]);
  const { podeEnviar } = situacao;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || event.shiftKey || event.target !== ref.current) return;
    if (!podeEnviar || !enviarRef.current) return;
    event.preventDefault();
    enviarRef.current.focus();
  };
  return (
    <Box
      ref={ref}
      tabIndex={-1}
      role="group"
      aria-label="Resultado da validação"
      onKeyDown={onKeyDown}
      rounded="md"
      outlineOffset="4px"
      display="flex"
      flexDirection="column"
      gap="4"
    >
      {state.legs.length > 0 && (
        <LegsTable
          legs={state.legs}
          validacoes={situacao.atual ? validacao.validacoes : []}
          disabled={sending}
          onChange={compra.editLeg}
        />
      )}
      {situacao.emVoo && (
        <CompraEmVooAviso
          label="Comprar assim mesmo, com a outra compra em andamento"
          confirmado={state.confirmaEmVoo}
          onConfirmadoChange={compra.onConfirmEmVoo}
          disabled={sending}
        >
          {validacao.aviso}
        </CompraEmVooAviso>
      )}
      {situacao.semPernas.map((v) => (
        <Text key={v.symbol} color="red.600">
          {v.motivo || 'inválido'}
        </Text>
      ))}
    </Box>
  );
}
