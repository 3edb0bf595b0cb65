import type { GpuOffer } from '~/contract/gpu';
import { perHour, SandboxBadge } from './parts';

export function OfferCard({ offer, selected, onRent }: { offer: GpuOffer; selected: boolean; onRent: () => void }) {
  return (
    <li
      className={`card card-pad grid gap-3 ${selected ? 'ring-2 ring-brand-400' : ''}`}
      data-testid="gpu-offer"
      aria-label={`${offer.gpuCount}× ${offer.gpuModel}, ${offer.region}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-lg font-semibold text-fg">
          {offer.gpuCount}× {offer.gpuModel}
        </h3>
        <SandboxBadge label={offer.sandboxLabel} />
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-fg-subtle">VRAM</dt>
          <dd className="text-fg">
            {offer.vramGb} GB{offer.gpuCount > 1 ? ' each' : ''}
          </dd>
        </div>
        <div>
          <dt className="text-fg-subtle">vCPUs</dt>
          <dd className="text-fg">{offer.vcpus ?? 'Set by provider'}</dd>
        </div>
        <div>
          <dt className="text-fg-subtle">RAM</dt>
          <dd className="text-fg">{offer.ramGb === null ? 'Set by provider' : `${offer.ramGb} GB`}</dd>
        </div>
        <div>
          <dt className="text-fg-subtle">Disk</dt>
          <dd className="text-fg">up to {offer.maxDiskGb} GB</dd>
        </div>
        <div>
          <dt className="text-fg-subtle">Where</dt>
          <dd className="text-fg">
            {offer.region} · {offer.provider === 'runpod' ? 'RunPod' : 'Lambda'}
          </dd>
        </div>
        <div>
          <dt className="text-fg-subtle">Availability</dt>
          <dd className={offer.available ? 'text-success' : 'text-fg-muted'}>
            {offer.available ? 'Available now' : 'Sold out'}
          </dd>
        </div>
      </dl>
      {offer.supportsStop ? null : (
        <p className="text-xs text-fg-muted">Cannot be stopped and resumed: terminate it when you are done.</p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-fg">
          <strong>{perHour(offer.creditsPerHour)}</strong>{' '}
          <span className="text-sm text-fg-muted">≈ ${offer.approxUsdPerHour.toFixed(2)}/h</span>
        </p>
        <button type="button" className="btn btn-primary btn-sm" disabled={!offer.available} onClick={onRent}>
          Rent · {perHour(offer.creditsPerHour)}
        </button>
      </div>
      <p className="text-xs text-fg-subtle">
        Starting needs {offer.startCredits} credits: the first {offer.holdMinutes} minutes, held and returned unused.
      </p>
    </li>
  );
}
