import { Alert, Button } from '@chakra-ui/react';
import {
  lazyRouteComponent as lazyDoRouter,
  useRouter,
  type ErrorComponentProps,
} from '@tanstack/react-router';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useSemResposta } from '../lib/conexao';

/** A screen's code could not be loaded (offline, or the server unreachable). */
class TelaIndisponivel extends Error {
  constructor(cause: unknown) {
    super('Não foi possível carregar esta tela.', { cause });
    this.name = 'TelaIndisponivel';
  }
}

/**
 * TanStack Router's lazyRouteComponent, whose failed import is the app's own error (issue 34, rough edge 4): the
 * router's reloads the page on a failed chunk, which offline is the browser's error page; here the screen says
 * so (TelaComErro) and loads when the connection is back.
 */
export const lazyRouteComponent: typeof lazyDoRouter = (importer, exportName) =>
  lazyDoRouter(async () => {
    try {
      return await importer();
    } catch (err) {
      throw new TelaIndisponivel(err);
    }
  }, exportName);

/**
 * Any screen's failure, in Portuguese with Tentar novamente; a screen whose code did not load tries again by
 * itself once the browser is back online or a call is answered again.
 */
export function TelaComErro({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const carregamento = error instanceof TelaIndisponivel;
  const semResposta = useSemResposta();
  const antes = useRef(semResposta);
  const tentar = useEffectEvent(() => {
    reset();
    void router.invalidate();
  });
  // Back online (the browser says so), or a call answered again after none did: the screen's code can load now.
  useEffect(() => {
    if (!carregamento) return;
    const onOnline = () => tentar();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [carregamento]);
  useEffect(() => {
    const voltou = antes.current && !semResposta;
    antes.current = semResposta;
    if (carregamento && voltou) tentar();
  }, [carregamento, semResposta]);
  return (
    <Alert.Root status="error" role="alert" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          {carregamento
            ? 'Não foi possível abrir esta tela: sem conexão com o servidor.'
            : 'Algo deu errado ao mostrar esta tela.'}
        </Alert.Title>
        <Alert.Description>
          {carregamento
            ? 'Ela abre sozinha quando a conexão voltar.'
            : error instanceof Error
              ? error.message
              : String(error)}
        </Alert.Description>
      </Alert.Content>
      <Button
        size="sm"
        variant="outline"
        colorPalette="gray"
        onClick={() => {
          reset();
          void router.invalidate();
        }}
      >
        Tentar novamente
      </Button>
    </Alert.Root>
  );
}
