import { useMemo, useState, type SubmitEvent } from 'react';
import { toast } from 'sonner';
import {
  ASPECT_LABELS,
  ASPECT_SIZES,
  IMAGE_ASPECTS,
  IMAGE_LIMITS,
  IMAGE_STYLES,
  STYLE_PRESETS,
  imageRequestSchema,
  resolveImageEngine,
  type ImageAspect,
  type ImageEngineChoice,
  type ImageEngineInfo,
  type ImagePage,
  type ImageRecord,
  type ImageStyle,
} from '~/contract/images';
import { imageCost, PRICES } from '~/contract/pricing';
import { api } from '~/lib/api/client';
import { usePolling } from '~/lib/polling';
import { refreshAccount } from '~/stores/account';
import { useConfirm } from '../../components/confirm';
import { Field } from '../../components/Field';
import { copyText, downloadUrl } from '../../components/files';
import { formatDate } from '../../components/format';
import { useHistory } from '../../components/history';
import { HistoryList } from '../../components/HistoryList';
import { Icon } from '../../components/Icon';
import { ScreenHeader } from '../../components/Screen';
import { Spinner } from '../../components/Spinner';
import { EngineBadge } from './EngineBadge';
import { PriceNote, SubmitLabel, useEngineAnswer, type Quote } from './price';
import { useStudioSubmit } from './submit';

const POLL_MS = 1500;

interface FormState {
  prompt: string;
  negativePrompt: string;
  aspect: ImageAspect;
  style: ImageStyle;
  count: number;
  seed: string;
  engine: ImageEngineChoice;
}

const INITIAL: FormState = { prompt: '', negativePrompt: '', aspect: '1:1', style: 'none', count: 1, seed: '', engine: 'auto' };

const isFinished = (r: ImageRecord) => r.status === 'succeeded' || r.status === 'failed';
const ratio = (aspect: ImageAspect) => {
  const { width, height } = ASPECT_SIZES[aspect];
  return `${width} / ${height}`;
};
const fileName = (r: ImageRecord) => `nxn-image-${r.seed ?? 'x'}-${r.id.slice(0, 8)}.${r.contentType === 'image/jpeg' ? 'jpg' : 'png'}`;

function AspectIcon({ aspect }: { aspect: ImageAspect }) {
  const { width, height } = ASPECT_SIZES[aspect];
  const scale = 18 / Math.max(width, height);
  return (
    <span className="grid size-6 place-items-center" aria-hidden="true">
      <span className="rounded-[3px] border-2 border-current" style={{ width: width * scale, height: height * scale }} />
    </span>
  );
}

function ImageCard({ image, onReuse, onDelete }: { image: ImageRecord; onReuse: () => void; onDelete: () => void }) {
  return (
    <figure className="card overflow-hidden" data-testid="image-card" aria-label={`Image: ${image.prompt}`}>
      <div className="relative bg-ink-900" style={{ aspectRatio: ratio(image.aspect) }}>
        {image.status === 'succeeded' && image.url ? (
          <img src={image.url} alt={image.prompt} crossOrigin="anonymous" className="absolute inset-0 size-full object-cover" loading="lazy" />
        ) : image.status === 'failed' ? (
          <div className="absolute inset-0 grid place-items-center p-4 text-center text-sm text-danger" role="alert">
            {image.error}
          </div>
        ) : (
          <div className="absolute inset-0 grid animate-pulse place-items-center bg-gradient-to-br from-brand-500/20 to-cyan-400/10 text-sm text-fg-muted" role="status">
            <span className="flex items-center gap-2">
              <Spinner /> {image.status === 'queued' ? 'Queued…' : 'Making your image…'}
            </span>
          </div>
        )}
      </div>
      <figcaption className="grid gap-2 p-3">
        <p className="line-clamp-2 text-sm text-fg" title={image.prompt}>
          {image.prompt}
        </p>
        <div className="flex flex-wrap items-center gap-2 text-xs text-fg-subtle">
          <EngineBadge label={image.engine.label} kind={image.engine.id === 'offline' ? 'offline' : 'ai'} />
          <span>
            {[image.width && image.height ? `${image.width}×${image.height}` : ASPECT_LABELS[image.aspect], image.style !== 'none' ? STYLE_PRESETS[image.style].label : '', `seed ${image.seed}`]
              .filter(Boolean)
              .join(' · ')}
          </span>
          <time dateTime={image.createdAt}>{formatDate(image.createdAt)}</time>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {image.status === 'succeeded' && image.url ? (
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => void downloadUrl(image.url!, fileName(image))}>
              Download
            </button>
          ) : null}
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void copyText(image.prompt, 'Prompt')}>
            Copy prompt
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={onReuse}>
            Reuse settings
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={onDelete}>
            Delete
          </button>
        </div>
      </figcaption>
    </figure>
  );
}

export default function ImageGeneration() {
  const [form, setForm] = useState<FormState>(INITIAL);
  const engineList = useEngineAnswer<{ engines: ImageEngineInfo[] }>('/images/engines');
  const engines = engineList.answer?.engines ?? [];
  const history = useHistory<ImageRecord>('/images', 12);
  const { errors, setErrors, busy, submit: send } = useStudioSubmit<ImagePage>('/images', (page) => history.prepend(page.items));
  const confirm = useConfirm();
  const pending = useMemo(() => history.items.filter((r) => !isFinished(r)).map((r) => r.id), [history.items]);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors(({ [key]: _cleared, ...rest }) => rest);
  };

  usePolling(
    pending.length > 0 ? pending.join(',') : null,
    async (signal) => {
      const page = await api.get<ImagePage>(`/images?ids=${pending.join(',')}`, { signal });
      history.replace(page.items);
      if (page.items.some((r) => r.status === 'succeeded')) void refreshAccount();
      const failed = page.items.find((r) => r.status === 'failed');
      const made = page.items.filter((r) => r.status === 'succeeded').length;
      const reason = failed?.error ?? 'The image could not be made.';
      if (failed) toast.error(made > 0 ? `${made} of ${page.items.length} images were made. ${reason}` : reason);
    },
    { intervalMs: POLL_MS, immediate: false },
  );

  // The engine this request will run on, by the API's own rule, once the API has said which engines it has.
  const engine = engineList.answer ? resolveImageEngine(form.engine, (id) => engines.some((e) => e.id === id && e.available)) : undefined;
  const autoLabel = engines.find((e) => e.id === engine)?.label;
  const quote: Quote | undefined = engine ? { cost: imageCost(form.count, engine), offlinePreview: engine === 'offline' } : undefined;

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    await send(imageRequestSchema, { ...form, seed: form.seed.trim() === '' ? undefined : form.seed });
  }

  function reuse(image: ImageRecord) {
    setForm({
      prompt: image.prompt,
      negativePrompt: image.negativePrompt,
      aspect: image.aspect,
      style: image.style,
      count: 1,
      seed: image.seed === null ? '' : String(image.seed),
      // An engine this server no longer has would leave nothing to price or run: the best available one runs instead.
      engine: engines.find((e) => e.id === image.engine.id && e.available)?.id ?? 'auto',
    });
    setErrors({});
    window.scrollTo({ top: 0, behavior: 'smooth' });
    toast.success('Settings loaded into the form.');
  }

  const remove = (image: ImageRecord) =>
    confirm.askDelete({
      title: 'Delete this image?',
      body: 'The image and its file are removed for good.',
      path: `/images/${image.id}`,
      deleted: 'Image deleted.',
      onDeleted: () => history.remove(image.id),
    });

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8">
      <ScreenHeader icon="image" title="Image generator" description="Describe an image and get original artwork in the shape and style you need." />
      <form className="card card-pad grid grid-cols-[minmax(0,1fr)] gap-5" onSubmit={submit} noValidate aria-label="New images">
        <Field label="Prompt" error={errors.prompt} hint={`${form.prompt.length} / ${IMAGE_LIMITS.promptMax} characters`}>
          {(props) => (
            <textarea
              {...props}
              className="input !min-h-24"
              value={form.prompt}
              maxLength={IMAGE_LIMITS.promptMax}
              placeholder="e.g. A lighthouse on a cliff at dawn, soft fog, warm light"
              onChange={(e) => set('prompt', e.target.value)}
            />
          )}
        </Field>
        <Field label="Negative prompt" optional error={errors.negativePrompt} hint="What the image should not contain.">
          {(props) => (
            <input
              {...props}
              className="input"
              value={form.negativePrompt}
              maxLength={IMAGE_LIMITS.negativeMax}
              placeholder="e.g. text, watermark, blur"
              onChange={(e) => set('negativePrompt', e.target.value)}
            />
          )}
        </Field>
        <fieldset className="grid gap-2">
          <legend className="label mb-1">Aspect ratio</legend>
          <div className="flex flex-wrap gap-2">
            {IMAGE_ASPECTS.map((aspect) => (
              <label
                key={aspect}
                className={`flex cursor-pointer items-center gap-2 rounded-xl border px-3 py-2 text-sm ${
                  form.aspect === aspect ? 'border-brand-400 bg-brand-500/15 text-fg' : 'border-white/10 text-fg-muted hover:border-white/20'
                }`}
              >
                <input type="radio" name="aspect" value={aspect} className="sr-only" checked={form.aspect === aspect} onChange={() => set('aspect', aspect)} />
                <AspectIcon aspect={aspect} />
                {ASPECT_LABELS[aspect]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          <Field label="Style" error={errors.style}>
            {(props) => (
              <select {...props} className="input" value={form.style} onChange={(e) => set('style', e.target.value as ImageStyle)}>
                {IMAGE_STYLES.map((style) => (
                  <option key={style} value={style}>
                    {STYLE_PRESETS[style].label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Number of images" error={errors.count}>
            {(props) => (
              <select {...props} className="input" value={form.count} onChange={(e) => set('count', Number(e.target.value))}>
                {[1, 2, 3, 4].map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Seed" optional error={errors.seed} hint="Same prompt and seed give the same image.">
            {(props) => (
              <div className="flex gap-2">
                <input
                  {...props}
                  className="input"
                  inputMode="numeric"
                  placeholder="Random"
                  value={form.seed}
                  onChange={(e) => set('seed', e.target.value.replace(/[^\d]/g, ''))}
                />
                <button
                  type="button"
                  className="btn btn-ghost btn-sm shrink-0"
                  title="Pick a random seed"
                  onClick={() => set('seed', String(Math.floor(Math.random() * 2 ** 31)))}
                >
                  Random
                </button>
              </div>
            )}
          </Field>
          <Field label="Engine" error={errors.engine} hint={form.engine === 'auto' && autoLabel ? `Now: ${autoLabel}` : undefined}>
            {(props) => (
              <select {...props} className="input" value={form.engine} onChange={(e) => set('engine', e.target.value as ImageEngineChoice)}>
                <option value="auto">Best available</option>
                {engines.map((engine) => (
                  <option key={engine.id} value={engine.id} disabled={!engine.available}>
                    {engine.label}
                    {engine.available ? '' : ' — not configured'}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-white/10 pt-4">
          <PriceNote
            quote={quote}
            failed={engineList.failed}
            paid={`${quote?.cost} credits (${PRICES.imagePerImage} per image); images that fail are not charged.`}
            preview="the offline engine draws abstract artwork seeded by your prompt; it does not picture what you describe. No credits are used."
          />
          <button type="submit" className="btn btn-primary" disabled={busy || !quote}>
            {busy ? <Spinner /> : <Icon name="image" className="size-4" />}
            <SubmitLabel quote={quote}>Generate {form.count > 1 ? `${form.count} images` : 'image'}</SubmitLabel>
          </button>
        </div>
      </form>
      <section aria-labelledby="gallery-title" className="grid gap-4">
        <h2 id="gallery-title" className="text-lg font-semibold text-fg">
          Your images
        </h2>
        <HistoryList
          history={history}
          loading="Loading your images…"
          failed="Your images could not be loaded."
          empty="No images yet. Your generations appear here, newest first."
          emptyClassName="card card-pad"
        >
          {(items) => (
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {items.map((image) => (
                <ImageCard key={image.id} image={image} onReuse={() => reuse(image)} onDelete={() => remove(image)} />
              ))}
            </div>
          )}
        </HistoryList>
      </section>
      {confirm.dialog}
    </div>
  );
}
