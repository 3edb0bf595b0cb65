/** One scene of the storyboard: its words, picture, length, narration preview, transition and the scene edits. */
import { useId, useRef } from 'react';
import { Icon } from '~/app/components/Icon';
import { Spinner } from '~/app/components/Spinner';
import {
  SCENE_TRANSITION_LABELS,
  SCENE_TRANSITIONS,
  type SceneTransition,
  STORYBOARD_LIMITS,
  type StoryboardScene,
} from '~/contract/storyboard';
import type { ScenePicture } from '~/contract/video';
import { formatSceneSeconds, pictureText, type SceneLength } from './model';
import { ScenePreview } from './ScenePreview';

export interface SceneCardProps {
  scene: StoryboardScene;
  index: number;
  count: number;
  length: SceneLength;
  /** What the server said the picture will be, or null while a new choice is not saved yet. */
  picture: ScenePicture | null;
  /** The preview's address, or null while the scene is not saved yet; `previewVersion` changes fetch it again. */
  previewPath: string | null;
  previewVersion: string;
  aspect: string;
  clip: boolean;
  errors: Record<string, string> | undefined;
  narration: { playing: boolean; loading: boolean; error: string | null };
  onText: (text: string) => void;
  onTransition: (transition: SceneTransition) => void;
  onSplit: (at: number) => void;
  onMerge: () => void;
  onMove: (by: -1 | 1) => void;
  onDelete: () => void;
  onChangeVisual: () => void;
  onNarration: () => void;
  /** Drag and drop: where a dragged scene lands. */
  onDropScene: (draggedId: string) => void;
}

const DRAG_TYPE = 'application/x-nxn-scene';

export function SceneCard(props: SceneCardProps) {
  const { scene, index, count, errors } = props;
  const number = index + 1;
  const textId = useId();
  const visualError = Object.entries(errors ?? {}).find(([key]) => key.startsWith('visual'))?.[1];
  const pictureWords = `${pictureText(scene.visual, props.picture)}${scene.visual.kind === 'upload' && props.clip ? (scene.visual.audio === 'duck' ? ', sound under the voice' : ', muted') : ''}`;

  return (
    <li
      className="card grid gap-3 p-3 sm:p-4"
      data-testid="scene"
      aria-labelledby={`${textId}-title`}
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes(DRAG_TYPE)) e.preventDefault();
      }}
      onDrop={(e) => {
        const dragged = e.dataTransfer.getData(DRAG_TYPE);
        if (dragged && dragged !== scene.id) {
          e.preventDefault();
          props.onDropScene(dragged);
        }
      }}
    >
      <SceneHeader
        sceneId={scene.id}
        textId={textId}
        index={index}
        count={count}
        length={props.length}
        onMove={props.onMove}
        onDelete={props.onDelete}
      />

      <div className="grid gap-3 sm:grid-cols-[13rem_minmax(0,1fr)]">
        <div className="grid min-w-0 content-start gap-2">
          <ScenePreview
            path={props.previewPath}
            version={props.previewVersion}
            aspect={props.aspect}
            clip={props.clip}
            label={`Scene ${number}: ${pictureWords}`}
          />
          <p className="min-w-0 break-words text-xs text-fg-muted" data-testid="scene-visual">
            {pictureWords}
          </p>
          <button
            type="button"
            className="btn btn-secondary btn-sm !min-h-9 justify-self-start"
            onClick={props.onChangeVisual}
            aria-label={`Change visual of scene ${number}`}
          >
            <Icon name="image" className="size-4" />
            Change
          </button>
          {visualError ? (
            <p className="field-error" role="alert">
              {visualError}
            </p>
          ) : null}
        </div>

        <SceneWords {...props} textId={textId} />
      </div>
    </li>
  );
}

/** The drag handle, the scene's number and length, and moving or deleting it. */
function SceneHeader({
  sceneId,
  textId,
  index,
  count,
  length,
  onMove,
  onDelete,
}: Pick<SceneCardProps, 'index' | 'count' | 'length' | 'onMove' | 'onDelete'> & { sceneId: string; textId: string }) {
  const number = index + 1;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span
        className="cursor-grab text-fg-subtle active:cursor-grabbing"
        draggable
        onDragStart={(e) => {
          e.dataTransfer.setData(DRAG_TYPE, sceneId);
          e.dataTransfer.effectAllowed = 'move';
        }}
        title="Drag to reorder"
        aria-hidden="true"
      >
        <Icon name="menu" className="size-4" />
      </span>
      <h3 id={`${textId}-title`} className="font-semibold text-fg">
        Scene {number}
      </h3>
      <span id={`${textId}-length`} className="text-xs tabular-nums text-fg-subtle" data-testid="scene-length">
        {length.narratedSec === null
          ? `about ${formatSceneSeconds(length.estimatedSec)}`
          : `${formatSceneSeconds(length.narratedSec)} narrated`}
      </span>
      <span className="ml-auto flex items-center gap-1">
        <button
          type="button"
          className="btn btn-ghost btn-sm !min-h-9 !px-2"
          onClick={() => onMove(-1)}
          disabled={index === 0}
          aria-label={`Move scene ${number} up`}
        >
          <Icon name="chevronDown" className="size-4 rotate-180" />
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm !min-h-9 !px-2"
          onClick={() => onMove(1)}
          disabled={index === count - 1}
          aria-label={`Move scene ${number} down`}
        >
          <Icon name="chevronDown" className="size-4" />
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm !min-h-9 !px-2 text-fg-subtle hover:!text-danger"
          onClick={onDelete}
          disabled={count === 1}
          aria-label={`Delete scene ${number}`}
        >
          <Icon name="trash" className="size-4" />
        </button>
      </span>
    </div>
  );
}

/** The scene's words with listening, splitting and merging, and the transition into it. */
function SceneWords({
  scene,
  index,
  count,
  errors,
  narration,
  textId,
  onText,
  onTransition,
  onSplit,
  onMerge,
  onNarration,
}: SceneCardProps & { textId: string }) {
  const number = index + 1;
  const text = useRef<HTMLTextAreaElement>(null);
  const textError = errors?.['text'] ?? errors?.['_'];
  const transitionError = errors?.['transition'];
  const describedBy = [`${textId}-length`, textError ? `${textId}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="grid min-w-0 content-start gap-2">
      <label htmlFor={textId} className="sr-only">
        Scene {number} text
      </label>
      <textarea
        ref={text}
        id={textId}
        className="input !min-h-28 text-[0.9375rem]"
        value={scene.text}
        maxLength={STORYBOARD_LIMITS.maxSceneChars}
        aria-invalid={Boolean(textError)}
        aria-describedby={describedBy}
        onChange={(e) => onText(e.target.value)}
      />
      {textError ? (
        <p id={`${textId}-error`} className="field-error" role="alert">
          {textError}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-1.5">
        <button
          type="button"
          className="btn btn-secondary btn-sm !min-h-9"
          onClick={onNarration}
          aria-pressed={narration.playing}
          aria-label={narration.playing ? `Stop narration of scene ${number}` : `Listen to scene ${number}`}
          aria-busy={narration.loading}
        >
          {narration.loading ? <Spinner /> : <Icon name={narration.playing ? 'stop' : 'play'} className="size-4" />}
          {narration.playing ? 'Stop' : 'Listen'}
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm !min-h-9"
          onClick={() => onSplit(text.current?.selectionStart ?? 0)}
          aria-label={`Split at cursor, scene ${number}`}
        >
          Split at cursor
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm !min-h-9"
          onClick={onMerge}
          disabled={index === count - 1}
          aria-label={`Merge with next, scene ${number}`}
        >
          Merge with next
        </button>
      </div>
      {narration.error ? (
        <p className="field-error" role="alert">
          {narration.error}
        </p>
      ) : null}
      {index > 0 ? (
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={`${textId}-transition`} className="text-xs text-fg-muted">
            Transition into scene {number}
          </label>
          <select
            id={`${textId}-transition`}
            className="input !min-h-9 !w-auto !py-1 text-sm"
            value={scene.transition}
            aria-invalid={Boolean(transitionError)}
            onChange={(e) => onTransition(e.target.value as SceneTransition)}
          >
            {SCENE_TRANSITIONS.map((t) => (
              <option key={t} value={t}>
                {SCENE_TRANSITION_LABELS[t]}
              </option>
            ))}
          </select>
          {transitionError ? <span className="field-error">{transitionError}</span> : null}
        </div>
      ) : null}
    </div>
  );
}
