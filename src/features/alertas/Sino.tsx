import { Box, IconButton } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { notificacoesQueries } from '../../api/alertas';
import { rotuloDoSino } from './labels';

// The panel loads when first wanted (the pointer on the bell, or a click): the shell carries the bell only.
const loadPainel = () => import('./NotificacoesPainel');
const NotificacoesPainel = lazy(() =>
  loadPainel().then((m) => ({ default: m.NotificacoesPainel })),
);

const BELL = 'M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0';

/**
 * The top bar's bell (issue 31): the count of unread notifications, asked again every ALERTAS_POLL_MS like every
 * live figure, and the panel that lists them.
 */
export function Sino() {
  const contagem = useQuery(notificacoesQueries.contagem());
  const [open, setOpen] = useState(false);
  const naoLidas = contagem.data?.nao_lidas;
  return (
    <>
      <IconButton
        aria-label={rotuloDoSino(naoLidas)}
        title="Notificações"
        aria-haspopup="dialog"
        aria-expanded={open}
        variant="ghost"
        colorPalette="gray"
        size="sm"
        position="relative"
        onPointerEnter={() => void loadPainel()}
        onFocus={() => void loadPainel()}
        onClick={() => setOpen(true)}
      >
        <svg
          viewBox="0 0 24 24"
          width="20"
          height="20"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden
        >
          <path d={BELL} strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {naoLidas ? (
          <Box
            as="span"
            aria-hidden
            position="absolute"
            top="0.5"
            right="0"
            display="inline-flex"
            alignItems="center"
            justifyContent="center"
            minW="18px"
            h="18px"
            px="1"
            rounded="full"
            bg="red.600"
            color="white"
            fontSize="11px"
            fontWeight="bold"
            lineHeight="1"
          >
            {naoLidas > 99 ? '99+' : naoLidas}
          </Box>
        ) : null}
      </IconButton>
      {open && (
        <Suspense fallback={null}>
          <NotificacoesPainel onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
