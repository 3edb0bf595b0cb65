import { useStore } from '@nanostores/react';
import { type SubmitEvent, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Field } from '~/app/components/Field';
import { handleStudioError } from '~/app/components/request-errors';
import { ScreenHeader } from '~/app/components/Screen';
import { Spinner } from '~/app/components/Spinner';
import { type FieldErrors, fieldErrors } from '~/contract/errors';
import {
  DISK_GB_MAX,
  DISK_GB_MIN,
  type GpuCatalogue,
  type GpuOffer,
  type GpuTemplate,
  LaunchBody,
  type Rental,
  type SshKey,
  SshKeyBody,
  storageCreditsPerHour,
  TEMPLATE_LABELS,
} from '~/contract/gpu';
import { ApiError, api } from '~/lib/api/client';
import { $account, refreshAccount } from '~/stores/account';
import { openTopUp } from '~/stores/top-up';
import { perHour, SandboxBadge, topUpOnRefusal } from './parts';

type Sort = 'price' | 'vram' | 'model';

/** What the machine costs while stopped, for the disk size typed (the form's default until it is a number). */
function stoppedCost(offer: GpuOffer, diskGb: string): string {
  if (!offer.supportsStop) return 'It cannot be stopped, only terminated, which ends billing.';
  const gb = Number(diskGb);
  const size = Number.isInteger(gb) && gb >= DISK_GB_MIN && gb <= Math.min(DISK_GB_MAX, offer.maxDiskGb) ? gb : null;
  const price =
    size === null ? offer.stoppedCreditsPerHour : storageCreditsPerHour(offer.stoppedCreditsPerGbHour, size);
  if (price === 0) return 'Stopped, it costs nothing.';
  return `Stopped, it costs ${perHour(price)} for its ${size ?? 50} GB disk until you terminate it.`;
}

/** Credits the balance lacks to start this offer (0 when it is enough or not known yet). */
const shortBy = (balance: number | undefined, offer: GpuOffer): number =>
  balance === undefined ? 0 : Math.max(0, offer.startCredits - balance);

function OfferCard({ offer, selected, onRent }: { offer: GpuOffer; selected: boolean; onRent: () => void }) {
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

function KeyForm({ onAdded }: { onAdded: (key: SshKey) => void }) {
  const [name, setName] = useState('');
  const [publicKey, setPublicKey] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const parsed = SshKeyBody.safeParse({ name, publicKey });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setBusy(true);
    try {
      onAdded(await api.post<SshKey>('/gpu/ssh-keys', parsed.data));
      setName('');
      setPublicKey('');
      setErrors({});
    } catch (error) {
      setErrors(
        error instanceof ApiError && error.status === 409 ? { publicKey: error.message } : handleStudioError(error),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <fieldset className="grid min-w-0 gap-3 rounded-xl border border-line p-3">
      <legend className="px-1 text-sm font-medium text-fg">Add an SSH public key</legend>
      <Field label="Key name" error={errors.name}>
        {(props) => (
          <input
            {...props}
            className="input"
            value={name}
            maxLength={60}
            onChange={(e) => setName(e.target.value)}
            placeholder="Laptop"
          />
        )}
      </Field>
      <Field
        label="Public key"
        error={errors.publicKey}
        hint="The one line in ~/.ssh/id_ed25519.pub (ssh-ed25519, ssh-rsa or ecdsa)."
      >
        {(props) => (
          <textarea
            {...props}
            className="input min-h-20 font-mono text-xs"
            value={publicKey}
            onChange={(e) => setPublicKey(e.target.value)}
            placeholder="ssh-ed25519 AAAA… you@laptop"
          />
        )}
      </Field>
      <button
        type="button"
        className="btn btn-secondary btn-sm justify-self-start"
        onClick={() => void save()}
        disabled={busy}
      >
        {busy ? <Spinner /> : null} Save key
      </button>
    </fieldset>
  );
}

/** The keys already saved, each with its Remove button (removing one takes it out of the launch form too). */
function SavedSshKeys({ keys, onKeys }: { keys: SshKey[]; onKeys: (keys: SshKey[]) => void }) {
  const removeKey = async (key: SshKey) => {
    try {
      await api.delete(`/gpu/ssh-keys/${key.id}`);
      onKeys(keys.filter((k) => k.id !== key.id));
    } catch (error) {
      handleStudioError(error);
    }
  };
  return (
    <ul className="grid min-w-0 gap-1 text-sm" aria-label="Saved SSH keys">
      {keys.map((key) => (
        <li key={key.id} className="flex min-w-0 items-center justify-between gap-2">
          <span className="min-w-0 truncate text-fg-muted">
            {key.name} · {key.fingerprint}
          </span>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label={`Remove key ${key.name}`}
            onClick={() => void removeKey(key)}
          >
            Remove
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The template to start from and, for a custom one, the Docker image. */
function TemplateFields({
  templates,
  template,
  image,
  errors,
  onTemplate,
  onImage,
}: {
  templates: GpuTemplate[];
  template: GpuTemplate;
  image: string;
  errors: FieldErrors;
  onTemplate: (template: GpuTemplate) => void;
  onImage: (image: string) => void;
}) {
  return (
    <>
      <Field label="Template" error={errors.template}>
        {(props) => (
          <select
            {...props}
            className="input"
            value={template}
            onChange={(e) => onTemplate(e.target.value as GpuTemplate)}
          >
            {templates.map((t) => (
              <option key={t} value={t}>
                {TEMPLATE_LABELS[t]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {template === 'custom' ? (
        <Field
          label="Image"
          error={errors.image}
          hint="A public Docker image, e.g. nvidia/cuda:12.4.1-runtime-ubuntu22.04."
        >
          {(props) => (
            <input {...props} className="input font-mono" value={image} onChange={(e) => onImage(e.target.value)} />
          )}
        </Field>
      ) : null}
    </>
  );
}

function LaunchForm({ offer, keys, onKeys }: { offer: GpuOffer; keys: SshKey[]; onKeys: (keys: SshKey[]) => void }) {
  const navigate = useNavigate();
  const account = useStore($account);
  const [template, setTemplate] = useState<GpuTemplate>(offer.templates[0] ?? 'ubuntu-ssh');
  const [image, setImage] = useState('');
  const [diskGb, setDiskGb] = useState(String(Math.min(50, offer.maxDiskGb)));
  const [sshKeyId, setSshKeyId] = useState(keys[0]?.id ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!offer.templates.includes(template)) setTemplate(offer.templates[0] ?? 'ubuntu-ssh');
  }, [offer, template]);
  useEffect(() => {
    if (!keys.some((key) => key.id === sshKeyId)) setSshKeyId(keys[0]?.id ?? '');
  }, [keys, sshKeyId]);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = LaunchBody.safeParse({
      offerId: offer.id,
      template,
      image: template === 'custom' ? image : undefined,
      diskGb,
      sshKeyId,
    });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    if (shortBy(account?.credits.balance, offer) > 0)
      return openTopUp({ shortBy: shortBy(account?.credits.balance, offer) });
    setBusy(true);
    try {
      const rental = await api.post<Rental>('/gpu/rentals', parsed.data);
      void refreshAccount();
      if (rental.status === 'failed') toast.error(rental.statusReason ?? 'The launch failed. Nothing was charged.');
      else toast.success('Your GPU is starting.');
      void navigate('/my-rentals');
    } catch (error) {
      if (!topUpOnRefusal(error)) setErrors(handleStudioError(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="card card-pad grid min-w-0 content-start gap-4"
      onSubmit={(e) => void submit(e)}
      aria-labelledby="launch-title"
      noValidate
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="launch-title" className="text-lg font-semibold text-fg">
          Rent {offer.gpuCount}× {offer.gpuModel}
        </h2>
        <SandboxBadge label={offer.sandboxLabel} />
      </div>
      <TemplateFields
        templates={offer.templates}
        template={template}
        image={image}
        errors={errors}
        onTemplate={setTemplate}
        onImage={setImage}
      />
      <Field
        label="Disk (GB)"
        error={errors.diskGb}
        hint={
          offer.supportsStop
            ? 'Kept while the machine is stopped (see the price below); erased when it is terminated.'
            : 'Erased when the machine is terminated.'
        }
      >
        {(props) => (
          <input
            {...props}
            className="input"
            type="number"
            inputMode="numeric"
            min={DISK_GB_MIN}
            max={Math.min(DISK_GB_MAX, offer.maxDiskGb)}
            value={diskGb}
            onChange={(e) => setDiskGb(e.target.value)}
          />
        )}
      </Field>
      <Field
        label="SSH key"
        error={errors.sshKeyId}
        hint={keys.length === 0 ? 'Add a key below first: it is how you log in.' : undefined}
      >
        {(props) => (
          <select {...props} className="input" value={sshKeyId} onChange={(e) => setSshKeyId(e.target.value)}>
            {keys.length === 0 ? <option value="">No key saved yet</option> : null}
            {keys.map((key) => (
              <option key={key.id} value={key.id}>
                {key.name} ({key.fingerprint.slice(0, 20)}…)
              </option>
            ))}
          </select>
        )}
      </Field>
      {keys.length > 0 ? <SavedSshKeys keys={keys} onKeys={onKeys} /> : null}
      <KeyForm onAdded={(key) => onKeys([...keys, key])} />
      <p className="text-sm text-fg-muted" data-testid="launch-costs">
        Billed by the minute at {perHour(offer.creditsPerHour)} while it runs. {stoppedCost(offer, diskGb)} Starting
        needs {offer.startCredits} credits.
      </p>
      <button type="submit" className="btn btn-primary" disabled={busy || keys.length === 0}>
        {busy ? <Spinner /> : null} Rent · {perHour(offer.creditsPerHour)}
      </button>
    </form>
  );
}

export default function GPURental() {
  const account = useStore($account);
  const [catalogue, setCatalogue] = useState<GpuCatalogue | null>(null);
  const [keys, setKeys] = useState<SshKey[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [model, setModel] = useState('');
  const [minVram, setMinVram] = useState('');
  const [maxPrice, setMaxPrice] = useState('');
  const [region, setRegion] = useState('');
  const [sort, setSort] = useState<Sort>('price');

  useEffect(() => {
    api.get<GpuCatalogue>('/gpu/offers').then(setCatalogue, (error: unknown) => {
      handleStudioError(error);
      setCatalogue({ offers: [], unavailable: [], usdPerCredit: 0 });
    });
    api.get<{ keys: SshKey[] }>('/gpu/ssh-keys').then((r) => setKeys(r.keys), handleStudioError);
  }, []);

  const offers = catalogue?.offers ?? [];
  const models = useMemo(() => [...new Set(offers.map((o) => o.gpuModel))].sort(), [offers]);
  const regions = useMemo(() => [...new Set(offers.map((o) => o.region))].sort(), [offers]);
  const shown = useMemo(() => {
    const list = offers.filter(
      (o) =>
        (!model || o.gpuModel === model) &&
        (!minVram || o.vramGb >= Number(minVram)) &&
        (!maxPrice || o.creditsPerHour <= Number(maxPrice)) &&
        (!region || o.region === region),
    );
    const by: Record<Sort, (a: GpuOffer, b: GpuOffer) => number> = {
      price: (a, b) => a.creditsPerHour - b.creditsPerHour,
      vram: (a, b) => b.vramGb * b.gpuCount - a.vramGb * a.gpuCount,
      model: (a, b) => a.gpuModel.localeCompare(b.gpuModel) || a.gpuCount - b.gpuCount,
    };
    return [...list].sort((a, b) => Number(b.available) - Number(a.available) || by[sort](a, b));
  }, [offers, model, minVram, maxPrice, region, sort]);
  const offer = offers.find((o) => o.id === selected);

  return (
    <div className="grid gap-6">
      <ScreenHeader
        icon="gpu"
        title="Rent a GPU"
        description="Reserve cloud GPUs by the hour for training, rendering and inference."
      />
      <section className="card card-pad grid grid-cols-2 gap-3 md:grid-cols-5" aria-label="Filters">
        <Field label="GPU model">
          {(props) => (
            <select {...props} className="input" value={model} onChange={(e) => setModel(e.target.value)}>
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
              value={minVram}
              onChange={(e) => setMinVram(e.target.value)}
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
              value={maxPrice}
              onChange={(e) => setMaxPrice(e.target.value)}
            />
          )}
        </Field>
        <Field label="Region">
          {(props) => (
            <select {...props} className="input" value={region} onChange={(e) => setRegion(e.target.value)}>
              <option value="">Any</option>
              {regions.map((r) => (
                <option key={r}>{r}</option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Sort by">
          {(props) => (
            <select {...props} className="input" value={sort} onChange={(e) => setSort(e.target.value as Sort)}>
              <option value="price">Price</option>
              <option value="vram">VRAM</option>
              <option value="model">GPU model</option>
            </select>
          )}
        </Field>
      </section>
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
