/**
 * The voice catalogue the pickers show: the static voices at once, then the API's merged list (GET /voices), which
 * adds the voices Azure, Google and ElevenLabs list for the server's keys, says which engines it can use and names
 * the voice forms start with (the best English one it has). Read once per page; a failure keeps the static list,
 * with every cloud voice marked unavailable and eSpeak's Olivia as the default.
 */
import { atom } from 'nanostores';
import { DEFAULT_VOICE_ID, VOICES, type VoiceCatalogueAnswer } from '~/contract/voices';
import { api } from '~/lib/api/client';

export const $voices = atom<VoiceCatalogueAnswer & { loaded: boolean }>({
  voices: [...VOICES],
  configured: {},
  defaultVoiceId: DEFAULT_VOICE_ID,
  loaded: false,
});

let loading: Promise<void> | undefined;

export function loadVoices(): Promise<void> {
  loading ??= api
    .get<VoiceCatalogueAnswer>('/voices')
    .then((answer) => $voices.set({ ...answer, loaded: true }))
    .catch((error: unknown) => {
      loading = undefined;
      console.error('Could not load the voice catalogue', error);
    });
  return loading;
}
