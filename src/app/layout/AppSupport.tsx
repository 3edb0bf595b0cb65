import { lazy, Suspense, useEffect, useState } from 'react';
import { brand } from '~/config/brand';

// Its own chunk: the screen the user opened comes first, the help button once the browser is idle.
const SupportWidget = lazy(() => import('~/islands/support-widget/SupportWidget'));

/** How long the help button waits for an idle moment at most. */
const IDLE_TIMEOUT_MS = 2000;

/** The support widget of the public site, in every signed-in screen, loaded once the screen itself is up. */
export function AppSupport() {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(() => setIdle(true), { timeout: IDLE_TIMEOUT_MS });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setIdle(true), 0);
    return () => clearTimeout(timer);
  }, []);
  if (!idle) return null;
  return (
    <div className="app-support">
      <Suspense fallback={null}>
        <SupportWidget
          productName={brand.productName}
          email={brand.supportEmail}
          whatsAppDigits={brand.supportWhatsApp}
        />
      </Suspense>
    </div>
  );
}
