/** The image studio's form: the prompt, the picture's shape, style, count, seed and engine, and the price of the run. */
import type { SubmitEvent } from 'react';
import { Field } from '~/app/components/Field';
import { Icon } from '~/app/components/Icon';
import { Spinner } from '~/app/components/Spinner';
import type { FieldErrors } from '~/contract/errors';
import {
  ASPECT_LABELS,
  ASPECT_SIZES,
  IMAGE_ASPECTS,
  IMAGE_LIMITS,
  IMAGE_STYLES,
  type ImageAspect,
  type ImageEngineChoice,
  type ImageEngineInfo,
  type ImageStyle,
  resolveImageEngine,
  STYLE_PRESETS,
} from '~/contract/images';
import { imageCost, PRICES } from '~/contract/pricing';
import { PriceNote, type Quote, SubmitLabel } from './price';

export interface ImageFormState {
  prompt: string;
  negativePrompt: string;
  aspect: ImageAspect;
  style: ImageStyle;
  count: number;
  seed: string;
  engine: ImageEngineChoice;
}

export const EMPTY_IMAGE_FORM: ImageFormState = {
  prompt: '',
  negativePrompt: '',
  aspect: '1:1',
  style: 'none',
  count: 1,
  seed: '',
  engine: 'auto',
};

/** Sets one field of the form (and clears its error). */
type SetField = <K extends keyof ImageFormState>(key: K, value: ImageFormState[K]) => void;

export function NewImagesForm({
  form,
  set,
  errors,
  engines,
  enginesFailed,
  busy,
  onSubmit,
}: {
  form: ImageFormState;
  set: SetField;
  errors: FieldErrors;
  /** The server's engines; undefined until it has said which it has. */
  engines: ImageEngineInfo[] | undefined;
  enginesFailed: boolean;
  busy: boolean;
  onSubmit: (event: SubmitEvent) => void;
}) {
  // The engine this request will run on, by the API's own rule, once the API has said which engines it has.
  const engine = engines
    ? resolveImageEngine(form.engine, (id) => engines.some((e) => e.id === id && e.available))
    : undefined;
  const autoLabel = engines?.find((e) => e.id === engine)?.label;
  const quote: Quote | undefined = engine
    ? { cost: imageCost(form.count, engine), offlinePreview: engine === 'offline' }
    : undefined;
  return (
    <form
      className="card card-pad grid grid-cols-[minmax(0,1fr)] gap-5"
      onSubmit={onSubmit}
      noValidate
      aria-label="New images"
    >
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
      <AspectChoice value={form.aspect} onChange={(aspect) => set('aspect', aspect)} />
      <ImageSettings form={form} set={set} errors={errors} engines={engines ?? []} autoLabel={autoLabel} />
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-white/10 pt-4">
        <PriceNote
          quote={quote}
          failed={enginesFailed}
          paid={`${quote?.cost} credits (${PRICES.imagePerImage} per image); images that fail are not charged.`}
          preview="the offline engine draws abstract artwork seeded by your prompt; it does not picture what you describe. No credits are used."
        />
        <button type="submit" className="btn btn-primary" disabled={busy || !quote}>
          {busy ? <Spinner /> : <Icon name="image" className="size-4" />}
          <SubmitLabel quote={quote}>Generate {form.count > 1 ? `${form.count} images` : 'image'}</SubmitLabel>
        </button>
      </div>
    </form>
  );
}

function AspectIcon({ aspect }: { aspect: ImageAspect }) {
  const { width, height } = ASPECT_SIZES[aspect];
  const scale = 18 / Math.max(width, height);
  return (
    <span className="grid size-6 place-items-center" aria-hidden="true">
      <span
        className="rounded-[3px] border-2 border-current"
        style={{ width: width * scale, height: height * scale }}
      />
    </span>
  );
}

/** "Aspect ratio": one choice per shape, each drawn as its own outline. */
function AspectChoice({ value, onChange }: { value: ImageAspect; onChange: (aspect: ImageAspect) => void }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="label mb-1">Aspect ratio</legend>
      <div className="flex flex-wrap gap-2">
        {IMAGE_ASPECTS.map((aspect) => (
          <label
            key={aspect}
            className={`flex cursor-pointer items-center gap-2 rounded-xl border px-3 py-2 text-sm ${
              value === aspect
                ? 'border-brand-400 bg-brand-500/15 text-fg'
                : 'border-white/10 text-fg-muted hover:border-white/20'
            }`}
          >
            <input
              type="radio"
              name="aspect"
              value={aspect}
              className="sr-only"
              checked={value === aspect}
              onChange={() => onChange(aspect)}
            />
            <AspectIcon aspect={aspect} />
            {ASPECT_LABELS[aspect]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Style, number of images, seed and engine; `autoLabel` names the engine "Best available" means now. */
function ImageSettings({
  form,
  set,
  errors,
  engines,
  autoLabel,
}: {
  form: ImageFormState;
  set: SetField;
  errors: FieldErrors;
  engines: ImageEngineInfo[];
  autoLabel: string | undefined;
}) {
  return (
    <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
      <Field label="Style" error={errors.style}>
        {(props) => (
          <select
            {...props}
            className="input"
            value={form.style}
            onChange={(e) => set('style', e.target.value as ImageStyle)}
          >
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
          <select
            {...props}
            className="input"
            value={form.count}
            onChange={(e) => set('count', Number(e.target.value))}
          >
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
      <Field
        label="Engine"
        error={errors.engine}
        hint={form.engine === 'auto' && autoLabel ? `Now: ${autoLabel}` : undefined}
      >
        {(props) => (
          <select
            {...props}
            className="input"
            value={form.engine}
            onChange={(e) => set('engine', e.target.value as ImageEngineChoice)}
          >
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
  );
}
