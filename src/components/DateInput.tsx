import { Input, type InputProps } from '@chakra-ui/react';
import type { Ref } from 'react';
import { maskBrDate } from '../../shared/dates';

interface Props extends Omit<InputProps, 'value' | 'onChange' | 'type'> {
  /** What the field shows: 'dd/mm/aaaa' as typed so far. */
  value: string;
  onChange: (text: string) => void;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A date typed and shown as dd/mm/aaaa whatever the browser's language (a native date input follows the
 * browser's: 'mm/dd/yyyy' in an English one). The slashes come by themselves; read it with isoFromBr.
 */
export function DateInput({ value, onChange, ...props }: Props) {
  return (
    <Input
      {...props}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder="dd/mm/aaaa"
      maxLength={10}
      value={value}
      onChange={(e) => onChange(maskBrDate(e.target.value))}
    />
  );
}
