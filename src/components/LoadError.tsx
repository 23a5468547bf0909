import { Alert, Button } from '@chakra-ui/react';
import type { UseQueryResult } from '@tanstack/react-query';

/** A query that failed before it ever answered: nothing to show but the failure (its data is never empty data). */
export const nuncaCarregou = (query: Pick<UseQueryResult, 'isError' | 'data'>) =>
  query.isError && query.data === undefined;

/**
 * Where nothing was ever loaded because the call failed: a discreet banner with the error and Tentar novamente,
 * instead of an empty list that reads as "there is nothing". (The error is already logged by the query cache;
 * data loaded before a failed refresh stays on screen without it.)
 */
export function LoadError({
  what,
  error,
  onRetry,
  retrying,
}: {
  /** 'as posições', 'a carteira'... */
  what: string;
  error: Error | null;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <Alert.Root status="error" variant="subtle" role="alert" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Não foi possível carregar {what}.</Alert.Title>
        {error && <Alert.Description>{error.message}</Alert.Description>}
      </Alert.Content>
      <Button size="sm" variant="outline" colorPalette="gray" onClick={onRetry} loading={retrying}>
        Tentar novamente
      </Button>
    </Alert.Root>
  );
}
