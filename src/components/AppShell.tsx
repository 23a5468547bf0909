import { Box, Button, Container, Flex, HStack, Link, Menu, Portal } from '@chakra-ui/react';
import { Link as RouterLink, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import {
  auditoriaEndpoints,
  importacaoEndpoints,
  lotesEndpoints,
  papelPode,
  usuariosEndpoints,
  type Permissao,
} from '../../contract';
import { useLogout } from '../api/auth';
import { usePapel } from '../api/permissao';
import { Sino } from '../features/alertas/Sino';
import { useSession } from '../lib/session';
import { BuscaCliente } from './BuscaCliente';
import { AvisosDeOrdens } from '../widgets/ordens';
import { SemConexao } from './SemConexao';

function NavLink({ to, children }: { to: LinkProps['to']; children: ReactNode }) {
  return (
    <Link
      asChild
      px="3"
      py="2"
      rounded="md"
      fontSize="sm"
      fontWeight="medium"
      color="fg"
      _hover={{ bg: 'gold.subtle', textDecoration: 'none' }}
      css={{ '&[data-status=active]': { bg: 'gold.muted' } }}
    >
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}

function MenuLink({
  to,
  value,
  children,
}: {
  to: LinkProps['to'];
  value: string;
  children: ReactNode;
}) {
  return (
    <Menu.Item value={value} asChild>
      <RouterLink to={to}>{children}</RouterLink>
    </Menu.Item>
  );
}

function DropdownMenu({
  label,
  children,
  onSelect,
}: {
  label: ReactNode;
  children: ReactNode;
  onSelect?: (value: string) => void;
}) {
  return (
    <Menu.Root onSelect={(details) => onSelect?.(details.value)}>
      <Menu.Trigger asChild>
        <Button variant="ghost" colorPalette="gray" size="sm" fontWeight="medium">
          {label}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>{children}</Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/**
 * The top bar's menus, each a list of entries: a new screen is one line in its menu, on the desktop bar and in
 * the phone's menu alike.
 */
const MENUS: ReadonlyArray<{
  label: string;
  entries: ReadonlyArray<{
    value: string;
    to: LinkProps['to'];
    label: string;
    /** A screen only some roles may use (issue 32): the others do not see its entry. */
    endpoint?: { readonly permissao: Permissao };
  }>;
}> = [
  {
    label: 'Ordens',
    entries: [
      { value: 'ordens', to: '/ordens', label: 'Histórico' },
      {
        value: 'ordem-lote',
        to: '/ordens/lote',
        label: 'Nova ordem em lote',
        endpoint: lotesEndpoints.sendCompra,
      },
    ],
  },
  {
    label: 'Ferramentas',
    entries: [
      {
        value: 'importacao',
        to: '/ferramentas/importacao',
        label: 'Importação',
        endpoint: importacaoEndpoints.upload,
      },
      { value: 'eventos', to: '/ferramentas/eventos', label: 'Eventos corporativos' },
      { value: 'ir-mensal', to: '/ferramentas/ir-mensal', label: 'IR mensal' },
      { value: 'ativos', to: '/ferramentas/ativos', label: 'Ativos' },
      { value: 'modelos', to: '/ferramentas/modelos', label: 'Modelos' },
      { value: 'alertas', to: '/alertas', label: 'Alertas' },
      { value: 'recomendacoes', to: '/recomendacoes', label: 'Recomendações' },
      {
        value: 'usuarios',
        to: '/ferramentas/usuarios',
        label: 'Usuários',
        endpoint: usuariosEndpoints.list,
      },
      {
        value: 'auditoria',
        to: '/ferramentas/auditoria',
        label: 'Auditoria',
        endpoint: auditoriaEndpoints.list,
      },
    ],
  },
];

/** The top bar of the logged-in product; below `md` every entry collapses into one menu. */
export function AppShell({ children }: { children: ReactNode }) {
  const current = useSession();
  const papel = usePapel();
  const menus = MENUS.map((menu) => ({
    ...menu,
    entries: menu.entries.filter((e) => !e.endpoint || (papel && papelPode(papel, e.endpoint))),
  }));
  const logout = useLogout();
  // Perfil opens Minha conta (issue 32); Sair logs out.
  const onMenu = (value: string) => {
    if (value === 'sair') logout.mutate();
  };

  return (
    <Flex direction="column" minH="100dvh">
      <SemConexao />
      <Box as="header" bg="bg" borderBottomWidth="1px" borderColor="gold.muted" shadow="xs">
        <Container maxW="full" px={{ base: '3', md: '6' }}>
          <Flex as="nav" aria-label="Principal" h="14" align="center" gap="2">
            <Link
              asChild
              fontWeight="bold"
              fontSize="lg"
              color="gold.fg"
              mr="4"
              _hover={{ textDecoration: 'none' }}
            >
              <RouterLink to="/">Carteira RV</RouterLink>
            </Link>
            <HStack gap="1" hideBelow="md" flex="1">
              <NavLink to="/controle-rv">Painel de Controle</NavLink>
              <NavLink to="/clientes">Clientes</NavLink>
              {menus.map((menu) => (
                <DropdownMenu key={menu.label} label={menu.label}>
                  {menu.entries.map((entry) => (
                    <MenuLink key={entry.value} value={entry.value} to={entry.to}>
                      {entry.label}
                    </MenuLink>
                  ))}
                </DropdownMenu>
              ))}
            </HStack>
            {/* The search finds a client from any screen ('/' focuses it): issue 34, item 5. */}
            <Box ml={{ base: 'auto', md: '0' }}>
              <BuscaCliente />
            </Box>
            {/* The bell stays on the bar on every screen: a live figure is not behind a menu. */}
            <Box>
              <Sino />
            </Box>
            <Box hideBelow="md">
              <DropdownMenu label={current?.username || 'Usuário'} onSelect={onMenu}>
                <MenuLink value="perfil" to="/conta">
                  Perfil
                </MenuLink>
                <Menu.Item value="sair">Sair</Menu.Item>
              </DropdownMenu>
            </Box>
            <Box hideFrom="md">
              <DropdownMenu label="Menu" onSelect={onMenu}>
                <MenuLink value="controle-rv" to="/controle-rv">
                  Painel de Controle
                </MenuLink>
                <MenuLink value="clientes" to="/clientes">
                  Clientes
                </MenuLink>
                {menus.map((menu) => (
                  <Menu.ItemGroup key={menu.label}>
                    <Menu.ItemGroupLabel>{menu.label}</Menu.ItemGroupLabel>
                    {menu.entries.map((entry) => (
                      <MenuLink key={entry.value} value={entry.value} to={entry.to}>
                        {entry.label}
                      </MenuLink>
                    ))}
                  </Menu.ItemGroup>
                ))}
                <Menu.Separator />
                <Menu.ItemGroup>
                  <Menu.ItemGroupLabel>{current?.username || 'Usuário'}</Menu.ItemGroupLabel>
                  <MenuLink value="perfil" to="/conta">
                    Perfil
                  </MenuLink>
                  <Menu.Item value="sair">Sair</Menu.Item>
                </Menu.ItemGroup>
              </DropdownMenu>
            </Box>
          </Flex>
        </Container>
      </Box>
      <Box as="main" flex="1" px={{ base: '3', md: '6' }} py="4">
        {children}
      </Box>
      {/* How an order sent from here ended, wherever the user is by then (issue 34). */}
      <AvisosDeOrdens />
    </Flex>
  );
}
