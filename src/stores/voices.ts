/**
 * The voice catalogue the pickers show: the static voices at once, then the API's merged list (GET /voices), which
 * adds the voices Azure, Google and ElevenLabs list for the server's keys and says which engines it can use. Read
 * once per page; a failure keeps the static list, with every cloud voice marked unavailable.
 */
import { atom } from 'nanostores';
import { VOICES, type VoiceCatalogueAnswer } from '~/contract/voices';
import { api } from '~/lib/api/client';

export const $voices = atom<VoiceCatalogueAnswer & { loaded: boolean }>({ voices: [...VOICES], configured: {}, loaded: false });

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
