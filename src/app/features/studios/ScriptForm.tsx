/** "New script": what the video is about, for whom, in what tone, length and shape, its key points, and the price. */
import { type SubmitEvent, useState } from 'react';
import { Field } from '~/app/components/Field';
import { Icon } from '~/app/components/Icon';
import { Spinner } from '~/app/components/Spinner';
import type { FieldErrors } from '~/contract/errors';
import { scriptCost } from '~/contract/pricing';
import {
  PLATFORM_LABELS,
  SCRIPT_LIMITS,
  SCRIPT_PLATFORMS,
  SCRIPT_TONES,
  type ScriptPlatform,
  type ScriptRecord,
  type ScriptTone,
  type ScriptWriterAnswer,
  scriptRequestSchema,
  TONE_LABELS,
  WORDS_PER_SECOND,
} from '~/contract/scripts';
import { PriceNote, type Quote, SubmitLabel, useEngineAnswer } from './price';
import { clockTime } from './script-export';
import { useStudioSubmit } from './submit';

const LENGTH_PRESETS = [15, 30, 45, 60, 90, 120, 180, 240, 300] as const;

const PLATFORM_HINTS: Record<ScriptPlatform, string> = {
  youtube: 'Long-form, 16:9',
  shorts: 'Vertical, up to 3 minutes',
  square: 'Feeds, 1:1',
};

interface FormState {
  topic: string;
  audience: string;
  tone: ScriptTone;
  platform: ScriptPlatform;
  targetSeconds: number;
  keyPoints: string[];
  callToAction: string;
}

const INITIAL: FormState = {
  topic: '',
  audience: '',
  tone: 'friendly',
  platform: 'youtube',
  targetSeconds: 60,
  keyPoints: [''],
  callToAction: '',
};

/** The tone of voice and the length to write for, with the words that length holds (shorts allow less). */
function ToneAndLength({
  form,
  errors,
  maxSeconds,
  set,
}: {
  form: FormState;
  errors: Partial<Record<string, string>>;
  maxSeconds: number;
  set: <K extends keyof FormState>(key: K, value: FormState[K]) => void;
}) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Field label="Tone" error={errors.tone}>
        {(props) => (
          <select
            {...props}
            className="input"
            value={form.tone}
            onChange={(e) => set('tone', e.target.value as ScriptTone)}
          >
            {SCRIPT_TONES.map((tone) => (
              <option key={tone} value={tone}>
                {TONE_LABELS[tone]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label="Target length"
        error={errors.targetSeconds}
        hint={`About ${Math.round(form.targetSeconds * WORDS_PER_SECOND)} spoken words at 150 words a minute.`}
      >
        {(props) => (
          <select
            {...props}
            className="input"
            value={form.targetSeconds}
            onChange={(e) => set('targetSeconds', Number(e.target.value))}
          >
            {LENGTH_PRESETS.map((seconds) => (
              <option key={seconds} value={seconds} disabled={seconds > maxSeconds}>
                {seconds < 60 ? `${seconds} seconds` : `${clockTime(seconds)} min`}
                {seconds > maxSeconds ? ' (too long for shorts)' : ''}
              </option>
            ))}
          </select>
        )}
      </Field>
    </div>
  );
}

export function ScriptForm({ onCreated }: { onCreated: (record: ScriptRecord) => void }) {
  const [form, setForm] = useState<FormState>(INITIAL);
  const { errors, setErrors, busy, submit: send } = useStudioSubmit<ScriptRecord>('/scripts', onCreated);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors(({ [key]: _cleared, ...rest }) => rest);
  };
  const maxSeconds = form.platform === 'shorts' ? SCRIPT_LIMITS.shortsSecondsMax : SCRIPT_LIMITS.secondsMax;
  const writer = useEngineAnswer<ScriptWriterAnswer>('/scripts/writer');
  const kind = writer.answer?.engine.kind;
  const quote: Quote | undefined = kind ? { cost: scriptCost(kind), offlinePreview: kind === 'builtin' } : undefined;

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    await send(scriptRequestSchema, form);
  }

  // Shorts are shorter: a length they cannot have goes back to a minute.
  function choosePlatform(platform: ScriptPlatform) {
    set('platform', platform);
    if (platform === 'shorts' && form.targetSeconds > SCRIPT_LIMITS.shortsSecondsMax) set('targetSeconds', 60);
  }

  return (
    <form
      className="card card-pad grid grid-cols-[minmax(0,1fr)] gap-5"
      onSubmit={submit}
      noValidate
      aria-labelledby="script-form-title"
    >
      <h2 id="script-form-title" className="text-lg font-semibold text-fg">
        New script
      </h2>
      <Field label="Topic" error={errors.topic} hint="What the video is about, in a few words or a question.">
        {(props) => (
          <input
            {...props}
            className="input"
            value={form.topic}
            maxLength={SCRIPT_LIMITS.topicMax}
            placeholder="e.g. Meal prep for busy parents"
            onChange={(e) => set('topic', e.target.value)}
          />
        )}
      </Field>
      <Field label="Audience" optional error={errors.audience}>
        {(props) => (
          <input
            {...props}
            className="input"
            value={form.audience}
            maxLength={SCRIPT_LIMITS.audienceMax}
            placeholder="e.g. working parents who cook on weekends"
            onChange={(e) => set('audience', e.target.value)}
          />
        )}
      </Field>
      <ToneAndLength form={form} errors={errors} maxSeconds={maxSeconds} set={set} />
      <PlatformChoice value={form.platform} error={errors.platform} onChange={choosePlatform} />
      <KeyPoints points={form.keyPoints} errors={errors} onChange={(keyPoints) => set('keyPoints', keyPoints)} />
      <Field label="Call to action" optional error={errors.callToAction}>
        {(props) => (
          <input
            {...props}
            className="input"
            value={form.callToAction}
            maxLength={SCRIPT_LIMITS.ctaMax}
            placeholder="e.g. Follow for a weekly meal plan"
            onChange={(e) => set('callToAction', e.target.value)}
          />
        )}
      </Field>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-white/10 pt-4">
        <PriceNote
          quote={quote}
          failed={writer.failed}
          paid={`Costs ${quote?.cost} credit${quote?.cost === 1 ? '' : 's'}; nothing if generation fails.`}
          preview="no AI writer is set up here, so the built-in writer fills a template around your topic. No credits are used."
        />
        <button type="submit" className="btn btn-primary" disabled={busy || !quote}>
          {busy ? <Spinner /> : <Icon name="sparkles" className="size-4" />}
          {busy ? 'Writing your script…' : <SubmitLabel quote={quote}>Generate script</SubmitLabel>}
        </button>
      </div>
    </form>
  );
}

/** "Platform": the shape the script is written for, each with a line on what it means. */
function PlatformChoice({
  value,
  error,
  onChange,
}: {
  value: ScriptPlatform;
  error: string | undefined;
  onChange: (platform: ScriptPlatform) => void;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="label mb-2">Platform</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {SCRIPT_PLATFORMS.map((platform) => (
          <label
            key={platform}
            className={`flex cursor-pointer flex-col rounded-xl border px-3 py-2.5 text-sm transition-colors ${
              value === platform
                ? 'border-brand-400 bg-brand-500/15 text-fg'
                : 'border-white/10 bg-white/[0.03] text-fg-muted hover:border-white/20'
            }`}
          >
            <input
              type="radio"
              name="platform"
              value={platform}
              className="sr-only"
              checked={value === platform}
              onChange={() => onChange(platform)}
            />
            <span className="font-medium text-fg">{PLATFORM_LABELS[platform]}</span>
            <span className="text-xs text-fg-subtle">{PLATFORM_HINTS[platform]}</span>
          </label>
        ))}
      </div>
      {error ? <p className="field-error">{error}</p> : null}
    </fieldset>
  );
}

/** "Key points": up to the limit, one scene each, added and removed one at a time. */
function KeyPoints({
  points,
  errors,
  onChange,
}: {
  points: string[];
  errors: FieldErrors;
  onChange: (points: string[]) => void;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="label mb-1">
        Key points <span className="font-normal text-fg-subtle">(optional, one scene each)</span>
      </legend>
      {points.map((point, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: key points are edited in place and never reordered; each input is controlled
        <div key={i} className="grid gap-1">
          <div className="flex gap-2">
            <input
              className="input"
              aria-label={`Key point ${i + 1}`}
              aria-invalid={Boolean(errors[`keyPoints.${i}`])}
              value={point}
              maxLength={SCRIPT_LIMITS.keyPointMax}
              placeholder={i === 0 ? 'e.g. Batch cook grains on Sunday' : 'Another point'}
              onChange={(e) => onChange(points.map((p, j) => (j === i ? e.target.value : p)))}
            />
            {points.length > 1 ? (
              <button
                type="button"
                className="btn btn-ghost btn-sm shrink-0"
                aria-label={`Remove key point ${i + 1}`}
                onClick={() => onChange(points.filter((_, j) => j !== i))}
              >
                ✕
              </button>
            ) : null}
          </div>
          {errors[`keyPoints.${i}`] ? <p className="field-error">{errors[`keyPoints.${i}`]}</p> : null}
        </div>
      ))}
      {errors.keyPoints ? <p className="field-error">{errors.keyPoints}</p> : null}
      {points.length < SCRIPT_LIMITS.keyPointsMax ? (
        <button
          type="button"
          className="btn btn-ghost btn-sm justify-self-start"
          onClick={() => onChange([...points, ''])}
        >
          + Add a key point
        </button>
      ) : null}
    </fieldset>
  );
}
