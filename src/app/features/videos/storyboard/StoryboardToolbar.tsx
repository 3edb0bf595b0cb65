import { useEffect } from 'react';
import { Link } from 'react-router';
import { Icon } from '~/app/components/Icon';
import { Spinner } from '~/app/components/Spinner';
import { type SaveStatus, storyboardEditor } from './store';

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
export function useUndoShortcuts() {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || keepsItsUndo(event.target)) return;
      const key = event.key.toLowerCase();
      const redo = (key === 'z' && event.shiftKey) || (key === 'y' && !event.shiftKey);
      if (key !== 'z' && !redo) return;
      event.preventDefault();
      if (redo) storyboardEditor.redo();
      else storyboardEditor.undo();
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
        onClick={() => storyboardEditor.undo()}
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
        onClick={() => storyboardEditor.redo()}
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

/** Next to the title: whether the edits are saved, undo and redo, and the way to the summary and the last render. */
export function StoryboardToolbar({
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
