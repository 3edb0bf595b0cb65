/** The AI image tab: a prompt for the image engine, and Regenerate with a new seed. */
import { useId, useState } from 'react';
import { Icon } from '~/app/components/Icon';
import { STORYBOARD_LIMITS, type StoryboardScene } from '~/contract/storyboard';
import { nextSeed } from '../model';
import type { VisualChoice } from './choice';

const ENGINE_NAMES: Record<string, string> = { openai: 'OpenAI', fal: 'FLUX on fal.ai' };

/** Only shown when the server has an image model: a server without one shows MissingSource.tsx instead. */
export function AiTab({
  scene,
  engine,
  onPick,
}: {
  scene: StoryboardScene;
  /** The server's image model, once it has said; null until then. */
  engine: string | null;
  onPick: (choice: VisualChoice) => void;
}) {
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
          {`Made by ${engine ? `${ENGINE_NAMES[engine] ?? engine}, ` : ''}the image model this server is connected to. Regenerate draws another image from the same words.`}
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
