import { Box, Portal, Tooltip } from '@chakra-ui/react';
import type { ClienteStatus } from '../../../contract';
import { statusView } from './status';

/** Status MT5: a coloured dot whose tooltip (and accessible name) says the status, detail and ping. */
export function StatusDot({ status }: { status: ClienteStatus | undefined }) {
  const view = statusView(status);
  return (
    <Tooltip.Root openDelay={150} closeDelay={50} positioning={{ placement: 'top' }}>
      <Tooltip.Trigger asChild>
        <Box
          as="span"
          role="img"
          aria-label={view.text}
          tabIndex={0}
          display="inline-block"
          boxSize="3"
          rounded="full"
          bg={view.color}
          verticalAlign="middle"
          cursor="help"
          data-status={status?.status ?? 'checking'}
          _focusVisible={{
            outline: '2px solid',
            outlineColor: 'gold.focusRing',
            outlineOffset: '2px',
          }}
        />
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>
            <Tooltip.Arrow>
              <Tooltip.ArrowTip />
            </Tooltip.Arrow>
            {view.text}
          </Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
