/**
 * What a studio's next run costs, said before the click. The engine that will run is asked of the API first (the
 * script writer, the image engines), because an offline stand-in that does not follow the request makes a free
 * preview (pricing.ts): its price and its button say "Offline preview · free", and until the engine is known the
 * button waits rather than show a price that might not be the one charged.
 */
import { type ReactNode, useEffect, useState } from 'react';
import { Icon } from '~/app/components/Icon';
import { Spinner } from '~/app/components/Spinner';
import { OFFLINE_PREVIEW_LABEL } from '~/contract/pricing';
import { api } from '~/lib/api/client';

/** The answer of a GET the form needs before it can price its run; `failed` once the request gave up. */
export function useEngineAnswer<T>(path: string): { answer: T | undefined; failed: boolean } {
  const [state, setState] = useState<{ answer: T | undefined; failed: boolean }>({ answer: undefined, failed: false });
  useEffect(() => {
    let live = true;
    api
      .get<T>(path)
      .then((answer) => live && setState({ answer, failed: false }))
      .catch(() => live && setState({ answer: undefined, failed: true }));
    return () => {
      live = false;
    };
  }, [path]);
  return state;
}

/** The next run's price; undefined while the engine is not known yet. */
export interface Quote {
  cost: number;
  /** An offline stand-in will run: free, and said so. */
  offlinePreview: boolean;
}

/**
 * The line beside the submit button. `paid` is the priced engine's wording, `preview` why the offline run is free;
 * `failed` when the engine could not be asked.
 */
export function PriceNote({
  quote,
  failed,
  paid,
  preview,
}: {
  quote: Quote | undefined;
  failed: boolean;
  paid: ReactNode;
  preview: ReactNode;
}) {
  return (
    <p className="min-w-0 flex-1 text-sm text-fg-muted" data-testid="studio-price" aria-live="polite">
      {quote ? (
        <>
          <Icon name="coins" className="mr-1 inline size-4 text-accent-400" />
          {quote.offlinePreview ? (
            <>
              <strong className="font-semibold text-fg">{OFFLINE_PREVIEW_LABEL}</strong>: {preview}
            </>
          ) : (
            paid
          )}
        </>
      ) : failed ? (
        <span className="text-danger">The price could not be checked. Reload the page to try again.</span>
      ) : (
        <span className="inline-flex items-center gap-2">
          <Spinner /> Checking the price…
        </span>
      )}
    </p>
  );
}

/** The submit button's words, with the free preview named on the button itself. */
export function SubmitLabel({ quote, children }: { quote: Quote | undefined; children: ReactNode }) {
  return (
    <>
      {children}
      {quote?.offlinePreview ? (
        <span className="rounded-full bg-white/15 px-2 py-0.5 text-xs font-semibold">{OFFLINE_PREVIEW_LABEL}</span>
      ) : null}
    </>
  );
}
