import { Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { AssuntoAlerta, TipoAlerta } from '../../../contract';

interface Props {
  tipo: TipoAlerta;
  assunto: AssuntoAlerta;
  children: ReactNode;
  /** Called as the link is followed (the panel marks the notification read and closes). */
  onFollow?: () => void;
}

/**
 * What an alert is about, as a link to where it is handled: a target or stop opens the client's portfolio on its
 * position with the Vender dialog; an order in doubt, the order's page; an offline terminal, the clients' list
 * (its MT5 status); a divergence, the control panel (its Conciliação); an ex-date, the corporate events; a price
 * rule, the user's rules. A subject that is gone (a deleted operation) is plain text.
 */
export function AssuntoLink({ tipo, assunto, children, onFollow }: Props) {
  const comum = { onClick: onFollow } as const;
  const link = (() => {
    switch (tipo) {
      case 'alvo':
      case 'stop':
        return assunto.cliente !== null && assunto.operacao !== null ? (
          <RouterLink
            {...comum}
            to="/clientes/$id/carteira"
            params={{ id: String(assunto.cliente) }}
            search={{ aba: 'posicionadas', vender: assunto.operacao }}
          >
            {children}
          </RouterLink>
        ) : null;
      case 'ordem_em_duvida':
        return assunto.ordem !== null ? (
          <RouterLink {...comum} to="/ordens/$groupId" params={{ groupId: assunto.ordem }}>
            {children}
          </RouterLink>
        ) : null;
      case 'terminal_offline':
        return (
          <RouterLink {...comum} to="/clientes">
            {children}
          </RouterLink>
        );
      case 'divergencia':
        return (
          <RouterLink {...comum} to="/controle-rv">
            {children}
          </RouterLink>
        );
      case 'data_ex':
        return (
          <RouterLink {...comum} to="/ferramentas/eventos">
            {children}
          </RouterLink>
        );
      case 'preco':
        return (
          <RouterLink {...comum} to="/alertas" search={{ aba: 'regras' }}>
            {children}
          </RouterLink>
        );
    }
  })();
  if (!link) return <Text as="span">{children}</Text>;
  return (
    <Link
      asChild
      color="fg"
      fontWeight="inherit"
      textDecoration="underline"
      textUnderlineOffset="2px"
    >
      {link}
    </Link>
  );
}
