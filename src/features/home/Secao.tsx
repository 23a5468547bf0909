import { Badge, Button, Card, HStack, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, type LinkProps } from '@tanstack/react-router';
import { useId, useState, type ReactNode } from 'react';
import { formatInteger } from '../../../shared/format';

interface Props {
  titulo: string;
  total: number;
  /** What the empty section says: that all is well ("Nenhuma ordem em andamento."). */
  vazio: string;
  /** Where the rest are, when the server's list is cut ("ver no histórico de ordens"). */
  todos?: { link: LinkProps; label: string };
  /** The items the server listed (at most 20 of `total`), the most urgent first. */
  itens: ReactNode[];
}

/** Items shown before "Mostrar mais": the page stays one screen of the most urgent of each kind. */
export const ITENS_VISIVEIS = 5;

/**
 * One section of the home screen: its title with its count (orange while something needs attention, green when
 * nothing does), its items, and the empty state that says all is well.
 */
export function Secao({ titulo, total, vazio, todos, itens }: Props) {
  const id = useId();
  const [aberta, setAberta] = useState(false);
  const ocultos = aberta ? 0 : Math.max(0, itens.length - ITENS_VISIVEIS);
  return (
    <Card.Root as="section" aria-labelledby={id} size="sm" breakInside="avoid" mb="4">
      <Card.Header>
        <HStack justify="space-between" gap="2">
          <Heading as="h2" size="sm" id={id}>
            {titulo}
          </Heading>
          <Badge
            colorPalette={total ? 'orange' : 'green'}
            variant={total ? 'solid' : 'subtle'}
            // The palette's solid orange is 3.5:1 with white: a darker one reads (5:1, WCAG AA).
            bg={total ? 'orange.700' : undefined}
            aria-label={`${formatInteger(total)} ${total === 1 ? 'item' : 'itens'}`}
          >
            {formatInteger(total)}
          </Badge>
        </HStack>
      </Card.Header>
      <Card.Body pt="2">
        {total === 0 ? (
          <Text color="fg.muted" fontSize="sm">
            {vazio}
          </Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
            {ocultos ? itens.slice(0, ITENS_VISIVEIS) : itens}
          </Stack>
        )}
        {itens.length > ITENS_VISIVEIS && (
          <Button
            size="xs"
            variant="ghost"
            colorPalette="gray"
            alignSelf="start"
            mt="2"
            aria-expanded={aberta}
            onClick={() => setAberta(!aberta)}
          >
            {aberta ? 'Mostrar menos' : `Mostrar mais ${formatInteger(ocultos)}`}
          </Button>
        )}
        {/* Beyond what the server listed: where they all are (once the list shows all it has). */}
        {ocultos === 0 && total > itens.length && todos && (
          <Text fontSize="sm" mt="2">
            e mais {formatInteger(total - itens.length)} —{' '}
            <Elo link={todos.link}>{todos.label}</Elo>
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** A link to where an item is acted on, underlined as the alerts' links are. */
export function Elo({ link, children }: { link: LinkProps; children: ReactNode }) {
  return (
    <Link
      asChild
      color="fg"
      fontWeight="medium"
      textDecoration="underline"
      textUnderlineOffset="2px"
    >
      <RouterLink {...link}>{children}</RouterLink>
    </Link>
  );
}

/** One item: its link (what it is), and a second line of figures. */
export function Item({
  link,
  titulo,
  children,
}: {
  link: LinkProps;
  titulo: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Stack as="li" gap="0" fontSize="sm">
      <Elo link={link}>{titulo}</Elo>
      {children && (
        <Text color="fg.muted" fontVariantNumeric="tabular-nums">
          {children}
        </Text>
      )}
    </Stack>
  );
}
