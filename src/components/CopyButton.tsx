import { Button, HStack, Text, type ButtonProps } from '@chakra-ui/react';
import { useState } from 'react';

interface Props extends Omit<ButtonProps, 'onClick' | 'children'> {
  /** What goes to the clipboard. */
  value: string;
  /** The button's label. */
  label?: string;
  /** What was copied, for the status line ("Senha temporária copiada."). */
  copiedText?: string;
}

/**
 * A button that copies `value`, and a status line saying it did (or, where the browser refuses the clipboard,
 * to select the value and copy it by hand).
 */
export function CopyButton({ value, label = 'Copiar', copiedText = 'Copiado.', ...button }: Props) {
  const [estado, setEstado] = useState<'copiado' | 'erro' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setEstado('copiado');
    } catch {
      setEstado('erro');
    }
  };
  return (
    <HStack gap="2" wrap="wrap">
      <Button size="sm" variant="outline" {...button} onClick={() => void copy()}>
        {label}
      </Button>
      <Text fontSize="sm" color="fg.muted" role="status" aria-live="polite">
        {estado === 'copiado' && copiedText}
        {estado === 'erro' && 'Não foi possível copiar: selecione o texto e copie-o.'}
      </Text>
    </HStack>
  );
}
