import { Box, Portal, Stack, Text, Tooltip } from '@chakra-ui/react';
import { TIPO_EVENTO_NOME, type Ajuste } from '../../../contract';
import { proporcaoDoEvento } from '../../../shared/eventos';
import { formatDate, formatInteger } from '../../../shared/format';

const acoes = (n: number) => `${formatInteger(n)} ${n === 1 ? 'ação' : 'ações'}`;

/** One applied share event in words: 'Desdobramento 1:2 em 03/06/2025: 100 → 200 ações.' */
export function descreverAjuste(a: Ajuste): string {
  const base =
    `${TIPO_EVENTO_NOME[a.tipo]} ${proporcaoDoEvento(a.tipo, a.fator)} em ${formatDate(a.data_ex)}: ` +
    `${formatInteger(a.quantidade_antes)} → ${acoes(a.quantidade_depois)}.`;
  if (a.fracao === 0) return base;
  const fracao = a.fracao.toLocaleString('pt-BR', { maximumFractionDigits: 4 });
  return `${base} Fração de ${fracao} ação descartada.`;
}

/** The mark of an operation adjusted by share events, with the events in its tooltip (and accessible name). */
export function AjusteMarca({ ajustes }: { ajustes: Ajuste[] }) {
  const textos = ajustes.map(descreverAjuste);
  return (
    <Tooltip.Root openDelay={150} closeDelay={50} positioning={{ placement: 'top' }}>
      <Tooltip.Trigger asChild>
        <Box
          as="span"
          role="img"
          aria-label={`Ajustada por evento corporativo. ${textos.join(' ')}`}
          tabIndex={0}
          display="inline-flex"
          verticalAlign="middle"
          ml="1"
          p="0.5"
          rounded="full"
          bg="blue.subtle"
          color="blue.fg"
          cursor="help"
          data-ajustada=""
          _focusVisible={{
            outline: '2px solid',
            outlineColor: 'gold.focusRing',
            outlineOffset: '2px',
          }}
        >
          {/* Two branches from one stem: the shares the event turned the position into. */}
          <svg viewBox="0 0 24 24" width="12" height="12" aria-hidden="true" fill="currentColor">
            <path d="M14 4l2.29 2.29-2.88 2.88 1.42 1.42 2.88-2.88L20 10V4h-6zm-4 0H4v6l2.29-2.29 4.71 4.7V20h2v-8.41l-5.29-5.3L10 4z" />
          </svg>
        </Box>
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content maxW="xs">
            <Tooltip.Arrow>
              <Tooltip.ArrowTip />
            </Tooltip.Arrow>
            <Stack gap="1">
              {textos.map((t) => (
                <Text key={t}>{t}</Text>
              ))}
            </Stack>
          </Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
