import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { useConfirm } from '~/app/components/confirm';
import { handleStudioError } from '~/app/components/request-errors';
import { LoadingScreen, StatusScreen } from '~/app/components/StatusScreen';
import { type FieldErrors, fieldErrors } from '~/contract/errors';
import {
  retimeScript,
  type ScriptContent,
  type ScriptPlatform,
  type ScriptRecord,
  scriptContentSchema,
  scriptNarration,
} from '~/contract/scripts';
import { ApiError, api } from '~/lib/api/client';
import { CREATE_HANDOFF_URL, type CreateHandoff, saveCreateHandoff } from '~/lib/create-handoff';
import { notifyApiError } from '~/lib/notify';
import { ScriptHeader } from './ScriptHeader';
import { Publishing, ScriptBody, TitleOptions, type UpdateDraft } from './ScriptSections';

const ASPECT_FOR: Record<ScriptPlatform, NonNullable<CreateHandoff['aspect']>> = {
  youtube: '16:9',
  shorts: '9:16',
  square: '1:1',
};

const contentOf = (record: ScriptRecord): ScriptContent => ({
  titles: record.titles,
  hook: record.hook,
  scenes: record.scenes,
  cta: record.cta,
  description: record.description,
  hashtags: record.hashtags,
});

/** The script's editor: a draft kept apart from the saved script (a warning before leaving with unsaved edits). */
function ScriptEditor({ record, onSaved }: { record: ScriptRecord; onSaved: (record: ScriptRecord) => void }) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<ScriptContent>(() => contentOf(record));
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

  const update: UpdateDraft = (patch, clear = []) => {
    setDraft((d) => ({ ...d, ...patch }));
    if (clear.length > 0)
      setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !clear.some((c) => k.startsWith(c)))));
  };

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
    saveCreateHandoff({
      script: narration,
      ...(draft.titles[0] ? { title: draft.titles[0] } : {}),
      aspect: ASPECT_FOR[record.request.platform],
      sourceId: record.id,
    });
    navigate(CREATE_HANDOFF_URL);
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <ScriptHeader
        record={record}
        draft={draft}
        durationSec={timed.durationSec}
        dirty={dirty}
        saving={saving}
        onSave={() => void save()}
        onMakeVideo={makeVideo}
      />
      <TitleOptions draft={draft} errors={errors} update={update} />
      <ScriptBody draft={draft} timed={timed} errors={errors} update={update} />
      <Publishing draft={draft} errors={errors} update={update} />
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
        message={
          state === 'missing'
            ? 'It may have been deleted, or the link is wrong.'
            : 'Please check your connection and try again.'
        }
      >
        <Link to="/scripts" className="btn btn-secondary">
          Go to your scripts
        </Link>
      </StatusScreen>
    );
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <ScriptEditor key={record.id} record={record} onSaved={setRecord} />
      <div className="flex justify-end">
        <button type="button" className="btn btn-ghost btn-sm text-danger" onClick={() => remove(record.id)}>
          Delete this script
        </button>
      </div>
      {confirm.dialog}
    </div>
  );
}
