import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The auth store against a fake Firebase module and a fake backend client: the sign-in state machine and the
 * once-per-uid profile sync as the store wires it.
 */
type Listener = (user: FakeUser | null) => void;
interface FakeUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  emailVerified: boolean;
  getIdToken(): Promise<string>;
}

const fake = vi.hoisted(() => ({
  next: null as Listener | null,
  fail: null as ((error: Error) => void) | null,
  currentUser: null as FakeUser | null,
  loadError: null as Error | null,
  post: vi.fn(),
  get: vi.fn(),
}));

vi.mock('~/lib/firebase', () => {
  return {
    loadAuth: async () => {
      if (fake.loadError) throw fake.loadError;
      return {
        get currentUser() {
          return fake.currentUser;
        },
      };
    },
    watchAuthState: (_auth: unknown, next: Listener, fail: (error: Error) => void) => {
      fake.next = next;
      fake.fail = fail;
      return () => {};
    },
    finishRedirectSignIn: async () => {},
    emailSignUp: async (email: string, _password: string, displayName?: string) => {
      const user = makeUser('new-uid', email, null);
      fake.currentUser = user;
      fake.next?.(user); // Firebase reports the sign-in before the name is set...
      await new Promise((resolve) => setTimeout(resolve, 5));
      user.displayName = displayName ?? null; // ...then updateProfile sets it.
      return user;
    },
  };
});

vi.mock('~/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('~/lib/api/client')>()),
  api: { setTokenProvider: vi.fn(), post: fake.post, get: fake.get },
}));

function makeUser(uid: string, email: string | null, displayName: string | null): FakeUser {
  return { uid, email, displayName, photoURL: null, emailVerified: false, getIdToken: async () => `token-${uid}` };
}

async function freshStore() {
  vi.resetModules();
  const store = await import('~/stores/auth');
  return store;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => {
  fake.next = null;
  fake.fail = null;
  fake.currentUser = null;
  fake.loadError = null;
  fake.post.mockReset().mockResolvedValue({});
  fake.get.mockReset().mockResolvedValue({ profile: {}, credits: { balance: 100, reserved: 0 } });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => vi.restoreAllMocks());

describe('auth state', () => {
  it('is loading until the identity provider answers, then resolved with the user or null', async () => {
    const { $auth, startAuth } = await freshStore();
    expect($auth.get()).toEqual({ status: 'loading' });
    startAuth();
    await vi.waitFor(() => expect(fake.next).not.toBeNull());
    expect($auth.get()).toEqual({ status: 'loading' });

    fake.next!(null);
    expect($auth.get()).toEqual({ status: 'resolved', user: null });

    const user = makeUser('u1', 'ada@example.com', 'Ada');
    fake.currentUser = user;
    fake.next!(user);
    expect($auth.get()).toEqual({
      status: 'resolved',
      user: { uid: 'u1', email: 'ada@example.com', displayName: 'Ada', photoURL: null, emailVerified: false },
    });
  });

  it("is 'error' when the provider reports an auth-state error", async () => {
    const { $auth, startAuth } = await freshStore();
    startAuth();
    await vi.waitFor(() => expect(fake.fail).not.toBeNull());
    const error = new Error('auth/network-request-failed');
    fake.fail!(error);
    expect($auth.get()).toEqual({ status: 'error', error });
  });

  it("is 'error' when the sign-in client cannot be set up", async () => {
    fake.loadError = new Error('Failed to fetch');
    const { $auth, startAuth } = await freshStore();
    startAuth();
    await vi.waitFor(() => expect($auth.get().status).toBe('error'));
  });
});

describe('profile sync through the store', () => {
  it('posts the profile once per new uid, with its ID token', async () => {
    const { startAuth } = await freshStore();
    startAuth();
    await vi.waitFor(() => expect(fake.next).not.toBeNull());

    const ada = makeUser('ada', 'ada@example.com', 'Ada');
    fake.currentUser = ada;
    fake.next!(ada);
    fake.next!(ada);
    fake.currentUser = null;
    fake.next!(null);
    fake.currentUser = ada;
    fake.next!(ada);
    await settle();

    expect(fake.post).toHaveBeenCalledTimes(1);
    expect(fake.post).toHaveBeenCalledWith(
      '/auth/auth',
      { uid: 'ada', email: 'ada@example.com', displayName: 'Ada', photoURL: null },
      { headers: { 'Content-Type': 'application/json', Authorization: 'Bearer token-ada' } },
    );

    const bob = makeUser('bob', 'bob@example.com', null);
    fake.currentUser = bob;
    fake.next!(bob);
    await settle();
    expect(fake.post).toHaveBeenCalledTimes(2);
  });

  it('waits for sign-up to set the display name, and shows it in the auth state', async () => {
    const { $auth, signUp, startAuth } = await freshStore();
    startAuth();
    await vi.waitFor(() => expect(fake.next).not.toBeNull());
    await signUp('grace@example.com', 'secret-pass', 'Grace Hopper');
    await settle();
    expect(fake.post).toHaveBeenCalledWith(
      '/auth/auth',
      expect.objectContaining({ uid: 'new-uid', displayName: 'Grace Hopper' }),
      expect.anything(),
    );
    expect($auth.get()).toMatchObject({ status: 'resolved', user: { displayName: 'Grace Hopper' } });
  });

  it('only logs a failed sync', async () => {
    fake.post.mockRejectedValue(new Error('backend down'));
    const { $auth, startAuth } = await freshStore();
    startAuth();
    await vi.waitFor(() => expect(fake.next).not.toBeNull());
    const ada = makeUser('ada', 'ada@example.com', null);
    fake.currentUser = ada;
    fake.next!(ada);
    await settle();
    expect(console.error).toHaveBeenCalledWith('Profile sync failed', expect.any(Error));
    expect($auth.get()).toMatchObject({ status: 'resolved', user: { uid: 'ada' } });
  });

  it('calls a sign-in the first only when this page created the account and the backend made its profile', async () => {
    fake.post.mockImplementation(async (_path: string, body: { uid: string }) => ({
      created: body.uid === 'new-uid' || body.uid === 'ada',
      granted: 100,
    }));
    const { isFirstSignIn, signUp, startAuth, $signupGrant } = await freshStore();
    startAuth();
    await vi.waitFor(() => expect(fake.next).not.toBeNull());
    await signUp('grace@example.com', 'secret-pass', 'Grace');
    await expect(isFirstSignIn('new-uid')).resolves.toBe(true);
    expect($signupGrant.get()).toBe(100);
    // Signing out and back in on the same page is a later sign-in.
    await expect(isFirstSignIn('new-uid')).resolves.toBe(false);

    // Created in Firebase elsewhere (another app, an earlier visit): the backend's first sight of it is no sign-up here.
    const ada = makeUser('ada', 'ada@example.com', null);
    fake.currentUser = ada;
    fake.next!(ada);
    await expect(isFirstSignIn('ada')).resolves.toBe(false);

    // A returning account, and a sync that fails, go where they were going.
    fake.post.mockRejectedValueOnce(new Error('backend down'));
    const bob = makeUser('bob', 'bob@example.com', null);
    fake.currentUser = bob;
    fake.next!(bob);
    await expect(isFirstSignIn('bob')).resolves.toBe(false);
  });
});
