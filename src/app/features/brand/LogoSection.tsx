/**
 * The "Logo" card: the logo itself (uploaded, replaced and removed at once, apart from saving the form) and where,
 * how large and how opaque it sits on a video.
 */
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { ChoiceGroup } from '~/app/components/ChoiceGroup';
import { Field } from '~/app/components/Field';
import { Icon } from '~/app/components/Icon';
import { Spinner } from '~/app/components/Spinner';
import {
  type BrandKit,
  LOGO_CORNER_LABELS,
  LOGO_CORNERS,
  LOGO_SIZE_LABELS,
  LOGO_SIZES,
  type LogoCorner,
  type LogoSize,
} from '~/contract/brand';
import { ApiError } from '~/lib/api/client';
import { removeBrandLogo, uploadBrandLogo } from '~/lib/brand-kit';
import { notifyApiError } from '~/lib/notify';
import { uploadProblem } from '~/lib/upload-problem';
import type { SectionProps } from './form';

export function LogoSection({
  kit,
  settings,
  errors,
  update,
  onKit,
  onFileError,
}: SectionProps & {
  kit: BrandKit;
  /** The kit as the API has it after an upload or a removal. */
  onKit: (kit: BrandKit) => void;
  /** Why the chosen file was refused, or null once one is taken. */
  onFileError: (message: string | null) => void;
}) {
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  async function onLogo(file: File | undefined) {
    if (!file) return;
    const problem = uploadProblem(file);
    if (problem) {
      onFileError(problem);
      return;
    }
    setUploading(true);
    try {
      onKit(await uploadBrandLogo(file));
      onFileError(null);
      toast.success('Logo uploaded.');
    } catch (error) {
      if (error instanceof ApiError && (error.status === 400 || error.status === 413))
        onFileError(error.fields.file ?? error.message);
      else notifyApiError(error);
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  async function onRemoveLogo() {
    try {
      onKit(await removeBrandLogo());
    } catch (error) {
      notifyApiError(error);
    }
  }

  return (
    <section className="card card-pad grid gap-4" aria-labelledby="logo-title">
      <h2 id="logo-title" className="text-lg font-semibold text-fg">
        Logo
      </h2>
      <div className="flex flex-wrap items-center gap-4">
        <div className="grid size-24 place-items-center overflow-hidden rounded-xl border border-white/10 bg-[repeating-conic-gradient(#ffffff14_0%_25%,transparent_0%_50%)] bg-[length:16px_16px]">
          {kit.logo ? (
            <img
              src={kit.logo.url}
              alt="Your logo"
              className="max-h-full max-w-full object-contain"
              data-testid="brand-logo"
            />
          ) : (
            <span className="text-xs text-fg-subtle">No logo</span>
          )}
        </div>
        <div className="grid gap-2">
          <input
            ref={fileInput}
            id="brand-logo-file"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="sr-only"
            onChange={(e) => void onLogo(e.target.files?.[0])}
            aria-describedby="brand-logo-hint"
          />
          <label htmlFor="brand-logo-file" className="btn btn-secondary btn-sm cursor-pointer">
            {uploading ? <Spinner /> : <Icon name="upload" className="size-4" />}
            {kit.logo ? 'Replace logo' : 'Upload logo'}
          </label>
          {kit.logo ? (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => void onRemoveLogo()}>
              <Icon name="trash" className="size-4" />
              Remove logo
            </button>
          ) : null}
          <p id="brand-logo-hint" className="hint">
            PNG, JPEG or WebP, at least 256 pixels on its shorter side; transparent PNG and WebP logos stay transparent.
          </p>
          {errors.file ? (
            <p className="field-error" role="alert">
              {errors.file}
            </p>
          ) : null}
        </div>
      </div>
      <ChoiceGroup<LogoCorner>
        legend="Corner"
        name="logo-corner"
        columns="grid-cols-2 sm:grid-cols-4"
        value={settings.logo.corner}
        error={errors['logo.corner']}
        onChange={(corner) => update((s) => ({ ...s, logo: { ...s.logo, corner } }), 'logo.corner')}
        choices={LOGO_CORNERS.map((corner) => ({ value: corner, label: LOGO_CORNER_LABELS[corner] }))}
      />
      <ChoiceGroup<LogoSize>
        legend="Size"
        name="logo-size"
        columns="grid-cols-3"
        value={settings.logo.size}
        error={errors['logo.size']}
        onChange={(size) => update((s) => ({ ...s, logo: { ...s.logo, size } }), 'logo.size')}
        choices={LOGO_SIZES.map((size) => ({ value: size, label: LOGO_SIZE_LABELS[size] }))}
      />
      <Field label={`Opacity: ${settings.logo.opacity}%`} error={errors['logo.opacity']}>
        {(props) => (
          <input
            {...props}
            type="range"
            min={20}
            max={100}
            step={5}
            className="h-1.5 w-full cursor-pointer accent-cyan-400"
            value={settings.logo.opacity}
            onChange={(e) =>
              update((s) => ({ ...s, logo: { ...s.logo, opacity: Number(e.target.value) } }), 'logo.opacity')
            }
          />
        )}
      </Field>
    </section>
  );
}
