/**
 * Keeping video records current while they are made: the API has the pipeline's real stage and progress on
 * GET /videos/:id, so the pages poll it until the video has finished.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { isUuid } from '~/contract/ids';
import { isVideoFinished, type VideoRecord, videoRecordSchema } from '~/contract/video';
import { AllHostsFailedError, ApiError, api } from '~/lib/api/client';
import { notifyApiError } from '~/lib/notify';
import { usePolling } from '~/lib/polling';
import { refreshAccount } from '~/stores/account';
import { isVideoRunning } from './model';

const POLL_MS = 1000;

export const fetchVideo = (id: string, signal?: AbortSignal): Promise<VideoRecord> =>
  api.get(`/videos/${encodeURIComponent(id)}`, {
    parse: (data) => videoRecordSchema.parse(data),
    ...(signal ? { signal } : {}),
  });

export type VideoState =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'error' }
  | { kind: 'ready'; video: VideoRecord };

/** One video, polled while it is queued or being made. `set` takes a record an action answered with. */
export function useVideo(id: string) {
  const [state, setState] = useState<VideoState>({ kind: 'loading' });
  const [tick, setTick] = useState(0);
  const valid = isUuid(id);
  const following = valid ? `${id}:${tick}` : null;
  /** The polling (video and restart) whose finish has been told to the balance. */
  const settled = useRef<string | null>(null);

  useEffect(() => {
    if (!valid) setState({ kind: 'missing' });
  }, [valid]);

  usePolling(
    following,
    async (signal) => {
      const video = await fetchVideo(id, signal);
      setState({ kind: 'ready', video });
      const finished = isVideoFinished(video.status);
      // Once finished, its held credits were charged or returned: the balance shown is read again (once per page,
      // since the page may have been away, or the server down, when it finished).
      if (finished && settled.current !== following) {
        settled.current = following;
        void refreshAccount();
      }
      return !finished;
    },
    {
      intervalMs: POLL_MS,
      onError: (error, failures) => {
        if (error instanceof ApiError && error.status === 404) {
          setState({ kind: 'missing' });
          return false;
        }
        // A blip while polling keeps the last known state and tries again; a first load that fails says so.
        setState((s) => (s.kind === 'ready' ? s : { kind: 'error' }));
        if (failures === 1 && error instanceof AllHostsFailedError) notifyApiError(error);
        return true;
      },
    },
  );

  const set = useCallback((video: VideoRecord) => {
    setState({ kind: 'ready', video });
    // Restart polling when an action (retry) made it unfinished again.
    if (!isVideoFinished(video.status)) setTick((t) => t + 1);
  }, []);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { state, set, reload };
}

/** For lists: polls each unfinished video in `items` and hands fresh records to `replace`. */
export function useLiveVideos(items: readonly VideoRecord[], replace: (videos: VideoRecord[]) => void) {
  const unfinished = items.filter((v) => isVideoRunning(v.status)).map((v) => v.id);
  const key = unfinished.join(',');

  usePolling(
    key || null,
    async (signal) => {
      const fresh = await Promise.all(unfinished.map((id) => fetchVideo(id, signal).catch(() => null)));
      if (!signal.aborted) replace(fresh.filter((v): v is VideoRecord => v !== null));
    },
    { intervalMs: 2 * POLL_MS, immediate: false },
  );
}
