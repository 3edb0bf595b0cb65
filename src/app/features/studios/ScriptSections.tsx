/** The script page's editable cards: the title options, the script itself (hook, scenes, call to action), publishing. */
import { useState } from 'react';
import { Field } from '~/app/components/Field';
import type { FieldErrors } from '~/contract/errors';
import { SCRIPT_CONTENT_LIMITS, type ScriptContent } from '~/contract/scripts';
import { clockTime } from './script-export';

type Scene = ScriptContent['scenes'][number];

/** Changes the draft, and clears the errors whose field starts with one of `clear`. */
export type UpdateDraft = (patch: Partial<ScriptContent>, clear?: string[]) => void;

interface SectionProps {
  draft: ScriptContent;
  errors: FieldErrors;
  update: UpdateDraft;
}

export function TitleOptions({ draft, errors, update }: SectionProps) {
  return (
    <section className="card card-pad grid gap-3" aria-labelledby="titles-title">
      <h2 id="titles-title" className="text-lg font-semibold text-fg">
        Title options
      </h2>
      <p className="hint -mt-2">The first one is the script's main title.</p>
      {draft.titles.map((t, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: titles are edited in place and never reordered; each input is controlled
        <div key={i} className="flex gap-2">
          <input
            className="input"
            aria-label={`Title option ${i + 1}`}
            aria-invalid={Boolean(errors[`titles.${i}`])}
            value={t}
            maxLength={SCRIPT_CONTENT_LIMITS.titleMax}
            onChange={(e) => update({ titles: draft.titles.map((x, j) => (j === i ? e.target.value : x)) }, ['titles'])}
          />
          {i > 0 ? (
            <button
              type="button"
              className="btn btn-ghost btn-sm shrink-0"
              onClick={() => update({ titles: [t, ...draft.titles.filter((_, j) => j !== i)] })}
            >
              Use as main
            </button>
          ) : null}
        </div>
      ))}
      {errors.titles ? <p className="field-error">{errors.titles}</p> : null}
    </section>
  );
}

/** The hook, the scenes and the call to action; `timed` is the draft with each part's times as they will be read. */
export function ScriptBody({ draft, timed, errors, update }: SectionProps & { timed: ScriptContent }) {
  const updateScene = (index: number, patch: Partial<Scene>) =>
    update({ scenes: draft.scenes.map((s, i) => (i === index ? { ...s, ...patch } : s)) }, [`scenes.${index}`]);
  return (
    <section className="card card-pad grid grid-cols-[minmax(0,1fr)] gap-5" aria-labelledby="script-body-title">
      <h2 id="script-body-title" className="text-lg font-semibold text-fg">
        Script
      </h2>
      <Field label={`Hook · 0:00–${clockTime(timed.scenes[0]?.startSec ?? 0)}`} error={errors.hook}>
        {(props) => (
          <textarea
            {...props}
            className="input !min-h-20 [field-sizing:content]"
            value={draft.hook}
            maxLength={SCRIPT_CONTENT_LIMITS.hookMax}
            onChange={(e) => update({ hook: e.target.value }, ['hook'])}
          />
        )}
      </Field>
      <ol className="grid gap-4" aria-label="Scenes">
        {timed.scenes.map((scene, i) => (
          <SceneCard
            // biome-ignore lint/suspicious/noArrayIndexKey: a scene is its place in the script; scenes are not reordered here
            key={i}
            index={i}
            times={scene}
            scene={draft.scenes[i]!}
            errors={errors}
            onChange={(patch) => updateScene(i, patch)}
            onRemove={
              draft.scenes.length > 1
                ? () => update({ scenes: draft.scenes.filter((_, j) => j !== i) }, ['scenes'])
                : null
            }
          />
        ))}
      </ol>
      {errors.scenes ? <p className="field-error">{errors.scenes}</p> : null}
      {draft.scenes.length < SCRIPT_CONTENT_LIMITS.scenesMax ? (
        <button
          type="button"
          className="btn btn-ghost btn-sm justify-self-start"
          onClick={() =>
            update({ scenes: [...draft.scenes, { narration: '', visualCue: '', startSec: 0, endSec: 0 }] })
          }
        >
          + Add a scene
        </button>
      ) : null}
      <Field label="Call to action" error={errors.cta}>
        {(props) => (
          <textarea
            {...props}
            className="input !min-h-20 [field-sizing:content]"
            value={draft.cta}
            maxLength={SCRIPT_CONTENT_LIMITS.ctaMax}
            onChange={(e) => update({ cta: e.target.value }, ['cta'])}
          />
        )}
      </Field>
    </section>
  );
}

/** One scene: when it is read, its narration and its visual cue; `onRemove` is null for the only scene. */
function SceneCard({
  index,
  times,
  scene,
  errors,
  onChange,
  onRemove,
}: {
  index: number;
  times: Pick<Scene, 'startSec' | 'endSec'>;
  scene: Scene;
  errors: FieldErrors;
  onChange: (patch: Partial<Scene>) => void;
  onRemove: (() => void) | null;
}) {
  return (
    <li className="grid gap-3 rounded-xl border border-white/[0.08] bg-white/[0.03] p-4" data-testid="scene">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold text-fg">
          Scene {index + 1}{' '}
          <span className="ml-2 text-sm font-normal text-fg-subtle">
            {clockTime(times.startSec)}–{clockTime(times.endSec)}
          </span>
        </h3>
        {onRemove ? (
          <button type="button" className="btn btn-ghost btn-sm" onClick={onRemove}>
            Remove scene
          </button>
        ) : null}
      </div>
      <Field label={`Narration, scene ${index + 1}`} error={errors[`scenes.${index}.narration`]}>
        {(props) => (
          <textarea
            {...props}
            className="input !min-h-24 [field-sizing:content]"
            value={scene.narration}
            maxLength={SCRIPT_CONTENT_LIMITS.narrationMax}
            onChange={(e) => onChange({ narration: e.target.value })}
          />
        )}
      </Field>
      <Field label={`Visual cue, scene ${index + 1}`} error={errors[`scenes.${index}.visualCue`]}>
        {(props) => (
          <input
            {...props}
            className="input"
            value={scene.visualCue}
            maxLength={SCRIPT_CONTENT_LIMITS.visualCueMax}
            onChange={(e) => onChange({ visualCue: e.target.value })}
          />
        )}
      </Field>
    </li>
  );
}

const hashtagsFromText = (text: string): string[] =>
  text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((tag) => (tag.startsWith('#') ? tag : `#${tag}`));

/** The description and hashtags; the hashtags field keeps what was typed, the draft the tags read from it. */
export function Publishing({ draft, errors, update }: SectionProps) {
  const [hashtagText, setHashtagText] = useState(() => draft.hashtags.join(' '));
  return (
    <section className="card card-pad grid grid-cols-[minmax(0,1fr)] gap-5" aria-labelledby="publishing-title">
      <h2 id="publishing-title" className="text-lg font-semibold text-fg">
        Publishing
      </h2>
      <Field label="Description" error={errors.description}>
        {(props) => (
          <textarea
            {...props}
            className="input [field-sizing:content]"
            value={draft.description}
            maxLength={SCRIPT_CONTENT_LIMITS.descriptionMax}
            onChange={(e) => update({ description: e.target.value }, ['description'])}
          />
        )}
      </Field>
      <Field
        label="Hashtags"
        error={errors.hashtags ?? Object.entries(errors).find(([k]) => k.startsWith('hashtags.'))?.[1]}
        hint="Separated by spaces."
      >
        {(props) => (
          <input
            {...props}
            className="input"
            value={hashtagText}
            onChange={(e) => {
              setHashtagText(e.target.value);
              update({ hashtags: hashtagsFromText(e.target.value) }, ['hashtags']);
            }}
          />
        )}
      </Field>
    </section>
  );
}
