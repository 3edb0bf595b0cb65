import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { handleStudioError } from '~/app/components/request-errors';
import { ScreenHeader } from '~/app/components/Screen';
import { Spinner } from '~/app/components/Spinner';
import type { GpuCatalogue, SshKey } from '~/contract/gpu';
import { api } from '~/lib/api/client';
import { $account } from '~/stores/account';
import { openTopUp } from '~/stores/top-up';
import { LaunchForm } from './LaunchForm';
import { OfferCard } from './OfferCard';
import { OfferFilters } from './OfferFilters';
import { NO_FILTER, type OfferFilter, shortBy, shownOffers } from './offers';

export default function GPURental() {
  const account = useStore($account);
  const [catalogue, setCatalogue] = useState<GpuCatalogue | null>(null);
  const [keys, setKeys] = useState<SshKey[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [filters, setFilters] = useState<OfferFilter>(NO_FILTER);

  useEffect(() => {
    api.get<GpuCatalogue>('/gpu/offers').then(setCatalogue, (error: unknown) => {
      handleStudioError(error);
      setCatalogue({ offers: [], unavailable: [], usdPerCredit: 0 });
    });
    api.get<{ keys: SshKey[] }>('/gpu/ssh-keys').then((r) => setKeys(r.keys), handleStudioError);
  }, []);

  const offers = catalogue?.offers ?? [];
  const shown = useMemo(() => shownOffers(offers, filters), [offers, filters]);
  const offer = offers.find((o) => o.id === selected);

  return (
    <div className="grid gap-6">
      <ScreenHeader
        icon="gpu"
        title="Rent a GPU"
        description="Reserve cloud GPUs by the hour for training, rendering and inference."
      />
      <OfferFilters offers={offers} filters={filters} onFilters={setFilters} />
      {catalogue?.unavailable.map((u) => (
        <p key={u.provider} className="text-sm text-danger" role="alert">
          {u.message}
        </p>
      ))}
      <div className="grid gap-6 lg:grid-cols-[1fr_24rem]">
        <section aria-labelledby="offers-title" aria-busy={catalogue === null} className="grid content-start gap-3">
          <h2 id="offers-title" className="text-lg font-semibold text-fg">
            GPUs you can rent
          </h2>
          {catalogue === null ? (
            <p className="flex items-center gap-2 text-fg-muted" role="status">
              <Spinner /> Loading GPUs…
            </p>
          ) : shown.length === 0 ? (
            <p className="text-fg-muted">
              {offers.length === 0 ? 'No GPU provider is configured right now.' : 'No GPU matches these filters.'}
            </p>
          ) : (
            <ul className="grid gap-3 md:grid-cols-2">
              {shown.map((o) => (
                <OfferCard
                  key={o.id}
                  offer={o}
                  selected={o.id === selected}
                  onRent={() =>
                    shortBy(account?.credits.balance, o) > 0
                      ? openTopUp({ shortBy: shortBy(account?.credits.balance, o) })
                      : setSelected(o.id)
                  }
                />
              ))}
            </ul>
          )}
        </section>
        {offer ? (
          <LaunchForm offer={offer} keys={keys} onKeys={setKeys} />
        ) : (
          <p className="text-sm text-fg-muted">Choose “Rent” on a GPU to set it up.</p>
        )}
      </div>
    </div>
  );
}
