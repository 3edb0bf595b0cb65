import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { useAudioPreview } from '~/app/components/audio-preview';
import { handleStudioError } from '~/app/components/request-errors';
import { ScreenHeader } from '~/app/components/Screen';
import { type StoryboardScene, updateScene } from '~/contract/storyboard';
import { $account, refreshAccount } from '~/stores/account';
import { useRenderAvailability } from './RenderUnavailable';
import { removeScene, restoreScene, scenePicture, storyboardTotals } from './storyboard/model';
import { SceneList } from './storyboard/SceneList';
import { SettingsPanel } from './storyboard/SettingsPanel';
import { SaveAlerts, StoryboardNotLoaded } from './storyboard/StoryboardStatus';
import { StoryboardSummary } from './storyboard/StoryboardSummary';
import { StoryboardToolbar, useUndoShortcuts } from './storyboard/StoryboardToolbar';
import { storyboardEditor } from './storyboard/store';
import { type VisualChoice, VisualDialog } from './storyboard/visual/VisualDialog';

const editor = storyboardEditor;

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

/** Deleting asks nothing: the toast (and Undo) bring the scene back. */
function deleteScene(scene: StoryboardScene, index: number) {
  editor.editScenes((s) => removeScene(s, scene.id));
  toast(`Scene ${index + 1} deleted`, {
    action: { label: 'Undo', onClick: () => editor.editScenes((s) => restoreScene(s, scene, index)) },
  });
}

/** A scene's narration, played in the page: of the saved words, so what is typed is saved first. */
function useSceneNarration(storyboardId: string) {
  const narration = useAudioPreview({ inline: true });
  const [preparing, setPreparing] = useState<string | null>(null);

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

  const of = (sceneId: string) => ({
    playing: narration.state?.id === sceneId,
    loading: preparing === sceneId || (narration.state?.id === sceneId && narration.state.loading),
    error: narration.error?.id === sceneId ? narration.error.message : null,
  });
  return { listen, of };
}

/** Rendering the storyboard: not while this server cannot make videos; then on to the new video's page. */
function useStoryboardRender() {
  const navigate = useNavigate();
  const renderAvailability = useRenderAvailability();

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

  return { render, renderAvailability };
}

export default function AgentStoryboard() {
  const { storyboardId = '' } = useParams();
  const state = useStore(editor.$editor);
  const account = useStore($account);
  const narration = useSceneNarration(storyboardId);
  const [choosing, setChoosing] = useState<string | null>(null);
  /** Uploads of this visit known to be clips, before the server's answer names them (`clipFileIds`). */
  const [clips, setClips] = useState<ReadonlySet<string>>(new Set());
  const { render, renderAvailability } = useStoryboardRender();

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
          narrationOf={narration.of}
          edit={editor.editScenes}
          onDelete={deleteScene}
          onChangeVisual={setChoosing}
          onNarration={(sceneId) => void narration.listen(sceneId)}
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
