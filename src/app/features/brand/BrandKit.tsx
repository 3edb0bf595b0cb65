import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  BRAND_FONTS,
  brandKitSettingsSchema,
  CARD_SECONDS,
  CARD_TEXT_MAX,
  DEFAULT_BRAND_KIT,
  LOGO_CORNER_LABELS,
  LOGO_CORNERS,
  LOGO_SIZE_LABELS,
  LOGO_SIZES,
  type BrandKit as Kit,
  type BrandKitSettings,
  type LogoCorner,
  type LogoSize,
} from '~/contract/brand';
import { fieldErrors, type FieldErrors } from '~/contract/errors';
import { ApiError } from '~/lib/api/client';
import { notifyApiError } from '~/lib/notify';
import { uploadProblem } from '~/lib/upload-problem';
import { ChoiceGroup } from '../../components/ChoiceGroup';
import { loadBrandKit, removeBrandLogo, saveBrandKit, uploadBrandLogo } from '~/lib/brand-kit';
import { BrandPreview } from './BrandPreview';
import { Field } from '../../components/Field';
import { Icon } from '../../components/Icon';
import { handleStudioError } from '../../components/request-errors';
import { ScreenHeader } from '../../components/Screen';
import { Spinner } from '../../components/Spinner';
import { Switch } from '../../components/Switch';

type CardName = 'intro' | 'outro';

function ColorField({ label, value, error, onChange }: { label: string; value: string; error?: string | undefined; onChange: (hex: string) => void }) {
  return (
    <Field label={label} error={error} hint="A colour like #1E66F5">
      {(props) => (
        <span className="flex items-center gap-2">
          <input type="color" className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-white/15 bg-transparent" value={/^#[0-9A-Fa-f]{6}$/.test(value) ? value : '#000000'} onChange={(e) => onChange(e.target.value.toUpperCase())} aria-label={`${label} picker`} />
          <input {...props} className="input font-mono" value={value} maxLength={7} onChange={(e) => onChange(e.target.value)} />
        </span>
      )}
    </Field>
  );
}

export default function BrandKit() {
  const [kit, setKit] = useState<Kit | null>(null);
  const [settings, setSettings] = useState<BrandKitSettings>(DEFAULT_BRAND_KIT);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    loadBrandKit().then(
      (loaded) => {
        setKit(loaded);
        setSettings(loaded.settings);
      },
      (error) => {
        setLoadFailed(true);
        notifyApiError(error);
      },
    );
  }, []);

  function update(change: (s: BrandKitSettings) => BrandKitSettings, ...keys: string[]) {
    setSettings(change);
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([k]) => !keys.some((key) => k.startsWith(key)))));
  }
  const setCard = (name: CardName, patch: Partial<BrandKitSettings[CardName]>) => update((s) => ({ ...s, [name]: { ...s[name], ...patch } }), name);

  async function onLogo(file: File | undefined) {
    if (!file) return;
    const problem = uploadProblem(file);
    if (problem) {
      setErrors((e) => ({ ...e, file: problem }));
      return;
    }
    setUploading(true);
    try {
      const next = await uploadBrandLogo(file);
      setKit(next);
      setErrors(({ file: _, ...rest }) => rest);
      toast.success('Logo uploaded.');
    } catch (error) {
      if (error instanceof ApiError && (error.status === 400 || error.status === 413)) setErrors((e) => ({ ...e, file: error.fields.file ?? error.message }));
      else notifyApiError(error);
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  async function onRemoveLogo() {
    try {
      setKit(await removeBrandLogo());
    } catch (error) {
      notifyApiError(error);
    }
  }

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const parsed = brandKitSettingsSchema.safeParse(settings);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      toast.error('Please check the highlighted fields.');
      return;
    }
    setSaving(true);
    try {
      const next = await saveBrandKit(parsed.data);
      setKit(next);
      setSettings(next.settings);
      toast.success('Brand kit saved.');
    } catch (error) {
      setErrors(handleStudioError(error));
    } finally {
      setSaving(false);
    }
  }

  const header = (
    <ScreenHeader icon="sparkles" title="Brand kit" description="Your logo, colours, caption font and intro and outro cards, put on your videos in one step.">
      <Link to="/create" className="btn btn-secondary btn-sm self-start sm:self-auto">
        <Icon name="video" className="size-4" />
        Create a video
      </Link>
    </ScreenHeader>
  );
  if (!kit) {
    return (
      <div className="grid gap-8">
        {header}
        <p className="flex items-center gap-2 text-fg-muted" role="status">
          {loadFailed ? 'Your brand kit could not be loaded. Please reload the page.' : <><Spinner /> Loading your brand kit…</>}
        </p>
      </div>
    );
  }

  const card = (name: CardName, title: string) => (
    <fieldset className="grid gap-3 rounded-xl border border-white/10 p-4">
      <legend className="px-1 text-sm font-semibold text-fg">{title}</legend>
      <Switch label={`Show an ${name} card`} description={`The brand colour, your logo and a line of text, ${name === 'intro' ? 'before' : 'after'} the narration`} checked={settings[name].enabled} onChange={(enabled) => setCard(name, { enabled })} />
      <Field label={`${title} text`} error={errors[`${name}.text`]} hint={`Up to ${CARD_TEXT_MAX} characters`}>
        {(props) => <input {...props} className="input" value={settings[name].text} maxLength={CARD_TEXT_MAX} disabled={!settings[name].enabled} onChange={(e) => setCard(name, { text: e.target.value })} />}
      </Field>
      <Field label={`${title} length`} error={errors[`${name}.seconds`]}>
        {(props) => (
          <select {...props} className="input" value={settings[name].seconds} disabled={!settings[name].enabled} onChange={(e) => setCard(name, { seconds: Number(e.target.value) })}>
            {Array.from({ length: CARD_SECONDS.max - CARD_SECONDS.min + 1 }, (_, i) => CARD_SECONDS.min + i).map((s) => (
              <option key={s} value={s}>
                {s} seconds
              </option>
            ))}
          </select>
        )}
      </Field>
    </fieldset>
  );

  return (
    <div className="grid gap-8">
      {header}
      <form className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start" onSubmit={save} noValidate aria-label="Brand kit">
        <div className="grid min-w-0 gap-6">
          <section className="card card-pad grid gap-4" aria-labelledby="logo-title">
            <h2 id="logo-title" className="text-lg font-semibold text-fg">
              Logo
            </h2>
            <div className="flex flex-wrap items-center gap-4">
              <div className="grid size-24 place-items-center overflow-hidden rounded-xl border border-white/10 bg-[repeating-conic-gradient(#ffffff14_0%_25%,transparent_0%_50%)] bg-[length:16px_16px]">
                {kit.logo ? <img src={kit.logo.url} alt="Your logo" className="max-h-full max-w-full object-contain" data-testid="brand-logo" /> : <span className="text-xs text-fg-subtle">No logo</span>}
              </div>
              <div className="grid gap-2">
                <input ref={fileInput} id="brand-logo-file" type="file" accept="image/png,image/jpeg,image/webp" className="sr-only" onChange={(e) => void onLogo(e.target.files?.[0])} aria-describedby="brand-logo-hint" />
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
                  onChange={(e) => update((s) => ({ ...s, logo: { ...s.logo, opacity: Number(e.target.value) } }), 'logo.opacity')}
                />
              )}
            </Field>
          </section>

          <section className="card card-pad grid gap-4" aria-labelledby="style-title">
            <h2 id="style-title" className="text-lg font-semibold text-fg">
              Colours and font
            </h2>
            <div className="grid gap-4 sm:grid-cols-2">
              <ColorField label="Primary colour" value={settings.colors.primary} error={errors['colors.primary']} onChange={(primary) => update((s) => ({ ...s, colors: { ...s.colors, primary } }), 'colors.primary')} />
              <ColorField label="Secondary colour" value={settings.colors.secondary} error={errors['colors.secondary']} onChange={(secondary) => update((s) => ({ ...s, colors: { ...s.colors, secondary } }), 'colors.secondary')} />
            </div>
            <p className="text-xs text-fg-subtle">The primary colour fills the cards and highlights the spoken word in captions; the secondary colour is the cards' text.</p>
            <Field label="Caption font" error={errors.font} hint="Used for captions and the cards' text.">
              {(props) => (
                <select {...props} className="input" value={settings.font} onChange={(e) => update((s) => ({ ...s, font: e.target.value as BrandKitSettings['font'] }), 'font')}>
                  {BRAND_FONTS.map((font) => (
                    <option key={font.id} value={font.id}>
                      {font.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </section>

          <section className="card card-pad grid gap-4" aria-labelledby="cards-title">
            <h2 id="cards-title" className="text-lg font-semibold text-fg">
              Intro and outro
            </h2>
            <p className="text-sm text-fg-muted">Cards are part of the video: their seconds count towards the 5-minute limit and are charged like the rest of it.</p>
            <div className="grid gap-4 md:grid-cols-2">
              {card('intro', 'Intro')}
              {card('outro', 'Outro')}
            </div>
          </section>
        </div>

        <aside className="card card-pad grid gap-4 lg:sticky lg:top-24" aria-labelledby="preview-title">
          <h2 id="preview-title" className="text-lg font-semibold text-fg">
            Preview
          </h2>
          <BrandPreview settings={settings} logo={kit.logo} />
          <Switch
            label="Apply to new videos"
            description="New videos start with the brand kit on; you can turn it off for any one of them."
            checked={settings.applyByDefault}
            onChange={(applyByDefault) => update((s) => ({ ...s, applyByDefault }), 'applyByDefault')}
          />
          <button type="submit" className="btn btn-primary btn-lg w-full" disabled={saving}>
            {saving ? <Spinner /> : <Icon name="check" className="size-5" />}
            {saving ? 'Saving…' : 'Save brand kit'}
          </button>
          {!kit.saved ? <p className="text-xs text-fg-subtle">Nothing is saved yet: save or upload a logo to use the kit on your videos.</p> : null}
        </aside>
      </form>
    </div>
  );
}
