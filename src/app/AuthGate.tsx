import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { rememberReturnTo } from '~/lib/return-to';
import { $auth, startAuth } from '~/stores/auth';
import { ConnectionErrorScreen, LoadingScreen } from './components/StatusScreen';

/**
 * On every protected route: 'Loading...' while the auth state resolves, 'Connection Error' when it cannot,
 * and a signed-out visitor is sent to /auth with the history entry replaced (so Back skips the protected page).
 * The page they asked for is remembered outside the URL for after sign-in. A protected page cannot show anything
 * before the auth state is known, so the gate starts the identity provider's SDK at once.
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const auth = useStore($auth);
  const location = useLocation();
  const navigate = useNavigate();
  const signedOut = auth.status === 'resolved' && auth.user === null;

  useEffect(startAuth, []);

  useEffect(() => {
    if (!signedOut) return;
    rememberReturnTo(location.pathname + location.search + location.hash);
    void navigate('/auth', { replace: true });
  }, [signedOut, location.pathname, location.search, location.hash, navigate]);

  if (auth.status === 'error') return <ConnectionErrorScreen />;
  if (auth.status === 'loading' || auth.user === null) return <LoadingScreen />;
  return children;
}
