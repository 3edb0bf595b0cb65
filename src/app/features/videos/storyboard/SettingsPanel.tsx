/** The storyboard's video settings (voice, shape, resolution, captions, music), editable where the scenes are. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Field } from '~/app/components/Field';
import { Icon } from '~/app/components/Icon';
import { VoicePicker } from '~/app/components/VoicePicker';
import { useVoiceCatalogue } from '~/app/components/voice-preview';
import type { FieldErrors } from '~/contract/errors';
import { MUSIC_TRACKS, type MusicTrackId } from '~/contract/music';
import { PRICES, VIDEO_RESOLUTIONS, type VideoResolution } from '~/contract/pricing';
import {
  ASPECT_LABELS,
  CAPTION_LABELS,
  CAPTION_STYLES,
  type CaptionStyle,
  VIDEO_ASPECTS,
  type VideoAspect,
  type VideoSettings,
} from '~/contract/video';
import { QUALITY_LABELS, voiceQuality } from '~/contract/voices';
import { MusicVolumeField } from '../MusicVolumeField';
import { VisualOrderField } from '../VisualOrderField';

function Select<T extends string>({
  label,
  value,
  options,
  error,
  onChange,
  disabled,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  error?: string | undefined;
  onChange: (value: T) => void;
  disabled?: boolean;
}) {
  return (
    <Field label={label} error={error}>
      {(props) => (
        <select
          {...props}
          className="input"
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value as T)}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function SettingsPanel({
  settings,
  errors,
  onChange,
  children,
}: {
  settings: VideoSettings;
  errors: FieldErrors;
  onChange: (settings: VideoSettings) => void;
  children?: ReactNode;
}) {
  const set = <K extends keyof VideoSettings>(key: K, value: VideoSettings[K]) =>
    onChange({ ...settings, [key]: value });
  const error = (key: string) => errors[`settings.${key}`];
  // The merged catalogue, so a live voice (Azure, Google, ElevenLabs) is named too.
  const voice = useVoiceCatalogue().voices.find((v) => v.id === settings.voiceId);
  return (
    <section className="card card-pad grid gap-4" aria-labelledby="settings-title">
      <h2 id="settings-title" className="text-lg font-semibold text-fg">
        Video settings
      </h2>
      <details className="group rounded-xl border border-white/10 bg-white/[0.02]">
        <summary className="flex cursor-pointer items-center justify-between gap-2 px-3 py-2.5 text-sm">
          <span>
            <span className="block text-xs text-fg-subtle">Voice</span>
            <span className="font-medium text-fg" data-testid="storyboard-voice">
              {voice?.name ?? settings.voiceId}
            </span>
            {voice ? (
              <span className="text-fg-muted">
                {' '}
                · {QUALITY_LABELS[voiceQuality(voice)]} · {voice.languageName}
              </span>
            ) : null}
          </span>
          <span className="flex items-center gap-1 text-xs text-cyan-300">
            Change
            <Icon name="chevronDown" className="size-4 transition-transform group-open:rotate-180" />
          </span>
        </summary>
        <div className="border-t border-white/10 p-3">
          <VoicePicker value={settings.voiceId} onChange={(id) => set('voiceId', id)} error={error('voiceId')} />
        </div>
      </details>
      <Select<VideoAspect>
        label="Aspect ratio"
        value={settings.aspect}
        error={error('aspect')}
        onChange={(v) => set('aspect', v)}
        options={VIDEO_ASPECTS.map((a) => ({ value: a, label: ASPECT_LABELS[a] }))}
      />
      <Select<VideoResolution>
        label="Resolution"
        value={settings.resolution}
        error={error('resolution')}
        onChange={(v) => set('resolution', v)}
        options={VIDEO_RESOLUTIONS.map((r) => ({
          value: r,
          label: `${r} · ${PRICES.videoPerMinute[r]} credits a minute`,
        }))}
      />
      <Select<CaptionStyle>
        label="Captions"
        value={settings.captions}
        error={error('captions')}
        onChange={(v) => set('captions', v)}
        options={CAPTION_STYLES.map((c) => ({ value: c, label: CAPTION_LABELS[c] }))}
      />
      <VisualOrderField
        label="Pictures for “Chosen for you” scenes"
        value={settings.visualOrder}
        error={error('visualOrder')}
        onChange={(v) => set('visualOrder', v)}
      />
      <div className="grid gap-3 border-t border-white/10 pt-4">
        <label className="flex cursor-pointer items-center justify-between gap-3 text-sm font-medium text-fg">
          Background music
          <input
            type="checkbox"
            role="switch"
            className="size-5 accent-cyan-400"
            checked={settings.music.enabled}
            onChange={(e) => set('music', { ...settings.music, enabled: e.target.checked })}
          />
        </label>
        <Select<MusicTrackId | 'upload'>
          label="Music track"
          value={settings.music.fileId ? 'upload' : settings.music.track}
          disabled={!settings.music.enabled}
          error={error('music.track') ?? error('music.fileId')}
          onChange={(v) => {
            if (v === 'upload') return;
            // A library track replaces the user's own one (uploaded on the create form).
            const { fileId: _own, ...music } = settings.music;
            set('music', { ...music, track: v });
          }}
          options={[
            ...(settings.music.fileId ? [{ value: 'upload' as const, label: 'Your own track' }] : []),
            ...MUSIC_TRACKS.map((t) => ({ value: t.id, label: t.name })),
          ]}
        />
        <MusicVolumeField
          volume={settings.music.volume}
          enabled={settings.music.enabled}
          error={error('music.volume')}
          onChange={(volume) => set('music', { ...settings.music, volume })}
        />
      </div>
      <div className="grid gap-1.5 border-t border-white/10 pt-4">
        <label className="flex cursor-pointer items-center justify-between gap-3 text-sm font-medium text-fg">
          Brand kit
          <input
            type="checkbox"
            role="switch"
            className="size-5 accent-cyan-400"
            checked={settings.brandKit ?? false}
            onChange={(e) => set('brandKit', e.target.checked)}
          />
        </label>
        <p className="text-xs text-fg-subtle">
          Your logo, colours, caption font and intro and outro cards, as set in{' '}
          <Link to="/brand-kit" className="text-cyan-300 underline underline-offset-2">
            your brand kit
          </Link>
          .
        </p>
      </div>
      {children}
    </section>
  );
}
