/** Short audio previews the API renders (voices, music tracks), played one at a time. */
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { api } from '~/lib/api/client';

const BUSY_MESSAGE = 'Too many previews in a short time. Wait a few seconds and try again.';

/**
 * One preview at a time, fetched from the API (signed in) and played; pressing the playing one again stops it.
 * A failure is a toast, or with `inline` the returned `error`, for screens that show it beside the button.
 */
export function useAudioPreview({ inline = false }: { inline?: boolean } = {}) {
  const [state, setState] = useState<{ id: string; loading: boolean } | null>(null);
  const [error, setError] = useState<{ id: string; message: string } | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);
  const stop = () => {
    audio.current?.pause();
    audio.current = null;
    setState(null);
    setError(null);
  };
  useEffect(() => () => audio.current?.pause(), []);

  async function toggle(id: string, path: string) {
    const same = state?.id === id;
    stop();
    if (same) return;
    setState({ id, loading: true });
    try {
      const response = await api.send(path);
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { error?: string };
        throw new Error(body.error ?? (response.status === 429 ? BUSY_MESSAGE : 'The preview could not be played.'));
      }
      const url = URL.createObjectURL(await response.blob());
      const element = new Audio(url);
      audio.current = element;
      element.onended = () => {
        URL.revokeObjectURL(url);
        setState((s) => (s?.id === id ? null : s));
      };
      setState((s) => (s?.id === id ? { id, loading: false } : s));
      await element.play();
    } catch (failure) {
      setState((s) => (s?.id === id ? null : s));
      const message = failure instanceof Error ? failure.message : 'The preview could not be played.';
      if (inline) setError({ id, message });
      else toast.error(message);
    }
  }
  return { state, error, toggle, stop };
}
