import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { brand } from '~/config/brand';
import { brandSnapshot, cardSeconds, LOGO_CORNER_LABELS, type BrandKit } from '~/contract/brand';
import { fieldErrors, type FieldErrors } from '~/contract/errors';
import { PRICES, VIDEO_RESOLUTIONS, type VideoResolution } from '~/contract/pricing';
import {
  ASPECT_LABELS,
  VIDEO_ASPECTS,
  VIDEO_LIMITS,
  createVideoRequestSchema,
  formatDuration,
  videoDimensions,
  videoRecordSchema,
  type CreateVideoRequest,
  type UploadedImage,
  type VideoAspect,
  type VideoRecord,
  type VisualMode,
  DEFAULT_CAPTION_OPTIONS,
} from '~/contract/video';
import { createStoryboardRequestSchema, storyboardSchema, type Storyboard } from '~/contract/storyboard';
import { ApiError, api } from '~/lib/api/client';
import { takeCreateHandoff } from '~/lib/create-handoff';
import { $account, refreshAccount } from '~/stores/account';
import { CaptionStylePicker } from './CaptionStylePicker';
import { AspectShape, ChoiceGroup, type Choice } from '../../components/ChoiceGroup';
import { ImageUploader } from './ImageUploader';
import { INITIAL_FORM, newIdempotencyKey, rateText, scriptFigures, submitBlocker, toRequest, type CreateForm } from './model';
import { Field } from '../../components/Field';
import { Icon } from '../../components/Icon';
import { Figure } from '../../components/Figure';
import { handleStudioError } from '../../components/request-errors';
import { ScreenHeader } from '../../components/Screen';
import { Spinner } from '../../components/Spinner';
import { Switch } from '../../components/Switch';
import { VisualOrderField } from './VisualOrderField';
import { VoicePicker } from '../../components/VoicePicker';
import { useDefaultVoice } from '../../components/voice-preview';
import { MusicTrackPicker } from './MusicTrackPicker';
import { MusicVolumeField } from './MusicVolumeField';
import { RenderUnavailable, useRenderAvailability } from './RenderUnavailable';
import { loadBrandKit } from '~/lib/brand-kit';

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
import { assignImages } from './storyboard/model';

type Submit = 'storyboard' | 'render';

const VISUAL_CHOICES: readonly Choice<VisualMode>[] = [
  { value: 'generated', label: 'Pictures for each scene', detail: 'Stock clips and photos, AI images, illustrations or designed backgrounds that match what is said' },
  { value: 'uploaded', label: 'My own images', detail: 'Upload photos or artwork, shown in your order' },
];

/** Error keys (as the schema and the API name them) that editing a form field clears, beyond its own name. */
const ERROR_KEYS: Partial<Record<keyof CreateForm, string[]>> = {
  images: ['imageFileIds'],
  visuals: ['imageFileIds'],
  musicEnabled: ['music'],
  musicVolume: ['music', 'music.volume'],
  musicTrack: ['music', 'music.track'],
  musicUpload: ['music', 'music.fileId'],
  captionOptions: ['captionOptions.position', 'captionOptions.size', 'captionOptions.color'],
};

function SectionTitle({ step, id, children }: { step: number; id: string; children: string }) {
  return (
    <h2 id={id} className="flex items-center gap-3 text-lg font-semibold text-fg">
      <span className="grid size-7 place-items-center rounded-full bg-brand-500/20 text-sm font-bold text-brand-300" aria-hidden="true">
        {step}
      </span>
      {children}
    </h2>
  );
}

export default function AgentCreate() {
  const navigate = useNavigate();
  const account = useStore($account);
  const [form, setForm] = useState<CreateForm>(INITIAL_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState<Submit | null>(null);
  const [handoff, setHandoff] = useState<string | null>(null);
  const idempotencyKey = useRef(newIdempotencyKey());
  const [kit, setKit] = useState<BrandKit | null>(null);
  const render = useRenderAvailability();
  const cannotRender = render.availability?.ready === false;

  useEffect(() => {
    // Taken once: a reload or a later visit starts with an empty editor.
    const waiting = takeCreateHandoff();
    if (waiting) {
      setForm((f) => ({ ...f, script: waiting.script, ...(waiting.aspect ? { aspect: waiting.aspect } : {}) }));
      setHandoff(waiting.title ?? 'your generated script');
    }
    void refreshAccount();
    loadBrandKit().then(
      (loaded) => {
        setKit(loaded);
        if (!loaded.saved) return;
        const apply = loaded.settings.applyByDefault;
        // The brand's primary colour highlights the captions unless this video already picked another.
        setForm((f) => ({
          ...f,
          brandKit: f.brandKit ?? apply,
          ...(apply && f.captionOptions.color === DEFAULT_CAPTION_OPTIONS.color ? { captionOptions: { ...f.captionOptions, color: loaded.settings.colors.primary } } : {}),
        }));
      },
      // Without the kit the switch stays unknown and the server applies the account's default.
      () => undefined,
    );
  }, []);

  const branded = Boolean(kit?.saved && form.brandKit);
  const figures = scriptFigures(form.script, form.resolution, branded && kit ? cardSeconds(brandSnapshot(kit.settings, null)) : 0);
  const balance = account ? account.credits.balance : null;
  const blocker = submitBlocker(figures, balance);
  const size = videoDimensions(form.aspect, form.resolution);

  function set<K extends keyof CreateForm>(key: K, value: CreateForm[K]) {
    setForm((f) => ({ ...f, [key]: value }));
    clearErrors(key);
  }
  function clearErrors(key: keyof CreateForm) {
    const keys: string[] = [key, ...(ERROR_KEYS[key] ?? [])];
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([k]) => !keys.includes(k))));
    // A changed request is a new submission, not a repeat of one that may have got through.
    idempotencyKey.current = newIdempotencyKey();
  }
  const chooseVoice = useDefaultVoice((id) => setForm((f) => ({ ...f, voiceId: id })));
  const setImages = (update: (images: UploadedImage[]) => UploadedImage[]) => {
    setForm((f) => ({ ...f, images: update(f.images) }));
    clearErrors('images');
  };

  function showErrors(fields: FieldErrors) {
    setErrors(fields);
    requestAnimationFrame(() => document.querySelector('[aria-invalid="true"], .field-error')?.scrollIntoView({ behavior: 'smooth', block: 'center' }));
  }

  /**
   * "Create video" makes a storyboard to review (nothing is charged until it is rendered); "Render without reviewing"
   * is the one-step video, for scripts the user trusts as they are.
   */
  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const mode: Submit = (event.nativeEvent.submitter as HTMLButtonElement | null)?.value === 'render' ? 'render' : 'storyboard';
    const parsed = createVideoRequestSchema.safeParse(toRequest(form));
    if (!parsed.success) {
      showErrors(fieldErrors(parsed.error.issues));
      return;
    }
    if (mode === 'render' ? blocker || cannotRender : figures.lengthError) return;
    setBusy(mode);
    try {
      navigate(mode === 'render' ? `/nxn-agent/video/${(await renderNow(parsed.data)).id}` : `/nxn-agent/storyboard/${(await makeStoryboard(parsed.data)).id}`);
    } catch (error) {
      if (error instanceof ApiError) idempotencyKey.current = newIdempotencyKey();
      // A refusal because the server lost a tool meanwhile shows as the notice above the buttons.
      render.refresh();
      const fields = handleStudioError(error);
      if (Object.keys(fields).length > 0) showErrors(fields);
    } finally {
      setBusy(null);
    }
  }

  async function renderNow(request: CreateVideoRequest): Promise<VideoRecord> {
    const video = await api.post<VideoRecord>('/videos', request, {
      headers: { 'Idempotency-Key': idempotencyKey.current },
      parse: (data) => videoRecordSchema.parse(data),
    });
    idempotencyKey.current = newIdempotencyKey();
    void refreshAccount();
    return video;
  }

  /** The storyboard, with the form's own images given to its scenes in order when the user chose them. */
  async function makeStoryboard(request: CreateVideoRequest): Promise<Storyboard> {
    const parse = (data: unknown) => storyboardSchema.parse(data);
    const storyboard = await api.post<Storyboard>('/storyboards', createStoryboardRequestSchema.parse(request), { parse });
    if (request.visuals !== 'uploaded') return storyboard;
    const scenes = assignImages(storyboard.scenes.map(({ id, text, query, visual, transition }) => ({ id, text, query, visual, transition })), request.imageFileIds, request.clipAudio);
    return api.put<Storyboard>(`/storyboards/${encodeURIComponent(storyboard.id)}`, { version: storyboard.version, settings: storyboard.settings, scenes }, { parse });
  }

  const scriptError = errors.script ?? figures.lengthError ?? undefined;

  return (
    <div className="grid gap-8">
      <ScreenHeader
        icon="video"
        title="Create a video"
        description={`Paste a script and ${brand.agentName} turns it into a narrated HD video of up to 5 minutes, with AI voices and visuals.`}
      >
        <Link to="/history" className="btn btn-secondary btn-sm self-start sm:self-auto">
          <Icon name="history" className="size-4" />
          Your videos
        </Link>
      </ScreenHeader>

      <form className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start" onSubmit={submit} noValidate aria-label="New video">
        <div className="grid min-w-0 gap-6">
          <section className="card card-pad grid gap-4" aria-labelledby="script-title">
            <SectionTitle step={1} id="script-title">
              Script
            </SectionTitle>
            {handoff ? (
              <p className="flex items-start gap-2 rounded-xl border border-cyan-400/30 bg-cyan-400/10 px-3 py-2 text-sm text-cyan-300" role="status">
                <Icon name="check" className="mt-0.5 size-4 shrink-0" />
                <span>Loaded {handoff === 'your generated script' ? handoff : `“${handoff}”`} from the script generator. Edit it as you like.</span>
              </p>
            ) : null}
            <Field
              label="What should the narrator say?"
              error={scriptError}
              hint={
                <span className="flex flex-wrap gap-x-4 gap-y-1" aria-live="polite">
                  <span data-testid="word-count">
                    {figures.words.toLocaleString('en-US')} {figures.words === 1 ? 'word' : 'words'}
                  </span>
                  <span data-testid="estimated-duration">about {formatDuration(figures.seconds)} of video</span>
                  <span>
                    up to {VIDEO_LIMITS.maxWords} words (5:00)
                  </span>
                </span>
              }
            >
              {(props) => (
                <textarea
                  {...props}
                  className="input !min-h-56"
                  value={form.script}
                  maxLength={VIDEO_LIMITS.maxChars}
                  placeholder={'Write the words your video should say, in the order it should say them.\n\nBlank lines start a new scene.'}
                  onChange={(e) => set('script', e.target.value)}
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

          <section className="card card-pad grid gap-4" aria-labelledby="voice-title">
            <SectionTitle step={2} id="voice-title">
              Voice
            </SectionTitle>
            <VoicePicker
              value={form.voiceId}
              onChange={(id) => {
                chooseVoice(id);
                clearErrors('voiceId');
              }}
              error={errors.voiceId}
            />
          </section>

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
                detail: aspect === '16:9' ? 'YouTube, websites' : aspect === '9:16' ? 'Shorts, Reels, TikTok' : 'Feeds, posts',
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
                return { value: resolution, label: `${resolution} ${resolution === '1080p' ? 'Full HD' : 'HD'}`, detail: `${width}×${height} · ${PRICES.videoPerMinute[resolution]} credits a minute` };
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

          <section className="card card-pad grid gap-5" aria-labelledby="visuals-title">
            <SectionTitle step={4} id="visuals-title">
              Visuals and music
            </SectionTitle>
            <ChoiceGroup<VisualMode> legend="Visuals" name="visuals" value={form.visuals} onChange={(v) => set('visuals', v)} error={errors.visuals} columns="sm:grid-cols-2" choices={VISUAL_CHOICES} />
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
              <MusicVolumeField volume={form.musicVolume} enabled={form.musicEnabled} error={errors['music.volume'] ?? errors.music} onChange={(volume) => set('musicVolume', volume)} />
            </div>
            <div className="grid gap-2 border-t border-white/10 pt-5" data-testid="brand-kit-choice">
              <Switch
                label="Brand kit"
                icon="sparkles"
                description={kit?.saved ? kitSummary(kit) : 'Set up your logo, colours and cards to use them on your videos'}
                checked={branded}
                disabled={!kit?.saved}
                onChange={(on) => set('brandKit', on)}
              />
              <Link to="/brand-kit" className="text-sm font-medium text-cyan-300 underline-offset-2 hover:underline">
                {kit?.saved ? 'Edit brand kit' : 'Set up your brand kit'}
              </Link>
            </div>
          </section>
        </div>

        <aside className="card card-pad grid gap-4 lg:sticky lg:top-24" aria-labelledby="summary-title">
          <h2 id="summary-title" className="text-lg font-semibold text-fg">
            Summary
          </h2>
          <dl className="divide-y divide-white/[0.06]">
            <Figure label="Length" value={`about ${formatDuration(figures.seconds)}`} />
            <Figure label="Video" value={`${size.width}×${size.height}`} />
            <Figure label="Cost" value={`${figures.cost} credits`} testId="video-cost" />
            <Figure label="Your balance" value={balance === null ? '—' : `${balance.toLocaleString('en-US')} credits`} testId="create-balance" />
          </dl>
          <p className="text-xs text-fg-subtle">
            {rateText(form.resolution)}, per started minute. The cost is held while the video is made and charged when it is ready, never more: a
            video that runs a started minute shorter costs that much less, and a failed or cancelled one nothing.
          </p>
          {blocker && figures.words > 0 ? (
            <p className="rounded-xl border border-warning/30 bg-warning/10 px-3 py-2 text-sm text-warning" role="status" data-testid="submit-blocker">
              {blocker}{' '}
              {!figures.lengthError ? (
                <Link to="/pricing" className="font-semibold underline">
                  See credit prices
                </Link>
              ) : null}
            </p>
          ) : null}
          <button type="submit" name="mode" value="storyboard" className="btn btn-primary btn-lg w-full" disabled={busy !== null || Boolean(figures.lengthError)} aria-describedby="create-next">
            {busy === 'storyboard' ? <Spinner /> : <Icon name="sparkles" className="size-5" />}
            {busy === 'storyboard' ? 'Making the scenes…' : 'Create video'}
          </button>
          <p id="create-next" className="-mt-2 text-center text-xs text-fg-subtle">
            Next you review the scenes (words, pictures, order) and render when they look right.
          </p>
          <RenderUnavailable availability={render.availability} />
          <button type="submit" name="mode" value="render" className="btn btn-ghost btn-sm w-full" disabled={busy !== null || Boolean(blocker) || cannotRender}>
            {busy === 'render' ? <Spinner /> : null}
            {busy === 'render' ? 'Starting…' : 'Render without reviewing'}
          </button>
        </aside>
      </form>
    </div>
  );
}
