/**
 * The voice catalogue through the real API and worker: GET /voices merges the live Azure list (from a local server
 * speaking Azure's protocol) with the static voices, requests are checked against that same list, and the worker
 * reads a chosen Azure voice into a finished recording.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNUP_GRANT } from '~/contract/pricing';
import { DEFAULT_VOICE_ID, VOICES } from '~/contract/voices';
import { startTtsCloud, type TtsCloud } from '../support/tts-clouds';
import { apiSuite, until } from './support/api-suite';

const suite = apiSuite('voices', (_req, res) => res.writeHead(404).end());
const { signedUp, balance } = suite;

let azure: TtsCloud;
beforeAll(async () => {
  azure = await startTtsCloud('azure', { key: 'az-secret-key' });
});
afterAll(async () => {
  await azure.close();
});

const video = (voiceId: string) => ({
  script: 'The lighthouse keeper climbs the stairs at dusk.',
  voiceId,
  aspect: '16:9',
  resolution: '720p',
  captions: 'word',
  visuals: 'generated',
  music: { enabled: false, volume: 30 },
});

describe('the voice catalogue API', () => {
  it('serves the static voices alone without cloud keys, and refuses a live voice it cannot find', async () => {
    const { api } = await signedUp();
    const catalogue = await api('GET', '/voices');
    expect(catalogue.status).toBe(200);
    expect(catalogue.body.voices).toHaveLength(VOICES.length);
    expect(catalogue.body.configured).toMatchObject({ azure: false, google: false });
    const speech = await api('POST', '/speech', { text: 'Hello', voiceId: 'azure:en-US-Ava23Neural' });
    expect([speech.status, speech.body.fields]).toEqual([400, { voiceId: 'Choose a voice from the list.' }]);
    const shape = await api('POST', '/speech', { text: 'Hello', voiceId: 'azure:<script>' });
    expect([shape.status, shape.body.fields.voiceId]).toEqual([400, 'Choose a voice from the list.']);
    expect((await fetch(`${suite.stack.url}/voices`)).status).toBe(401);
  });

  it('names the best voice it has as the default, and reads with it when a request names none', async () => {
    const { api } = await signedUp();
    const catalogue = await api('GET', '/voices');
    // Festival is installed by scripts/ensure-system-deps.sh; without it the default is eSpeak's Olivia (below).
    expect(catalogue.body.configured.festival).toBe(true);
    expect(catalogue.body.defaultVoiceId).toBe('en-us-festival-slt');
    const speech = await api('POST', '/speech', { text: 'Hello from the default voice.' });
    expect(speech.status).toBe(202);
    expect(speech.body).toMatchObject({
      voiceId: 'en-us-festival-slt',
      voiceName: 'Sally',
      engine: { id: 'festival' },
    });
    const { voiceId: _named, ...unnamed } = video('');
    const board = await api('POST', '/storyboards', unnamed);
    expect([board.status, board.body.settings.voiceId]).toEqual([201, 'en-us-festival-slt']);
    // A voice the request names is still the one it gets.
    expect((await api('POST', '/storyboards', video('en-gb-amelia'))).body.settings.voiceId).toBe('en-gb-amelia');

    const withoutFestival = await suite.stack.reconfigured({ FESTIVAL_PATH: '/nonexistent/festival' });
    try {
      const { api: plain } = await signedUp(withoutFestival.url);
      expect((await plain('GET', '/voices')).body).toMatchObject({
        configured: { festival: false },
        defaultVoiceId: DEFAULT_VOICE_ID,
      });
      expect((await plain('POST', '/storyboards', unnamed)).body.settings.voiceId).toBe(DEFAULT_VOICE_ID);
    } finally {
      await withoutFestival.close();
    }
  });

  it('lists Azure’s voices live, never its key, and reads a chosen Azure voice into a recording', async () => {
    const keyed = await suite.stack.reconfigured({
      AZURE_SPEECH_KEY: 'az-secret-key',
      AZURE_SPEECH_ENDPOINT: azure.url,
    });
    try {
      const { api } = await signedUp(keyed.url);
      const catalogue = await api('GET', '/voices');
      expect(catalogue.body.configured.azure).toBe(true);
      expect(catalogue.body.voices.filter((v: { engine: string }) => v.engine === 'azure')).toHaveLength(480);
      expect(JSON.stringify(catalogue.body)).not.toContain('az-secret-key');
      // A neural US English voice now sounds best: it becomes the default.
      expect(catalogue.body.defaultVoiceId).toMatch(/^azure:en-US-/);

      const unknown = await api('POST', '/speech', { text: 'Hello', voiceId: 'azure:en-US-NobodyNeural' });
      expect([unknown.status, unknown.body.fields]).toEqual([400, { voiceId: 'Choose a voice from the list.' }]);
      expect((await api('POST', '/videos', video('azure:en-US-NobodyNeural'))).body.fields).toEqual({
        voiceId: 'Choose a voice from the list.',
      });

      const preview = await api('GET', '/speech/voices/azure%3Aen-GB-Emma19Neural/preview');
      expect(preview.status).toBe(200);
      expect(azure.requests.at(-1)!.body).toContain("name='en-GB-Emma19Neural'");

      const created = await api('POST', '/speech', {
        text: 'Good evening from the lighthouse.',
        voiceId: 'azure:en-GB-Emma19Neural',
      });
      expect(created.status).toBe(202);
      expect(created.body).toMatchObject({ voiceName: 'Emma19', engine: { id: 'azure', label: 'Azure AI Speech' } });
      const done = await until(
        async () => (await api('GET', `/speech/${created.body.id}`)).body,
        (r) => r.status === 'succeeded' || r.status === 'failed',
      );
      expect(done.status).toBe('succeeded');
      expect(done.durationSec).toBeGreaterThan(1);
      expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT - done.creditsCharged, reserved: 0 });
    } finally {
      await keyed.close();
    }
  });
});
