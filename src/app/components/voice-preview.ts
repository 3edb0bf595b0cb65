/** The voice picker's talking parts: the catalogue with the engines the server can use, and the spoken previews. */
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import type { Voice } from '~/contract/voices';
import { $voices, loadVoices } from '~/stores/voices';
import { useAudioPreview } from './audio-preview';

/** The merged catalogue (static and live voices) and the engines the server can use; loads it on first use. */
export function useVoiceCatalogue() {
  const catalogue = useStore($voices);
  useEffect(() => {
    if (!catalogue.loaded) void loadVoices();
  }, [catalogue.loaded]);
  return catalogue;
}

/**
 * A form's voice starts on the catalogue's default (the best English voice the server has) once the API has named
 * it, unless the user picked one first. `setVoiceId` sets the form's voice; call the returned function for the
 * user's own choice.
 */
export function useDefaultVoice(setVoiceId: (id: string) => void): (id: string) => void {
  const chosen = useRef(false);
  const { loaded, defaultVoiceId } = useVoiceCatalogue();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the default is set once, when the catalogue loads; the caller's setter may be a new function each render
  useEffect(() => {
    if (loaded && !chosen.current) setVoiceId(defaultVoiceId);
  }, [loaded, defaultVoiceId]);
  return (id) => {
    chosen.current = true;
    setVoiceId(id);
  };
}

/** How a preview is spoken; without it the engine's defaults. */
export interface PreviewSettings {
  speed: number;
  pitch: number;
}

/** GET /speech/voices/:id/preview, free and cached by the API. */
export const previewPath = (voice: Voice, settings?: PreviewSettings): string =>
  `/speech/voices/${encodeURIComponent(voice.id)}/preview${settings ? `?speed=${settings.speed}&pitch=${settings.pitch}` : ''}`;

/** One voice's preview at a time; pressing the playing voice again stops it. */
export function useVoicePreview(settings?: PreviewSettings) {
  const player = useAudioPreview();
  return { state: player.state, toggle: (voice: Voice) => player.toggle(voice.id, previewPath(voice, settings)) };
}
