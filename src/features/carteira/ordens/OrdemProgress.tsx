import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { LazyMotion, m } from 'framer-motion';
import type { OrderStatus } from '../../../../contract';
import { formatInteger } from '../../../../shared/format';

// `m` is the motion component without its features (~50 KiB gzip with them): the animation code loads on its own
// when the first bar shows, and the bar simply jumps to its width until then.
const MotionBox = m.create(Box);
const loadFeatures = () => import('./motion-features').then((features) => features.default);

/** Each leg's fill as an animated bar: the operator sees the order move while it executes. */
export function OrdemProgress({ status }: { status: OrderStatus | undefined }) {
  if (!status) {
    return (
      <Text color="fg.muted" aria-live="polite">
        Enviando ordem ao MT5...
      </Text>
    );
  }
  return (
    <LazyMotion features={loadFeatures} strict>
      <Stack gap="2" aria-live="polite" aria-label="Execução da ordem">
        {status.summary.map((leg) => {
          const share = leg.volume > 0 ? Math.min(1, leg.volume_exec / leg.volume) : 0;
          return (
            <Box key={leg.symbol}>
              <HStack justify="space-between" fontSize="sm">
                <Text fontWeight="medium">{leg.symbol}</Text>
                <Text>
                  {formatInteger(leg.volume_exec)} / {formatInteger(leg.volume)}
                  {leg.executada ? ' — executada' : ''}
                </Text>
              </HStack>
              <Box h="2" bg="bg.muted" rounded="full" overflow="hidden">
                <MotionBox
                  h="full"
                  bg={leg.executada ? 'green.500' : 'gold.solid'}
                  initial={{ width: 0 }}
                  animate={{ width: `${share * 100}%` }}
                  transition={{ type: 'spring', stiffness: 120, damping: 20 }}
                />
              </Box>
            </Box>
          );
        })}
        {status.executed_all && <Text color="green.600">Ordem executada.</Text>}
      </Stack>
    </LazyMotion>
  );
}
