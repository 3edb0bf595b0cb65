import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Icon } from '~/app/components/Icon';
import { handleStudioError } from '~/app/components/request-errors';
import { ScreenHeader } from '~/app/components/Screen';
import { Spinner } from '~/app/components/Spinner';
import { Switch } from '~/app/components/Switch';
import {
  type BrandKitSettings,
  brandKitSettingsSchema,
  DEFAULT_BRAND_KIT,
  type BrandKit as Kit,
} from '~/contract/brand';
import { type FieldErrors, fieldErrors } from '~/contract/errors';
import { loadBrandKit, saveBrandKit } from '~/lib/brand-kit';
import { notifyApiError } from '~/lib/notify';
import { BrandPreview } from './BrandPreview';
import { ColoursAndFont } from './ColoursAndFont';
import type { UpdateSettings } from './form';
import { IntroOutro } from './IntroOutro';
import { LogoSection } from './LogoSection';

export default function BrandKit() {
  const [kit, setKit] = useState<Kit | null>(null);
  const [settings, setSettings] = useState<BrandKitSettings>(DEFAULT_BRAND_KIT);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);

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

  const update: UpdateSettings = (change, ...keys) => {
    setSettings(change);
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([k]) => !keys.some((key) => k.startsWith(key)))),
    );
  };
  const setFileError = (message: string | null) =>
    setErrors(({ file: _, ...rest }) => (message === null ? rest : { ...rest, file: message }));

  async function save(event: FormEvent) {
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
    <ScreenHeader
      icon="sparkles"
      title="Brand kit"
      description="Your logo, colours, caption font and intro and outro cards, put on your videos in one step."
    >
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
          {loadFailed ? (
            'Your brand kit could not be loaded. Please reload the page.'
          ) : (
            <>
              <Spinner /> Loading your brand kit…
            </>
          )}
        </p>
      </div>
    );
  }

  const sectionProps = { settings, errors, update };
  return (
    <div className="grid gap-8">
      {header}
      <form
        className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start"
        onSubmit={save}
        noValidate
        aria-label="Brand kit"
      >
        <div className="grid min-w-0 gap-6">
          <LogoSection {...sectionProps} kit={kit} onKit={setKit} onFileError={setFileError} />
          <ColoursAndFont {...sectionProps} />
          <IntroOutro {...sectionProps} />
        </div>
        <PreviewPanel kit={kit} settings={settings} update={update} saving={saving} />
      </form>
    </div>
  );
}

/** The kit as a video will show it, whether new videos start with it, and the save button, kept in view on wide screens. */
function PreviewPanel({
  kit,
  settings,
  update,
  saving,
}: {
  kit: Kit;
  settings: BrandKitSettings;
  update: UpdateSettings;
  saving: boolean;
}) {
  return (
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
      {!kit.saved ? (
        <p className="text-xs text-fg-subtle">
          Nothing is saved yet: save or upload a logo to use the kit on your videos.
        </p>
      ) : null}
    </aside>
  );
}
