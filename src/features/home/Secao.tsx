import { Badge, Card, HStack, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, type LinkProps } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';
import { formatInteger } from '../../../shared/format';

interface Props {
  titulo: string;
  total: number;
  /** What the empty section says: that all is well ("Nenhuma ordem em andamento."). */
  vazio: string;
  /** How many items it lists (the server sends at most 20 of `total`). */
  listados: number;
  /** Where the rest are, when the list is cut ("Ver todos no histórico"). */
  todos?: { link: LinkProps; label: string };
  children: ReactNode;
}

/**
 * One section of the home screen: its title with its count (orange while something needs attention, green when
 * nothing does), its items, and the empty state that says all is well.
 */
export function Secao({ titulo, total, vazio, listados, todos, children }: Props) {
  const id = useId();
  return (
    <Card.Root as="section" aria-labelledby={id} size="sm">
      <Card.Header>
        <HStack justify="space-between" gap="2">
          <Heading as="h2" size="sm" id={id}>
            {titulo}
          </Heading>
          <Badge
            colorPalette={total ? 'orange' : 'green'}
            variant={total ? 'solid' : 'subtle'}
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
            {children}
          </Stack>
        )}
        {total > listados && todos && (
          <Text fontSize="sm" mt="2">
            e mais {formatInteger(total - listados)} — <Elo link={todos.link}>{todos.label}</Elo>
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
