import { useMemo } from 'react';
import { Field } from '~/app/components/Field';
import type { GpuOffer } from '~/contract/gpu';
import type { OfferFilter, Sort } from './offers';

/** The filters above the GPU list: model, least VRAM, highest price, region, and the order. */
export function OfferFilters({
  offers,
  filters,
  onFilters,
}: {
  offers: GpuOffer[];
  filters: OfferFilter;
  onFilters: (filters: OfferFilter) => void;
}) {
  const models = useMemo(() => [...new Set(offers.map((o) => o.gpuModel))].sort(), [offers]);
  const regions = useMemo(() => [...new Set(offers.map((o) => o.region))].sort(), [offers]);
  const set = (change: Partial<OfferFilter>) => onFilters({ ...filters, ...change });
  return (
    <section className="card card-pad grid grid-cols-2 gap-3 md:grid-cols-5" aria-label="Filters">
      <Field label="GPU model">
        {(props) => (
          <select {...props} className="input" value={filters.model} onChange={(e) => set({ model: e.target.value })}>
            <option value="">Any</option>
            {models.map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Min VRAM (GB)">
        {(props) => (
          <input
            {...props}
            className="input"
            type="number"
            min={0}
            value={filters.minVram}
            onChange={(e) => set({ minVram: e.target.value })}
          />
        )}
      </Field>
      <Field label="Max credits/h">
        {(props) => (
          <input
            {...props}
            className="input"
            type="number"
            min={0}
            value={filters.maxPrice}
            onChange={(e) => set({ maxPrice: e.target.value })}
          />
        )}
      </Field>
      <Field label="Region">
        {(props) => (
          <select {...props} className="input" value={filters.region} onChange={(e) => set({ region: e.target.value })}>
            <option value="">Any</option>
            {regions.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Sort by">
        {(props) => (
          <select
            {...props}
            className="input"
            value={filters.sort}
            onChange={(e) => set({ sort: e.target.value as Sort })}
          >
            <option value="price">Price</option>
            <option value="vram">VRAM</option>
            <option value="model">GPU model</option>
          </select>
        )}
      </Field>
    </section>
  );
}
