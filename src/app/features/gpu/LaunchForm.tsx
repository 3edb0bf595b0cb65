import { useStore } from '@nanostores/react';
import { type SubmitEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Field } from '~/app/components/Field';
import { handleStudioError } from '~/app/components/request-errors';
import { Spinner } from '~/app/components/Spinner';
import { type FieldErrors, fieldErrors } from '~/contract/errors';
import {
  DISK_GB_MAX,
  DISK_GB_MIN,
  type GpuOffer,
  type GpuTemplate,
  LaunchBody,
  type Rental,
  type SshKey,
  storageCreditsPerHour,
  TEMPLATE_LABELS,
} from '~/contract/gpu';
import { api } from '~/lib/api/client';
import { $account, refreshAccount } from '~/stores/account';
import { openTopUp } from '~/stores/top-up';
import { shortBy } from './offers';
import { perHour, SandboxBadge, topUpOnRefusal } from './parts';
import { SshKeyFields } from './SshKeys';

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

/** The disk size, within what the offer allows, and what becomes of the disk when the machine stops. */
function DiskField({
  offer,
  diskGb,
  error,
  onDiskGb,
}: {
  offer: GpuOffer;
  diskGb: string;
  error: string | undefined;
  onDiskGb: (diskGb: string) => void;
}) {
  return (
    <Field
      label="Disk (GB)"
      error={error}
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
          onChange={(e) => onDiskGb(e.target.value)}
        />
      )}
    </Field>
  );
}

export function LaunchForm({
  offer,
  keys,
  onKeys,
}: {
  offer: GpuOffer;
  keys: SshKey[];
  onKeys: (keys: SshKey[]) => void;
}) {
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
      <DiskField offer={offer} diskGb={diskGb} error={errors.diskGb} onDiskGb={setDiskGb} />
      <SshKeyFields keys={keys} sshKeyId={sshKeyId} error={errors.sshKeyId} onSshKeyId={setSshKeyId} onKeys={onKeys} />
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
