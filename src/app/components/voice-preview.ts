/** The voice picker's talking parts: the catalogue with the engines the server can use, and the spoken previews. */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { Voice } from '~/contract/voices';
import { api } from '~/lib/api/client';
import { $voices, loadVoices } from '~/stores/voices';

/** The merged catalogue (static and live voices) and the engines the server can use; loads it on first use. */
export function useVoiceCatalogue() {
  const catalogue = useStore($voices);
  useEffect(() => {
    if (!catalogue.loaded) void loadVoices();
  }, [catalogue.loaded]);
  return catalogue;
}

/** How a preview is spoken; without it the engine's defaults. */
export interface PreviewSettings {
  speed: number;
  pitch: number;
}

/** GET /speech/voices/:id/preview, free and cached by the API. */
export const previewPath = (voice: Voice, settings?: PreviewSettings): string =>
  `/speech/voices/${encodeURIComponent(voice.id)}/preview${settings ? `?speed=${settings.speed}&pitch=${settings.pitch}` : ''}`;

/** One preview at a time; pressing the playing voice again stops it. */
export function useVoicePreview(settings?: PreviewSettings) {
  const [state, setState] = useState<{ id: string; loading: boolean } | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);
  const stop = () => {
    audio.current?.pause();
    audio.current = null;
    setState(null);
  };
  useEffect(() => () => audio.current?.pause(), []);

  async function toggle(voice: Voice) {
    const same = state?.id === voice.id;
    stop();
    if (same) return;
    setState({ id: voice.id, loading: true });
    try {
      const response = await api.send(previewPath(voice, settings));
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { error?: string };
        throw new Error(body.error ?? 'The preview could not be played.');
      }
      const url = URL.createObjectURL(await response.blob());
      const element = new Audio(url);
      audio.current = element;
      element.onended = () => {
        URL.revokeObjectURL(url);
        setState((s) => (s?.id === voice.id ? null : s));
      };
      setState((s) => (s?.id === voice.id ? { id: voice.id, loading: false } : s));
      await element.play();
    } catch (error) {
      setState((s) => (s?.id === voice.id ? null : s));
      toast.error(error instanceof Error ? error.message : 'The preview could not be played.');
    }
  }
  return { state, toggle };
}
