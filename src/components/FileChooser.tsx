import { Button, HStack, Input, Text } from '@chakra-ui/react';
import { useRef, type FocusEventHandler } from 'react';

interface Props {
  name?: string;
  accept?: string;
  file: File | undefined;
  onChange: (file: File | undefined) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  /** The form's ref (react-hook-form focuses the field with it). */
  inputRef?: (el: HTMLInputElement | null) => void;
}

/**
 * A file chooser in Portuguese whatever the browser's language: 'Escolher arquivo' and the chosen file's name (or
 * 'Nenhum arquivo selecionado') over the browser's own input, hidden, which the field's label still names.
 */
export function FileChooser({ name, accept, file, onChange, onBlur, inputRef }: Props) {
  const input = useRef<HTMLInputElement | null>(null);
  return (
    <HStack gap="3" minW="0">
      {/* Chakra's Input: inside a Field it takes the id the field's label points at. */}
      <Input
        ref={(el) => {
          input.current = el;
          inputRef?.(el);
        }}
        name={name}
        type="file"
        accept={accept}
        hidden
        onBlur={onBlur}
        onChange={(e) => onChange(e.target.files?.[0])}
      />
      <Button
        type="button"
        variant="outline"
        colorPalette="gray"
        size="sm"
        flexShrink={0}
        onClick={() => input.current?.click()}
      >
        Escolher arquivo
      </Button>
      <Text fontSize="sm" color={file ? undefined : 'fg.muted'} truncate title={file?.name}>
        {file ? file.name : 'Nenhum arquivo selecionado'}
      </Text>
    </HStack>
  );
}
