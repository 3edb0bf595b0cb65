import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { useAudioPreview } from '~/app/components/audio-preview';
import { Icon } from '~/app/components/Icon';
import { handleStudioError } from '~/app/components/request-errors';
import { ScreenHeader } from '~/app/components/Screen';
import { Spinner } from '~/app/components/Spinner';
import { brand } from '~/config/brand';
import { type StoryboardScene, updateScene } from '~/contract/storyboard';
import { $account, refreshAccount } from '~/stores/account';
import { useRenderAvailability } from './RenderUnavailable';
import { removeScene, restoreScene, scenePicture, storyboardTotals } from './storyboard/model';
import { SceneList } from './storyboard/SceneList';
import { SettingsPanel } from './storyboard/SettingsPanel';
import { StoryboardSummary } from './storyboard/StoryboardSummary';
import { type SaveStatus, type StoryboardEditorState, storyboardEditor } from './storyboard/store';
import { type VisualChoice, VisualDialog } from './storyboard/visual/VisualDialog';

const editor = storyboardEditor;
const DESCRIPTION = `Check each scene before ${brand.agentName} renders: edit the words, change the pictures, reorder, then render.`;

const SAVE_LABELS: Record<SaveStatus, string> = {
  saved: 'All changes saved',
  pending: 'Unsaved changes',
  saving: 'Saving…',
  conflict: 'Not saved: changed elsewhere',
  invalid: 'Not saved: check the highlighted scenes',
  failed: 'Not saved',
};

function SaveIndicator({ status }: { status: SaveStatus }) {
  const tone =
    status === 'saved'
      ? 'text-success'
      : status === 'pending' || status === 'saving'
        ? 'text-fg-muted'
        : 'text-warning';
  return (
    <span
      className={`inline-flex items-center gap-1.5 text-sm ${tone}`}
      role="status"
      aria-live="polite"
      data-testid="save-status"
    >
      {status === 'saving' ? (
        <Spinner className="size-3.5" />
      ) : (
        <Icon name={status === 'saved' ? 'check' : status === 'pending' ? 'clock' : 'alert'} className="size-4" />
      )}
      {SAVE_LABELS[status]}
    </span>
  );
}

/** Inside a text field Ctrl+Z is the field's own undo of what was typed there, and a dialog keeps its keys. */
const keepsItsUndo = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    (target instanceof HTMLInputElement && !['checkbox', 'radio', 'range', 'button'].includes(target.type)) ||
    target.closest('[role="dialog"], dialog') !== null);

/** Ctrl+Z (⌘Z) steps back through the storyboard's edits; Ctrl+Shift+Z or Ctrl+Y steps forward again. */
function useUndoShortcuts() {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || keepsItsUndo(event.target)) return;
      const key = event.key.toLowerCase();
      const redo = (key === 'z' && event.shiftKey) || (key === 'y' && !event.shiftKey);
      if (key !== 'z' && !redo) return;
      event.preventDefault();
      if (redo) editor.redo();
      else editor.undo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

function UndoButtons({ canUndo, canRedo }: { canUndo: boolean; canRedo: boolean }) {
  return (
    <div className="flex items-center gap-1">
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        onClick={() => editor.undo()}
        disabled={!canUndo}
        title="Undo (Ctrl+Z)"
        aria-keyshortcuts="Control+Z Meta+Z"
      >
        <Icon name="undo" className="size-4" />
        Undo
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        onClick={() => editor.redo()}
        disabled={!canRedo}
        title="Redo (Ctrl+Shift+Z)"
        aria-keyshortcuts="Control+Shift+Z Control+Y Meta+Shift+Z"
      >
        <Icon name="redo" className="size-4" />
        Redo
      </button>
    </div>
  );
}

const scenePath = (id: string, sceneId: string, what: 'narration' | 'preview') =>
  `/storyboards/${encodeURIComponent(id)}/scenes/${encodeURIComponent(sceneId)}/${what}`;

/** Leaving the page (reload, close, another site) while an edit is not saved yet asks first. */
function useLeaveWarning(unsaved: boolean) {
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
}

/** While the storyboard loads, or when it cannot be shown. */
function StoryboardNotLoaded({ phase, onRetry }: { phase: StoryboardEditorState['phase']; onRetry: () => void }) {
  return (
    <div className="grid gap-8">
      <ScreenHeader icon="video" title="Storyboard" description={DESCRIPTION} />
      {phase === 'missing' || phase === 'error' ? (
        <section className="card card-pad grid justify-items-start gap-3" aria-labelledby="missing-title">
          <h2 id="missing-title" className="text-lg font-semibold text-fg">
            {phase === 'missing' ? 'Storyboard not found' : "The storyboard couldn't be loaded"}
          </h2>
          <p className="text-fg-muted">
            {phase === 'missing'
              ? 'It may have been deleted, or the link may belong to someone else.'
              : 'Check your connection and try again.'}
          </p>
          <div className="flex flex-wrap gap-2">
            {phase === 'error' ? (
              <button type="button" className="btn btn-primary btn-sm" onClick={onRetry}>
                <Icon name="refresh" className="size-4" />
                Try again
              </button>
            ) : null}
            <Link to="/history" className="btn btn-secondary btn-sm">
              <Icon name="history" className="size-4" />
              Your videos
            </Link>
          </div>
        </section>
      ) : (
        <p className="flex items-center gap-2 text-fg-muted" role="status">
          <Spinner /> Loading the storyboard…
        </p>
      )}
    </div>
  );
}

/** What stops the edits from being saved: another tab's newer version, a failed save, or a refused setting. */
function SaveAlerts({
  save,
  problem,
  otherErrors,
}: {
  save: SaveStatus;
  problem: string | null;
  otherErrors: [string, string][];
}) {
  return (
    <>
      {save === 'conflict' ? (
        <section
          className="flex flex-wrap items-center gap-3 rounded-xl border border-warning/30 bg-warning/10 px-4 py-3 text-sm text-warning"
          role="alert"
        >
          <Icon name="alert" className="size-5 shrink-0" />
          <p className="min-w-0 flex-1">
            This storyboard was changed in another tab or on another device. Reload it to carry on from that version;
            the edits made here since are not saved.
          </p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void editor.reload()}>
            <Icon name="refresh" className="size-4" />
            Reload
          </button>
        </section>
      ) : null}
      {save === 'failed' ? (
        <section
          className="flex flex-wrap items-center gap-3 rounded-xl border border-warning/30 bg-warning/10 px-4 py-3 text-sm text-warning"
          role="alert"
        >
          <Icon name="wifiOff" className="size-5 shrink-0" />
          <p className="min-w-0 flex-1">Your last changes are not saved. {problem}</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void editor.retry()}>
            <Icon name="refresh" className="size-4" />
            Try again
          </button>
        </section>
      ) : null}
      {otherErrors.length > 0 ? (
        <ul
          className="grid gap-1 rounded-xl border border-danger/30 bg-danger/10 px-4 py-3 text-sm text-danger"
          role="alert"
        >
          {otherErrors.map(([path, message]) => (
            <li key={path}>{message}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** Next to the title: whether the edits are saved, undo and redo, and the way to the summary and the last render. */
function StoryboardToolbar({
  save,
  canUndo,
  canRedo,
  scenes,
  cost,
  videoId,
}: {
  save: SaveStatus;
  canUndo: boolean;
  canRedo: boolean;
  scenes: number;
  cost: number;
  videoId: string | null;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <SaveIndicator status={save} />
      <UndoButtons canUndo={canUndo} canRedo={canRedo} />
      {/* On a phone the summary and the render button come after the scenes. */}
      <button
        type="button"
        className="btn btn-secondary btn-sm lg:hidden"
        onClick={() =>
          document.getElementById('storyboard-summary')?.scrollIntoView({ behavior: 'smooth', block: 'start' })
        }
      >
        {scenes} scenes · {cost} credits
        <Icon name="chevronDown" className="size-4" />
      </button>
      {videoId ? (
        <Link to={`/nxn-agent/video/${videoId}`} className="btn btn-secondary btn-sm">
          <Icon name="video" className="size-4" />
          Last render
        </Link>
      ) : null}
    </div>
  );
}

export default function AgentStoryboard() {
  const { storyboardId = '' } = useParams();
  const navigate = useNavigate();
  const state = useStore(editor.$editor);
  const account = useStore($account);
  const narration = useAudioPreview({ inline: true });
  const [preparing, setPreparing] = useState<string | null>(null);
  const [choosing, setChoosing] = useState<string | null>(null);
  /** Uploads of this visit known to be clips, before the server's answer names them (`clipFileIds`). */
  const [clips, setClips] = useState<ReadonlySet<string>>(new Set());
  const renderAvailability = useRenderAvailability();

  useEffect(() => {
    void editor.open(storyboardId);
    void refreshAccount();
    return () => editor.close();
  }, [storyboardId]);

  useUndoShortcuts();
  useLeaveWarning(state.save === 'pending' || state.save === 'saving');

  if (state.phase !== 'ready' || !state.saved || !state.settings || state.id !== storyboardId) {
    return <StoryboardNotLoaded phase={state.phase} onRetry={() => void editor.open(storyboardId)} />;
  }

  const { saved, scenes, settings, errors } = state;
  const totals = storyboardTotals(scenes, saved.scenes, settings.resolution);
  // The server prices what is saved; while an edit is on its way the same rule runs here.
  const cost = state.save === 'saved' ? saved.cost : totals.cost;
  const edit = (fn: (scenes: readonly StoryboardScene[]) => StoryboardScene[]) => editor.editScenes(fn);
  const chosen = scenes.find((s) => s.id === choosing);

  async function listen(sceneId: string) {
    if (narration.state?.id === sceneId) return narration.stop();
    setPreparing(sceneId);
    // The narration is of the saved words: what is typed is saved first.
    const ready = await editor.flush();
    setPreparing(null);
    if (ready) {
      await narration.toggle(sceneId, scenePath(storyboardId, sceneId, 'narration'));
      // Narrating measured the scene: its real length replaces the estimate.
      void editor.refreshFigures();
    } else toast.error('Save the storyboard first: fix what is highlighted or reload it.');
  }

  async function render() {
    if (renderAvailability.availability?.ready === false) return;
    try {
      const video = await editor.render();
      if (!video) {
        if (editor.$editor.get().save !== 'saved')
          toast.error('The storyboard is not saved yet, so it cannot be rendered. See the message at the top.');
        return;
      }
      void refreshAccount();
      navigate(`/nxn-agent/video/${video.id}`);
    } catch (error) {
      renderAvailability.refresh();
      handleStudioError(error);
    }
  }

  /** Deleting asks nothing: the toast (and Undo) bring the scene back. */
  function remove(scene: StoryboardScene, index: number) {
    edit((s) => removeScene(s, scene.id));
    toast(`Scene ${index + 1} deleted`, {
      action: { label: 'Undo', onClick: () => edit((s) => restoreScene(s, scene, index)) },
    });
  }

  function pick(sceneId: string, choice: VisualChoice) {
    if (choice.clip && choice.visual.kind === 'upload')
      setClips((current) => new Set(current).add((choice.visual as { fileId: string }).fileId));
    edit((s) => updateScene(s, sceneId, { visual: choice.visual, ...(choice.query ? { query: choice.query } : {}) }));
    setChoosing(null);
  }

  return (
    <div className="grid gap-6">
      <ScreenHeader icon="video" title="Storyboard" description={saved.title}>
        <StoryboardToolbar
          save={state.save}
          canUndo={state.canUndo}
          canRedo={state.canRedo}
          scenes={totals.scenes}
          cost={cost}
          videoId={saved.videoId}
        />
      </ScreenHeader>

      <SaveAlerts save={state.save} problem={state.problem} otherErrors={Object.entries(errors.other)} />

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <SceneList
          scenes={scenes}
          saved={saved}
          clips={clips}
          errors={errors.scenes}
          aspect={settings.aspect}
          previewPath={(sceneId) => scenePath(storyboardId, sceneId, 'preview')}
          narrationOf={(sceneId) => ({
            playing: narration.state?.id === sceneId,
            loading: preparing === sceneId || (narration.state?.id === sceneId && narration.state.loading),
            error: narration.error?.id === sceneId ? narration.error.message : null,
          })}
          edit={editor.editScenes}
          onDelete={remove}
          onChangeVisual={setChoosing}
          onNarration={(sceneId) => void listen(sceneId)}
        />

        <aside className="grid gap-4 lg:sticky lg:top-24">
          <StoryboardSummary
            totals={totals}
            cost={cost}
            balance={account ? account.credits.balance : null}
            resolution={settings.resolution}
            availability={renderAvailability.availability}
            rendering={state.rendering}
            blocked={state.save === 'conflict' || renderAvailability.availability?.ready === false}
            onRender={() => void render()}
          />
          <SettingsPanel settings={settings} errors={errors.other} onChange={editor.editSettings} />
        </aside>
      </div>

      {chosen ? (
        <VisualDialog
          scene={chosen}
          number={scenes.indexOf(chosen) + 1}
          aspect={settings.aspect}
          picture={scenePicture(chosen, saved.scenes, true)}
          visualOrder={saved.settings.visualOrder}
          onPick={(choice) => pick(chosen.id, choice)}
          onClose={() => setChoosing(null)}
        />
      ) : null}
    </div>
  );
}
