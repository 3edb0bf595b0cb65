import { describe, expect, it } from 'vitest';
import { resolveFirebaseSetup } from '~/lib/firebase';

describe('Firebase client configuration', () => {
  it('uses the demo project on the local Auth emulator when no API key is configured', () => {
    const setup = resolveFirebaseSetup({});
    expect(setup.options.projectId).toBe('demo-nxn');
    expect(setup.options.apiKey).toBeTruthy();
    expect(setup.emulatorUrl).toBe('http://127.0.0.1:9099');
  });

  it('honours a custom emulator host', () => {
    expect(resolveFirebaseSetup({ emulatorHost: 'localhost:9199' }).emulatorUrl).toBe('http://localhost:9199');
  });

  it('uses the configured project and no emulator when an API key is set', () => {
    const setup = resolveFirebaseSetup({
      apiKey: 'key',
      authDomain: 'nxn.firebaseapp.com',
      projectId: 'nxn',
      appId: '1:2:web:3',
    });
    expect(setup).toEqual({
      options: { apiKey: 'key', authDomain: 'nxn.firebaseapp.com', projectId: 'nxn', appId: '1:2:web:3' },
      emulatorUrl: null,
    });
  });
});
