import { Alert, Checkbox } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface Props {
  /** What validar said of the buys of the stock already in flight (the server's aviso). */
  children: ReactNode;
  /** The checkbox's words: what the operator confirms. */
  label: string;
  confirmado: boolean;
  onConfirmadoChange: (confirmado: boolean) => void;
  disabled?: boolean;
}

/**
 * A buy of the same stock is already in flight for the client (issue 26, item 5): the warning, and the explicit
 * confirmation sending another one needs (the server refuses it without `confirmar_compra_em_voo`), as the sale's
 * confirmation above the terminal's position.
 */
export function CompraEmVooAviso({
  children,
  label,
  confirmado,
  onConfirmadoChange,
  disabled,
}: Props) {
  return (
    <Alert.Root status="warning" role="alert">
      <Alert.Indicator />
      <Alert.Content gap="3">
        <Alert.Title>Compra em andamento</Alert.Title>
        <Alert.Description>{children}</Alert.Description>
        <Checkbox.Root
          checked={confirmado}
          onCheckedChange={(e) => onConfirmadoChange(e.checked === true)}
          disabled={disabled}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{label}</Checkbox.Label>
        </Checkbox.Root>
      </Alert.Content>
    </Alert.Root>
  );
}
