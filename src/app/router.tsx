import type { QueryClient } from '@tanstack/react-query';
import {
  Navigate,
  Outlet,
  RouterProvider,
  createRootRouteWithContext,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import {
  auditoriaEndpoints,
  importacaoEndpoints,
  usuariosEndpoints,
  type Permissao,
} from '../../contract';
import { AppShell } from '../components/AppShell';
import { ComPermissao } from '../components/SemPermissao';
// Static: the shell's widgets/ordens already puts it in this chunk (a dynamic import split nothing).
import { ordensQueries } from '../api/ordens';
import { alertasSearch } from '../features/alertas/search';
import { ABAS_CARTEIRA, type AbaCarteira } from '../features/carteira/abas';
import { irMensalSearch } from '../features/ir/ir-mensal';
import { loteSearch } from '../features/lotes/search';
import { rebalancearSearch } from '../features/modelos/search';
import { irSearch, type IrSearch } from '../widgets/ir';
// The router's, with a failed chunk said on the screen instead of a reload (offline: the browser's error page).
import { lazyRouteComponent, TelaComErro } from './lazy-route';

function RootLayout() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}

const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: RootLayout,
  notFoundComponent: () => <Navigate to="/" replace />,
});

/**
 * A screen's data, asked for beside its code instead of after it (a route's `loader`, with `ensureQueryData`): not
 * awaited, so the screen shows its own loading state and its own message for an error (a missing order), as it
 * would without it. The API modules load lazily, like the screens.
 */
function preload(load: () => Promise<unknown>): void {
  load().catch(() => undefined);
}

/**
 * A screen for the roles that may call `endpoint` (contract/papeis.ts): the others read why at its address
 * instead of meeting 403s from its calls (issue 32). Its code still preloads on a link's hover.
 */
function restrita(
  endpoint: { readonly permissao: Permissao },
  titulo: string,
  Screen: ReturnType<typeof lazyRouteComponent>,
) {
  const Restrita = () => (
    <ComPermissao endpoint={endpoint} titulo={titulo}>
      <Screen />
    </ComPermissao>
  );
  return Object.assign(Restrita, { preload: Screen.preload });
}

// Each screen is its own chunk: the first paint loads only the shell and the screen asked for.
const child = { getParentRoute: () => rootRoute } as const;
const routeTree = rootRoute.addChildren([
  createRoute({
    ...child,
    path: '/',
    component: lazyRouteComponent(() => import('../features/home/HomePage'), 'HomePage'),
  }),
  createRoute({
    ...child,
    path: '/clientes',
    component: lazyRouteComponent(
      () => import('../features/clientes/ClientesPage'),
      'ClientesPage',
    ),
  }),
  createRoute({
    ...child,
    path: '/clientes/$id/carteira',
    // ?aba= is the open tab (a link from an order to the operation it created or realised, back from an order);
    // an unknown one is the default tab. The IR tab keeps its year and month there too (?ano=, ?mes=), and
    // POSICIONADAS the open operation whose Vender an alert's link opens (?vender=, issue 31).
    validateSearch: (
      search: Record<string, unknown>,
    ): { aba?: AbaCarteira; vender?: number } & IrSearch => {
      if (!ABAS_CARTEIRA.includes(search.aba as AbaCarteira)) return {};
      const aba = search.aba as AbaCarteira;
      if (aba === 'ir') return { aba, ...irSearch(search) };
      const vender = Number(search.vender);
      return aba === 'posicionadas' && Number.isInteger(vender) && vender > 0
        ? { aba, vender }
        : { aba };
    },
    component: lazyRouteComponent(
      () => import('../features/carteira/CarteiraPage'),
      'CarteiraPage',
    ),
  }),
  createRoute({
    ...child,
    path: '/ordens',
    component: lazyRouteComponent(() => import('../features/ordens/OrdensPage'), 'OrdensPage'),
  }),
  createRoute({
    ...child,
    path: '/ordens/$groupId',
    loader: ({ context: { queryClient }, params: { groupId } }) =>
      preload(() => queryClient.ensureQueryData(ordensQueries.detail(groupId))),
    component: lazyRouteComponent(() => import('../features/ordens/OrdemPage'), 'OrdemPage'),
  }),
  createRoute({
    ...child,
    path: '/controle-rv',
    component: lazyRouteComponent(
      () => import('../features/controle-rv/ControleRvPage'),
      'ControleRvPage',
    ),
  }),
  createRoute({
    ...child,
    path: '/controle-robo',
    component: lazyRouteComponent(
      () => import('../features/controle-robo/ControleRoboPage'),
      'ControleRoboPage',
    ),
  }),
  createRoute({
    ...child,
    path: '/ferramentas/importacao',
    component: restrita(
      importacaoEndpoints.upload,
      'Importação',
      lazyRouteComponent(() => import('../features/importacao/ImportacaoPage'), 'ImportacaoPage'),
    ),
  }),
  createRoute({
    ...child,
    path: '/ordens/lote',
    validateSearch: loteSearch,
    // The lote watched, and the one whose failures are sent again.
    loaderDeps: ({ search: { lote, reenviar } }) => ({ lote, reenviar }),
    loader: ({ context: { queryClient }, deps }) =>
      preload(async () => {
        const { lotesQueries } = await import('../api/lotes');
        const ids = [deps.lote, deps.reenviar].filter((id) => id !== undefined);
        await Promise.all(ids.map((id) => queryClient.ensureQueryData(lotesQueries.detail(id))));
      }),
    component: lazyRouteComponent(() => import('../features/lotes/LotePage'), 'LotePage'),
  }),
  createRoute({
    ...child,
    path: '/ferramentas/eventos',
    component: lazyRouteComponent(() => import('../features/eventos/EventosPage'), 'EventosPage'),
  }),
  createRoute({
    ...child,
    path: '/ferramentas/ir-mensal',
    // ?mes= the month shown (aaaa-mm); without it, last month (whose DARFs fall due this month).
    validateSearch: irMensalSearch,
    component: lazyRouteComponent(() => import('../features/ir/IrMensalPage'), 'IrMensalPage'),
  }),
  createRoute({
    ...child,
    path: '/ferramentas/modelos',
    component: lazyRouteComponent(() => import('../features/modelos/ModelosPage'), 'ModelosPage'),
  }),
  createRoute({
    ...child,
    path: '/ferramentas/modelos/$id/rebalancear',
    // ?venda=, ?compra= the two lotes a sent rebalance made, followed on the screen.
    validateSearch: rebalancearSearch,
    component: lazyRouteComponent(
      () => import('../features/modelos/RebalancearPage'),
      'RebalancearPage',
    ),
  }),
  createRoute({
    ...child,
    path: '/ferramentas/ativos',
    component: lazyRouteComponent(() => import('../features/ativos/AtivosPage'), 'AtivosPage'),
  }),
  createRoute({
    ...child,
    path: '/alertas',
    // ?aba= the tab, and the list's filters (?estado=, ?tipo=, ?cliente=).
    validateSearch: alertasSearch,
    component: lazyRouteComponent(() => import('../features/alertas/AlertasPage'), 'AlertasPage'),
  }),
  createRoute({
    ...child,
    path: '/conta',
    component: lazyRouteComponent(() => import('../features/conta/ContaPage'), 'ContaPage'),
  }),
  createRoute({
    ...child,
    path: '/ferramentas/usuarios',
    component: restrita(
      usuariosEndpoints.list,
      'Usuários',
      lazyRouteComponent(() => import('../features/usuarios/UsuariosPage'), 'UsuariosPage'),
    ),
  }),
  createRoute({
    ...child,
    path: '/ferramentas/auditoria',
    component: restrita(
      auditoriaEndpoints.list,
      'Auditoria',
      lazyRouteComponent(() => import('../features/auditoria/AuditoriaPage'), 'AuditoriaPage'),
    ),
  }),
  createRoute({
    ...child,
    path: '/recomendacoes',
    component: lazyRouteComponent(
      () => import('../features/recomendacoes/RecomendacoesPage'),
      'RecomendacoesPage',
    ),
  }),
]);

function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    // A screen's code starts loading when the pointer rests on (or a finger touches) a link to it.
    defaultPreload: 'intent',
    defaultErrorComponent: TelaComErro,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * The logged-in product's router, on the browser's address (the path the login screen was opened at), with the
 * code of the screen there loading at once: made while the login form waits, Entrar then shows the screen.
 */
export function loadAppRouter(queryClient: QueryClient): AppRouter {
  const router = createAppRouter(queryClient);
  void router.load();
  return router;
}

/** The logged-in product: the router's screen in the shell (src/app/App.tsx mounts it once logged in). */
export function LoggedIn({ router }: { router: AppRouter }) {
  return <RouterProvider router={router} />;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
