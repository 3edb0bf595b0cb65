/**
 * Keeping video records current while they are made: the API has the pipeline's real stage and progress on
 * GET /videos/:id, so the pages poll it until the video has finished (more slowly in a background tab).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { isUuid } from '~/contract/ids';
import { isVideoFinished, videoRecordSchema, type VideoRecord } from '~/contract/video';
import { isVideoRunning } from './model';
import { AllHostsFailedError, ApiError, api } from '~/lib/api/client';
import { notifyApiError } from '~/lib/notify';
import { refreshAccount } from '~/stores/account';

const POLL_MS = 1000;
const HIDDEN_POLL_MS = 5000;
const pollDelay = () => (typeof document !== 'undefined' && document.hidden ? HIDDEN_POLL_MS : POLL_MS);

export const fetchVideo = (id: string, signal?: AbortSignal): Promise<VideoRecord> =>
  api.get(`/videos/${encodeURIComponent(id)}`, { parse: (data) => videoRecordSchema.parse(data), ...(signal ? { signal } : {}) });

export type VideoState = { kind: 'loading' } | { kind: 'missing' } | { kind: 'error' } | { kind: 'ready'; video: VideoRecord };

/** One video, polled while it is queued or being made. `set` takes a record an action answered with. */
export function useVideo(id: string) {
  const [state, setState] = useState<VideoState>({ kind: 'loading' });
  const [tick, setTick] = useState(0);

  useEffect(() => {
    if (!isUuid(id)) {
      setState({ kind: 'missing' });
      return;
    }
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let settled = false;
    const load = async () => {
      try {
        const video = await fetchVideo(id, abort.signal);
        failures = 0;
        setState({ kind: 'ready', video });
        // Once finished, its held credits were charged or returned: the balance shown is read again (once per page,
        // since the page may have been away, or the server down, when it finished).
        if (isVideoFinished(video.status) && !settled) {
          settled = true;
          void refreshAccount();
        }
        if (!isVideoFinished(video.status)) timer = setTimeout(() => void load(), pollDelay());
      } catch (error) {
        if (abort.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) return setState({ kind: 'missing' });
        // A blip while polling keeps the last known state and tries again; a first load that fails says so.
        failures += 1;
        setState((s) => (s.kind === 'ready' ? s : { kind: 'error' }));
        if (failures === 1 && error instanceof AllHostsFailedError) notifyApiError(error);
        timer = setTimeout(() => void load(), Math.min(30_000, POLL_MS * 2 ** failures));
      }
    };
    void load();
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [id, tick]);

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
  const replaceRef = useRef(replace);
  replaceRef.current = replace;

  useEffect(() => {
    if (!key) return;
    const abort = new AbortController();
    const timer = setTimeout(async () => {
      const fresh = await Promise.all(key.split(',').map((id) => fetchVideo(id, abort.signal).catch(() => null)));
      if (!abort.signal.aborted) replaceRef.current(fresh.filter((v): v is VideoRecord => v !== null));
    }, pollDelay() * 2);
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
    // `items` changes identity on every replace, which is what schedules the next round.
  }, [key, items]);
}
