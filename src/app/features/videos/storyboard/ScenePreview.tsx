/**
 * A scene's picture as the render will use it (GET .../preview, a JPEG the API makes from the saved visual). The
 * request carries the user's token, so the image is fetched and shown from memory rather than linked.
 */
import { useEffect, useState } from 'react';
import { Icon } from '~/app/components/Icon';
import { Spinner } from '~/app/components/Spinner';
import { api } from '~/lib/api/client';

type PreviewState =
  | { kind: 'waiting' }
  | { kind: 'loading' }
  | { kind: 'ready'; url: string }
  | { kind: 'failed'; message: string };

/** `path` null: the scene is not saved yet, so there is nothing to ask for. A new `version` fetches again. */
function usePreviewImage(path: string | null, version: string): PreviewState {
  const [state, setState] = useState<PreviewState>({ kind: 'waiting' });
  /** Bumped to ask again after the server's rate limit (new pictures per minute) has passed. */
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version and attempt are triggers: a new picture version, or a retry after the rate limit
  useEffect(() => {
    if (!path) {
      setState({ kind: 'waiting' });
      return;
    }
    const abort = new AbortController();
    let url: string | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    setState((s) => (s.kind === 'ready' ? s : { kind: 'loading' }));
    void (async () => {
      try {
        const response = await api.send(path, { signal: abort.signal });
        if (!response.ok) {
          const body = (await response.json().catch(() => ({}))) as { error?: string };
          if (response.status === 429) {
            // A long storyboard asks for many new pictures at once; the rest come as the limit allows.
            const wait = Math.min(60, Math.max(1, Number(response.headers.get('retry-after')) || 10));
            retry = setTimeout(() => setAttempt((n) => n + 1), wait * 1000);
          }
          throw new Error(body.error ?? 'The preview could not be made.');
        }
        url = URL.createObjectURL(await response.blob());
        if (!abort.signal.aborted) setState({ kind: 'ready', url });
      } catch (error) {
        if (!abort.signal.aborted)
          setState({
            kind: 'failed',
            message: error instanceof Error ? error.message : 'The preview could not be made.',
          });
      }
    })();
    return () => {
      abort.abort();
      clearTimeout(retry);
      // The next image replaces this one; the old one's memory goes once it is off screen.
      const old = url;
      if (old) setTimeout(() => URL.revokeObjectURL(old), 1000);
    };
  }, [path, version, attempt]);
  return state;
}

export function ScenePreview({
  path,
  version,
  label,
  clip,
  aspect,
}: {
  path: string | null;
  version: string;
  label: string;
  clip: boolean;
  aspect: string;
}) {
  const state = usePreviewImage(path, version);
  return (
    <div
      className="relative overflow-hidden rounded-xl border border-white/10 bg-ink-900"
      style={{ aspectRatio: aspect.replace(':', ' / ') }}
      data-testid="scene-preview"
    >
      {state.kind === 'ready' ? (
        <img src={state.url} alt={label} className="size-full object-cover" data-testid="scene-preview-image" />
      ) : (
        <span
          className="grid size-full place-items-center p-3 text-center text-xs text-fg-subtle"
          role={state.kind === 'failed' ? 'alert' : 'status'}
        >
          {state.kind === 'failed' ? (
            <span className="grid justify-items-center gap-1">
              <Icon name="alert" className="size-5 text-warning" />
              {state.message}
            </span>
          ) : state.kind === 'waiting' ? (
            'Saving…'
          ) : (
            <>
              <Spinner className="size-5" />
              <span className="sr-only">Loading the preview</span>
            </>
          )}
        </span>
      )}
      {clip ? (
        <span
          className="absolute left-2 top-2 inline-flex items-center gap-1 rounded-md bg-ink-950/85 px-1.5 py-0.5 text-[0.6875rem] font-semibold text-fg"
          data-testid="clip-badge"
        >
          <Icon name="video" className="size-3.5" />
          Clip
        </span>
      ) : null}
    </div>
  );
}
