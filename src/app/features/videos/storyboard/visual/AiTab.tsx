/** The AI image tab: a prompt for the image engine, and Regenerate with a new seed. */
import { useId, useState } from 'react';
import { STORYBOARD_LIMITS, type StoryboardScene } from '~/contract/storyboard';
import { Icon } from '../../../../components/Icon';
import { nextSeed } from '../model';
import type { VisualChoice } from './choice';

export function AiTab({ scene, onPick }: { scene: StoryboardScene; onPick: (choice: VisualChoice) => void }) {
  const current = scene.visual.kind === 'ai' ? scene.visual : null;
  const [prompt, setPrompt] = useState(current?.prompt || scene.query || scene.text);
  const promptId = useId();
  const usable = prompt.trim().length > 0;
  return (
    <div className="grid gap-3">
      <div className="field">
        <label htmlFor={promptId} className="label">
          Describe the image
        </label>
        <textarea
          id={promptId}
          className="input !min-h-24"
          value={prompt}
          maxLength={STORYBOARD_LIMITS.maxPromptChars}
          onChange={(e) => setPrompt(e.target.value)}
          aria-describedby={`${promptId}-hint`}
        />
        <p id={`${promptId}-hint`} className="hint">
          Made by the image engine this workspace is set up with; where there is none, the scene falls back to a
          designed background.
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={!usable}
          onClick={() => onPick({ visual: { kind: 'ai', prompt: prompt.trim(), seed: current?.seed ?? 0 } })}
        >
          <Icon name="sparkles" className="size-4" />
          Use this prompt
        </button>
        {current ? (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={!usable}
            onClick={() => onPick({ visual: { kind: 'ai', prompt: prompt.trim(), seed: nextSeed(current.seed) } })}
          >
            <Icon name="refresh" className="size-4" />
            Regenerate
          </button>
        ) : null}
      </div>
    </div>
  );
}
