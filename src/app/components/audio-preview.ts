/** Short audio previews the API renders (voices, music tracks), played one at a time. */
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { api } from '~/lib/api/client';

/** One preview at a time, fetched from the API (signed in) and played; pressing the playing one again stops it. */
export function useAudioPreview() {
  const [state, setState] = useState<{ id: string; loading: boolean } | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);
  const stop = () => {
    audio.current?.pause();
    audio.current = null;
    setState(null);
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
        throw new Error(body.error ?? 'The preview could not be played.');
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
    } catch (error) {
      setState((s) => (s?.id === id ? null : s));
      toast.error(error instanceof Error ? error.message : 'The preview could not be played.');
    }
  }
  return { state, toggle };
}
