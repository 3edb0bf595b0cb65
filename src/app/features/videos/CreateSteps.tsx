/** The create screen's four numbered steps: script, voice, format, visuals and music. */
import { Link } from 'react-router';
import { AspectShape, type Choice, ChoiceGroup } from '~/app/components/ChoiceGroup';
import { Field } from '~/app/components/Field';
import { Icon } from '~/app/components/Icon';
import { Switch } from '~/app/components/Switch';
import { VoicePicker } from '~/app/components/VoicePicker';
import { type BrandKit, LOGO_CORNER_LABELS } from '~/contract/brand';
import type { FieldErrors } from '~/contract/errors';
import { PRICES, VIDEO_RESOLUTIONS, type VideoResolution } from '~/contract/pricing';
import {
  ASPECT_LABELS,
  formatDuration,
  type UploadedImage,
  VIDEO_ASPECTS,
  VIDEO_LIMITS,
  type VideoAspect,
  type VisualMode,
  videoDimensions,
} from '~/contract/video';
import { CaptionStylePicker } from './CaptionStylePicker';
import { ImageUploader } from './ImageUploader';
import { MusicTrackPicker } from './MusicTrackPicker';
import { MusicVolumeField } from './MusicVolumeField';
import type { CreateForm, ScriptFigures } from './model';
import { VisualOrderField } from './VisualOrderField';

/** Sets one field of the form (and clears the errors it answers). */
export type SetField = <K extends keyof CreateForm>(key: K, value: CreateForm[K]) => void;

interface StepProps {
  form: CreateForm;
  errors: FieldErrors;
  set: SetField;
}

const VISUAL_CHOICES: readonly Choice<VisualMode>[] = [
  {
    value: 'generated',
    label: 'Pictures for each scene',
    detail: 'Stock clips and photos, AI images, illustrations or designed backgrounds that match what is said',
  },
  { value: 'uploaded', label: 'My own images', detail: 'Upload photos or artwork, shown in your order' },
];

/** One line on what the kit puts on a video. */
function kitSummary(kit: BrandKit): string {
  const { settings } = kit;
  const parts = [
    kit.logo ? `logo ${LOGO_CORNER_LABELS[settings.logo.corner].toLowerCase()}` : 'no logo',
    settings.intro.enabled ? `${settings.intro.seconds} s intro` : null,
    settings.outro.enabled ? `${settings.outro.seconds} s outro` : null,
    'brand font and colours',
  ];
  return parts.filter(Boolean).join(' · ');
}

function SectionTitle({ step, id, children }: { step: number; id: string; children: string }) {
  return (
    <h2 id={id} className="flex items-center gap-3 text-lg font-semibold text-fg">
      <span
        className="grid size-7 place-items-center rounded-full bg-brand-500/20 text-sm font-bold text-brand-300"
        aria-hidden="true"
      >
        {step}
      </span>
      {children}
    </h2>
  );
}

export function ScriptStep({
  script,
  figures,
  handoff,
  error,
  onChange,
}: {
  script: string;
  figures: ScriptFigures;
  /** The title of a script the script generator handed over, if one was. */
  handoff: string | null;
  error: string | undefined;
  onChange: (script: string) => void;
}) {
  return (
    <section className="card card-pad grid gap-4" aria-labelledby="script-title">
      <SectionTitle step={1} id="script-title">
        Script
      </SectionTitle>
      {handoff ? (
        <p
          className="flex items-start gap-2 rounded-xl border border-cyan-400/30 bg-cyan-400/10 px-3 py-2 text-sm text-cyan-300"
          role="status"
        >
          <Icon name="check" className="mt-0.5 size-4 shrink-0" />
          <span>
            Loaded {handoff === 'your generated script' ? handoff : `“${handoff}”`} from the script generator. Edit it
            as you like.
          </span>
        </p>
      ) : null}
      <Field
        label="What should the narrator say?"
        error={error}
        hint={
          <span className="flex flex-wrap gap-x-4 gap-y-1" aria-live="polite">
            <span data-testid="word-count">
              {figures.words.toLocaleString('en-US')} {figures.words === 1 ? 'word' : 'words'}
            </span>
            <span data-testid="estimated-duration">about {formatDuration(figures.seconds)} of video</span>
            <span>up to {VIDEO_LIMITS.maxWords} words (5:00)</span>
          </span>
        }
      >
        {(props) => (
          <textarea
            {...props}
            className="input !min-h-56"
            value={script}
            maxLength={VIDEO_LIMITS.maxChars}
            placeholder={
              'Write the words your video should say, in the order it should say them.\n\nBlank lines start a new scene.'
            }
            onChange={(e) => onChange(e.target.value)}
          />
        )}
      </Field>
      <div className="h-1.5 overflow-hidden rounded-full bg-white/10" aria-hidden="true">
        <div
          className={`h-full rounded-full transition-[width] ${figures.lengthError ? 'bg-danger' : 'bg-gradient-to-r from-brand-500 to-cyan-400'}`}
          style={{ width: `${Math.max(figures.fill * 100, figures.words > 0 ? 2 : 0)}%` }}
        />
      </div>
    </section>
  );
}

export function VoiceStep({
  voiceId,
  error,
  onChange,
}: {
  voiceId: string;
  error: string | undefined;
  onChange: (id: string) => void;
}) {
  return (
    <section className="card card-pad grid gap-4" aria-labelledby="voice-title">
      <SectionTitle step={2} id="voice-title">
        Voice
      </SectionTitle>
      <VoicePicker value={voiceId} onChange={onChange} error={error} />
    </section>
  );
}

export function FormatStep({ form, errors, set }: StepProps) {
  return (
    <section className="card card-pad grid gap-5" aria-labelledby="format-title">
      <SectionTitle step={3} id="format-title">
        Format
      </SectionTitle>
      <ChoiceGroup<VideoAspect>
        legend="Aspect ratio"
        name="aspect"
        compact
        columns="grid-cols-3"
        value={form.aspect}
        onChange={(v) => set('aspect', v)}
        error={errors.aspect}
        choices={VIDEO_ASPECTS.map((aspect) => ({
          value: aspect,
          label: ASPECT_LABELS[aspect],
          detail:
            aspect === '16:9' ? 'YouTube, websites' : aspect === '9:16' ? 'Shorts, Reels, TikTok' : 'Feeds, posts',
          icon: <AspectShape aspect={aspect} />,
        }))}
      />
      <ChoiceGroup<VideoResolution>
        legend="Resolution"
        name="resolution"
        value={form.resolution}
        onChange={(v) => set('resolution', v)}
        error={errors.resolution}
        columns="sm:grid-cols-2"
        choices={VIDEO_RESOLUTIONS.map((resolution) => {
          const { width, height } = videoDimensions(form.aspect, resolution);
          return {
            value: resolution,
            label: `${resolution} ${resolution === '1080p' ? 'Full HD' : 'HD'}`,
            detail: `${width}×${height} · ${PRICES.videoPerMinute[resolution]} credits a minute`,
          };
        })}
      />
      <CaptionStylePicker
        look={form.captions}
        options={form.captionOptions}
        aspect={form.aspect}
        errors={errors}
        onLook={(v) => set('captions', v)}
        onOptions={(v) => set('captionOptions', v)}
      />
    </section>
  );
}

function MusicFields({ form, errors, set }: StepProps) {
  return (
    <div className="grid gap-3 border-t border-white/10 pt-5">
      <Switch
        label="Background music"
        description="A music bed that ducks under the voice"
        icon="music"
        checked={form.musicEnabled}
        onChange={(on) => set('musicEnabled', on)}
      />
      <MusicTrackPicker
        value={form.musicTrack}
        upload={form.musicUpload}
        disabled={!form.musicEnabled}
        error={errors['music.track'] ?? errors['music.fileId']}
        onChange={(track) => set('musicTrack', track)}
        onUpload={(music) => set('musicUpload', music)}
      />
      <MusicVolumeField
        volume={form.musicVolume}
        enabled={form.musicEnabled}
        error={errors['music.volume'] ?? errors.music}
        onChange={(volume) => set('musicVolume', volume)}
      />
    </div>
  );
}

function BrandKitChoice({
  kit,
  branded,
  onChange,
}: {
  kit: BrandKit | null;
  branded: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <div className="grid gap-2 border-t border-white/10 pt-5" data-testid="brand-kit-choice">
      <Switch
        label="Brand kit"
        icon="sparkles"
        description={kit?.saved ? kitSummary(kit) : 'Set up your logo, colours and cards to use them on your videos'}
        checked={branded}
        disabled={!kit?.saved}
        onChange={onChange}
      />
      <Link to="/brand-kit" className="text-sm font-medium text-cyan-300 underline-offset-2 hover:underline">
        {kit?.saved ? 'Edit brand kit' : 'Set up your brand kit'}
      </Link>
    </div>
  );
}

export function VisualsStep({
  form,
  errors,
  set,
  setImages,
  kit,
  branded,
}: StepProps & {
  setImages: (update: (images: UploadedImage[]) => UploadedImage[]) => void;
  kit: BrandKit | null;
  /** The kit goes on this video. */
  branded: boolean;
}) {
  return (
    <section className="card card-pad grid gap-5" aria-labelledby="visuals-title">
      <SectionTitle step={4} id="visuals-title">
        Visuals and music
      </SectionTitle>
      <ChoiceGroup<VisualMode>
        legend="Visuals"
        name="visuals"
        value={form.visuals}
        onChange={(v) => set('visuals', v)}
        error={errors.visuals}
        columns="sm:grid-cols-2"
        choices={VISUAL_CHOICES}
      />
      {form.visuals === 'uploaded' ? (
        <ImageUploader images={form.images} onChange={setImages} error={errors.imageFileIds} />
      ) : (
        <VisualOrderField
          label="Where the pictures come from"
          hint="Each scene takes the first source that has a picture for it; a designed background when none does."
          value={form.visualOrder}
          error={errors.visualOrder}
          onChange={(v) => set('visualOrder', v)}
        />
      )}
      <MusicFields form={form} errors={errors} set={set} />
      <BrandKitChoice kit={kit} branded={branded} onChange={(on) => set('brandKit', on)} />
    </section>
  );
}
