import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { fieldErrors, type FieldErrors } from '~/contract/errors';
import {
  PLATFORM_LABELS,
  SCRIPT_CONTENT_LIMITS,
  TONE_LABELS,
  retimeScript,
  scriptContentSchema,
  scriptNarration,
  type ScriptContent,
  type ScriptPlatform,
  type ScriptRecord,
} from '~/contract/scripts';
import { ApiError, api } from '~/lib/api/client';
import { notifyApiError } from '~/lib/notify';
import { CREATE_HANDOFF_URL, saveCreateHandoff, type CreateHandoff } from '~/lib/create-handoff';
import { clockTime, scriptFileName, scriptToSrt, scriptToText } from './script-export';
import { useConfirm } from '../../components/confirm';
import { Field } from '../../components/Field';
import { copyText, downloadBlob } from '../../components/files';
import { formatDate } from '../../components/format';
import { Icon } from '../../components/Icon';
import { handleStudioError } from '../../components/request-errors';
import { Spinner } from '../../components/Spinner';
import { LoadingScreen, StatusScreen } from '../../components/StatusScreen';
import { EngineBadge } from './EngineBadge';

const ASPECT_FOR: Record<ScriptPlatform, NonNullable<CreateHandoff['aspect']>> = { youtube: '16:9', shorts: '9:16', square: '1:1' };

const contentOf = (record: ScriptRecord): ScriptContent => ({
  titles: record.titles,
  hook: record.hook,
  scenes: record.scenes,
  cta: record.cta,
  description: record.description,
  hashtags: record.hashtags,
});

const hashtagsFromText = (text: string): string[] =>
  text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((tag) => (tag.startsWith('#') ? tag : `#${tag}`));

function Editor({ record, onSaved }: { record: ScriptRecord; onSaved: (record: ScriptRecord) => void }) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<ScriptContent>(() => contentOf(record));
  const [hashtagText, setHashtagText] = useState(() => record.hashtags.join(' '));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const timed = useMemo(() => retimeScript(draft), [draft]);
  const saved = useMemo(() => JSON.stringify(contentOf(record)), [record]);
  const dirty = JSON.stringify({ ...draft, scenes: timed.scenes }) !== saved;

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const update = (patch: Partial<ScriptContent>, clear: string[] = []) => {
    setDraft((d) => ({ ...d, ...patch }));
    if (clear.length > 0) setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !clear.some((c) => k.startsWith(c)))));
  };
  const updateScene = (index: number, patch: Partial<ScriptContent['scenes'][number]>) =>
    update({ scenes: draft.scenes.map((s, i) => (i === index ? { ...s, ...patch } : s)) }, [`scenes.${index}`]);

  async function save() {
    const parsed = scriptContentSchema.safeParse(draft);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      toast.error('Please check the highlighted fields.');
      return;
    }
    setSaving(true);
    try {
      const updated = await api.put<ScriptRecord>(`/scripts/${record.id}`, parsed.data);
      onSaved(updated);
      setDraft(contentOf(updated));
      setErrors({});
      toast.success('Script saved.');
    } catch (error) {
      setErrors(handleStudioError(error));
    } finally {
      setSaving(false);
    }
  }

  function makeVideo() {
    const narration = scriptNarration(draft);
    if (!narration.trim()) {
      toast.error('Write some narration first.');
      return;
    }
    saveCreateHandoff({ script: narration, ...(draft.titles[0] ? { title: draft.titles[0] } : {}), aspect: ASPECT_FOR[record.request.platform], sourceId: record.id });
    navigate(CREATE_HANDOFF_URL);
  }

  const title = draft.titles[0] || record.request.topic;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <header className="grid gap-4">
        <Link to="/scripts" className="inline-flex items-center gap-1 text-sm text-fg-muted hover:text-fg">
          <Icon name="arrowLeft" className="size-4" /> All scripts
        </Link>
        <div className="grid gap-4">
          <div className="min-w-0">
            <h1 className="text-3xl font-bold tracking-tight text-fg">{title}</h1>
            <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-fg-muted">
              <EngineBadge label={record.engine.label} kind={record.engine.kind === 'llm' ? 'ai' : 'offline'} />
              <span>{PLATFORM_LABELS[record.request.platform]}</span>
              <span aria-hidden="true">·</span>
              <span>{TONE_LABELS[record.request.tone]}</span>
              <span aria-hidden="true">·</span>
              <span data-testid="script-duration">about {clockTime(timed.durationSec)}</span>
              <span aria-hidden="true">·</span>
              <time dateTime={record.createdAt}>{formatDate(record.createdAt)}</time>
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => void copyText(scriptToText(draft, record.request.platform), 'Script')}>
              Copy
            </button>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => downloadBlob(new Blob([scriptToText(draft, record.request.platform)], { type: 'text/plain;charset=utf-8' }), scriptFileName(title, 'txt'))}
            >
              Export text
            </button>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => downloadBlob(new Blob([scriptToSrt(draft)], { type: 'application/x-subrip;charset=utf-8' }), scriptFileName(title, 'srt'))}
            >
              Export SRT outline
            </button>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => void save()} disabled={!dirty || saving}>
              {saving ? <Spinner /> : null}
              {dirty ? 'Save changes' : 'Saved'}
            </button>
            <button type="button" className="btn btn-primary btn-sm" onClick={makeVideo}>
              <Icon name="video" className="size-4" /> Make a video
            </button>
          </div>
        </div>
      </header>

      <section className="card card-pad grid gap-3" aria-labelledby="titles-title">
        <h2 id="titles-title" className="text-lg font-semibold text-fg">
          Title options
        </h2>
        <p className="hint -mt-2">The first one is the script's main title.</p>
        {draft.titles.map((t, i) => (
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
            <li key={i} className="grid gap-3 rounded-xl border border-white/[0.08] bg-white/[0.03] p-4" data-testid="scene">
              <div className="flex items-center justify-between gap-2">
                <h3 className="font-semibold text-fg">
                  Scene {i + 1}{' '}
                  <span className="ml-2 text-sm font-normal text-fg-subtle">
                    {clockTime(scene.startSec)}–{clockTime(scene.endSec)}
                  </span>
                </h3>
                {draft.scenes.length > 1 ? (
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => update({ scenes: draft.scenes.filter((_, j) => j !== i) }, ['scenes'])}>
                    Remove scene
                  </button>
                ) : null}
              </div>
              <Field label={`Narration, scene ${i + 1}`} error={errors[`scenes.${i}.narration`]}>
                {(props) => (
                  <textarea
                    {...props}
                    className="input !min-h-24 [field-sizing:content]"
                    value={draft.scenes[i]!.narration}
                    maxLength={SCRIPT_CONTENT_LIMITS.narrationMax}
                    onChange={(e) => updateScene(i, { narration: e.target.value })}
                  />
                )}
              </Field>
              <Field label={`Visual cue, scene ${i + 1}`} error={errors[`scenes.${i}.visualCue`]}>
                {(props) => (
                  <input
                    {...props}
                    className="input"
                    value={draft.scenes[i]!.visualCue}
                    maxLength={SCRIPT_CONTENT_LIMITS.visualCueMax}
                    onChange={(e) => updateScene(i, { visualCue: e.target.value })}
                  />
                )}
              </Field>
            </li>
          ))}
        </ol>
        {errors.scenes ? <p className="field-error">{errors.scenes}</p> : null}
        {draft.scenes.length < SCRIPT_CONTENT_LIMITS.scenesMax ? (
          <button
            type="button"
            className="btn btn-ghost btn-sm justify-self-start"
            onClick={() => update({ scenes: [...draft.scenes, { narration: '', visualCue: '', startSec: 0, endSec: 0 }] })}
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
        <Field label="Hashtags" error={errors.hashtags ?? Object.entries(errors).find(([k]) => k.startsWith('hashtags.'))?.[1]} hint="Separated by spaces.">
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
    </div>
  );
}

export default function ScriptGeneration() {
  const { scriptId = '' } = useParams();
  const navigate = useNavigate();
  const [record, setRecord] = useState<ScriptRecord | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'missing' | 'error'>('loading');

  useEffect(() => {
    let active = true;
    setState('loading');
    api
      .get<ScriptRecord>(`/scripts/${encodeURIComponent(scriptId)}`)
      .then((r) => {
        if (!active) return;
        setRecord(r);
        setState('ready');
      })
      .catch((error: unknown) => {
        if (!active) return;
        if (error instanceof ApiError && error.status === 404) setState('missing');
        else {
          setState('error');
          notifyApiError(error);
        }
      });
    return () => {
      active = false;
    };
  }, [scriptId]);

  const confirm = useConfirm();
  const remove = (id: string) =>
    confirm.askDelete({
      title: 'Delete this script?',
      body: 'The script and its edits are removed for good.',
      path: `/scripts/${id}`,
      deleted: 'Script deleted.',
      onDeleted: () => navigate('/scripts'),
    });

  if (state === 'loading') return <LoadingScreen />;
  if (state === 'missing' || !record)
    return (
      <StatusScreen
        icon="script"
        title={state === 'missing' ? 'Script not found' : 'The script could not be loaded'}
        message={state === 'missing' ? 'It may have been deleted, or the link is wrong.' : 'Please check your connection and try again.'}
      >
        <Link to="/scripts" className="btn btn-secondary">
          Go to your scripts
        </Link>
      </StatusScreen>
    );
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <Editor key={record.id} record={record} onSaved={setRecord} />
      <div className="flex justify-end">
        <button type="button" className="btn btn-ghost btn-sm text-danger" onClick={() => remove(record.id)}>
          Delete this script
        </button>
      </div>
      {confirm.dialog}
    </div>
  );
}
