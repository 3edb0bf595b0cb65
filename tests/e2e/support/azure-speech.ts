/**
 * For one spec file: the primary API runs with an Azure key pointed at a local server speaking Azure's speech
 * protocol, and is restarted without it afterwards. Returns the server, to read the requests it was sent.
 */
// biome-ignore lint/style/noRestrictedImports: tests/support/ is outside src/, the only folder the ~/ alias names.
import { startTtsCloud, type TtsCloud } from '../../support/tts-clouds';
import { test } from './fixtures';
import { PRIMARY_API, startApi, stopProcess } from './stack';

export function useAzureSpeech(): { readonly cloud: TtsCloud } {
  const handle = {} as { cloud: TtsCloud };
  test.beforeAll(async () => {
    handle.cloud = await startTtsCloud('azure', { key: 'e2e-azure-key' });
    await stopProcess(PRIMARY_API.name);
    await startApi({
      ...PRIMARY_API,
      env: { AZURE_SPEECH_KEY: 'e2e-azure-key', AZURE_SPEECH_ENDPOINT: handle.cloud.url },
    });
  });
  test.afterAll(async () => {
    await stopProcess(PRIMARY_API.name);
    await startApi(PRIMARY_API);
    await handle.cloud.close();
  });
  return handle;
}
