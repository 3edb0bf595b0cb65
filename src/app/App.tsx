import { type ReactNode, Suspense, useEffect } from 'react';
import { BrowserRouter, matchPath, Route, Routes, StaticRouter, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { brand } from '~/config/brand';
import { documentTitle } from '~/layouts/meta';
import { AuthGate } from './AuthGate';
import { RouteErrorBoundary } from './components/RouteErrorBoundary';
import { LoadingScreen, NotFoundScreen } from './components/StatusScreen';
import { AppLayout } from './layout/AppLayout';
import { APP_ROUTES, type AppRoute, AUTH_ROUTES, PROTECTED_ROUTES } from './routes';
import { preloadScreen, screenComponent } from './screens';

function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = documentTitle(title, brand.productName);
  }, [title]);
}

/** One route's screen: its own chunk, the route error boundary (fresh per path) and the document title. */
function ScreenSlot({ route }: { route: AppRoute }) {
  const { pathname } = useLocation();
  useDocumentTitle(route.title);
  const Screen = screenComponent(route.screen);
  return (
    <RouteErrorBoundary key={pathname}>
      <Suspense fallback={<LoadingScreen />}>
        <Screen />
      </Suspense>
    </RouteErrorBoundary>
  );
}

function NotFound() {
  useDocumentTitle('Page not found');
  return <NotFoundScreen />;
}

const screenRoutes = (routes: readonly AppRoute[]): ReactNode =>
  routes.map((route) => <Route key={route.path} path={route.path} element={<ScreenSlot route={route} />} />);

/** At build time the router renders the page's own path; in the browser it follows the address bar. */
function Router({ path, children }: { path: string | undefined; children: ReactNode }) {
  if (import.meta.env.SSR) return <StaticRouter location={path ?? '/'}>{children}</StaticRouter>;
  return <BrowserRouter>{children}</BrowserRouter>;
}

/**
 * The sub-app mounted by every app page (auth screen, protected routes, app shell). The router owns the whole URL,
 * so moving between app screens never reloads the page. The auth screen's pages pre-render it at `path` and
 * hydrate it; the other pages mount it client-only.
 */
export default function App({ path }: { path?: string }) {
  useEffect(() => {
    const first = APP_ROUTES.find((route) => matchPath(route.path, window.location.pathname));
    if (first) preloadScreen(first.screen);
  }, []);
  return (
    <Router path={path}>
      <RouteErrorBoundary>
        <Routes>
          {screenRoutes(AUTH_ROUTES)}
          <Route
            element={
              <AuthGate>
                <AppLayout />
              </AuthGate>
            }
          >
            {screenRoutes(PROTECTED_ROUTES)}
          </Route>
          <Route path="*" element={<NotFound />} />
        </Routes>
      </RouteErrorBoundary>
      <Toaster position="top-right" duration={4000} theme="dark" richColors closeButton />
    </Router>
  );
}
