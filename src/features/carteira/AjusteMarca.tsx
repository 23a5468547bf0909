import { Badge, Portal, Stack, Text, Tooltip } from '@chakra-ui/react';
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
        <Badge
          as="span"
          role="img"
          aria-label={`Ajustada por evento corporativo. ${textos.join(' ')}`}
          tabIndex={0}
          size="xs"
          variant="subtle"
          colorPalette="blue"
          cursor="help"
          ml="1.5"
          data-ajustada=""
          _focusVisible={{
            outline: '2px solid',
            outlineColor: 'gold.focusRing',
            outlineOffset: '2px',
          }}
        >
          ajustada
        </Badge>
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
