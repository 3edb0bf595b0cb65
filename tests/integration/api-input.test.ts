/**
 * Input and identity at the API edge, on PGlite and on PostgreSQL when one is reachable: text with invisible or
 * broken characters, hand-made list cursors, signed-in users who never synced their profile, the profile e-mail, and
 * the free voice preview's cache. Each case asserts what a caller sees: a 400 with a field message (never a 500),
 * working endpoints, and credits moved exactly once.
 */
import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNUP_GRANT } from '~/contract/pricing.ts';
import { UNSAFE_TEXT_MESSAGE } from '~/contract/text.ts';
import { encodePng } from '~/server/media/png.ts';
import { createUser, ensureAuthEmulator, type TestUser } from './support/auth-emulator.ts';
import { pgliteTarget, postgresTarget, type Target } from './support/databases.ts';
import { client, type Stack, startStack } from './support/stack.ts';

/** Plays OpenAI's speech endpoint (a second of raw 24 kHz PCM) and counts the syntheses it was asked for. */
const speech = { calls: 0 };
const pcm = Buffer.from(
  Int16Array.from({ length: 24_000 }, (_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 220 * i) / 24_000))).buffer,
);
let cloud: Server;
let cloudUrl = '';
let stopEmulator: () => Promise<void> = async () => undefined;
beforeAll(async () => {
  stopEmulator = await ensureAuthEmulator();
  cloud = createServer((req, res) => {
    req.resume().on('end', () => {
      if (req.url === '/v1/audio/speech') {
        speech.calls++;
        res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(pcm);
      } else res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => cloud.listen(0, '127.0.0.1', resolve));
  cloudUrl = `http://127.0.0.1:${(cloud.address() as AddressInfo).port}`;
});
afterAll(async () => {
  cloud.closeAllConnections();
  await new Promise((resolve) => cloud.close(resolve));
  await stopEmulator();
});

const postgres = await postgresTarget();
if (typeof postgres === 'string') console.warn(postgres);
const targets: [string, () => Promise<Target>][] = [['PGlite', pgliteTarget]];
if (typeof postgres !== 'string') targets.push(['PostgreSQL', async () => postgres]);

const NUL = '\u0000';
const LONE = '\uD800';
const ESC = '\u001B';
const videoBody = (overrides: Record<string, unknown> = {}) => ({
  script: 'The lighthouse keeper climbs the stairs at dusk.',
  voiceId: 'en-us-olivia',
  aspect: '16:9',
  resolution: '720p',
  captions: 'off',
  visuals: 'generated',
  ...overrides,
});
const scriptBody = (overrides: Record<string, unknown> = {}) => ({
  topic: 'Tide pools',
  tone: 'friendly',
  platform: 'youtube',
  targetSeconds: 30,
  ...overrides,
});

/** A multipart body by hand, so the file name reaches the server byte for byte. */
function multipartImage(name: string, bytes: Uint8Array) {
  const boundary = '----nxn-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return {
    body: Buffer.concat([head, Buffer.from(bytes), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

describe.each(targets)('input and identity on %s', (name, makeTarget) => {
  let target: Target;
  let stack: Stack;

  const signedUp = async () => {
    const user = await createUser();
    const api = client(stack.url, user);
    expect(
      (await api('POST', '/auth/auth', { uid: user.uid, email: user.email, displayName: null, photoURL: null })).status,
    ).toBe(201);
    return { user, api };
  };
  const credits = async (api: ReturnType<typeof client>) =>
    (await api('GET', '/me')).body.credits as { balance: number; reserved: number };

  beforeAll(async () => {
    target = await makeTarget();
    stack = await startStack(target);
  });
  afterAll(async () => {
    await stack?.close();
    await target?.dispose();
  });

  describe('text fields', () => {
    it('answers NUL, control characters and lone surrogates in any text field with a 400 for that field, and charges nothing', async () => {
      const { api, user } = await signedUp();
      const script = await api('POST', '/scripts', scriptBody());
      expect(script.status).toBe(201);
      const spent = await credits(api);
      const {
        id: _id,
        engine: _e,
        request: _r,
        durationSec: _d,
        creditsCharged: _c,
        createdAt: _ca,
        updatedAt: _u,
        ...content
      } = script.body;

      const cases: [method: string, path: string, body: unknown, field: string][] = [
        ['POST', '/scripts', scriptBody({ topic: `Tide${NUL} pools` }), 'topic'],
        ['POST', '/scripts', scriptBody({ keyPoints: ['Crabs', `Star${LONE}fish`] }), 'keyPoints.1'],
        ['POST', '/scripts', scriptBody({ callToAction: `Subscribe${ESC}[31m` }), 'callToAction'],
        ['PUT', `/scripts/${script.body.id}`, { ...content, hook: `Look${NUL}!` }, 'hook'],
        [
          'PUT',
          `/scripts/${script.body.id}`,
          { ...content, scenes: [{ ...content.scenes[0], narration: `Waves ${LONE}` }] },
          'scenes.0.narration',
        ],
        ['POST', '/speech', { text: `Hello${NUL} world`, voiceId: 'en-us-olivia' }, 'text'],
        ['POST', '/speech', { text: `Hello ${LONE} world`, voiceId: 'en-us-olivia' }, 'text'],
        ['POST', '/images', { prompt: `A lighthouse${NUL}` }, 'prompt'],
        ['POST', '/images', { prompt: 'A lighthouse', negativePrompt: `blur${LONE}` }, 'negativePrompt'],
        ['POST', '/videos', videoBody({ script: `The keeper${NUL} climbs the stairs.` }), 'script'],
        ['POST', '/videos', videoBody({ imageFileIds: [NUL] }), 'imageFileIds.0'],
        ['POST', '/auth/auth', { uid: user.uid, displayName: `Ada${NUL}` }, 'displayName'],
        ['POST', '/auth/auth', { uid: user.uid, photoURL: `https://example.com/${NUL}.png` }, 'photoURL'],
        ['POST', '/jobs', { kind: 'test.hold', payload: { cost: 1 }, idempotencyKey: `key${NUL}` }, 'idempotencyKey'],
        // Schemas that pass text through unread (a job's payload) and object keys are checked before anything is stored.
        ['POST', '/jobs', { kind: 'test.child', payload: { text: `file${NUL}body` } }, 'payload.text'],
        ['POST', '/jobs', { kind: 'test.child', payload: { text: 'ok', [`note${NUL}`]: LONE } }, 'payload.note'],
      ];
      for (const [method, path, body, field] of cases) {
        const res = await api(method, path, body);
        expect(res.status, `${method} ${path} ${field}`).toBe(400);
        expect(res.body, `${method} ${path} ${field}`).toMatchObject({
          error: 'Invalid input',
          fields: { [field]: UNSAFE_TEXT_MESSAGE },
        });
      }
      expect(await credits(api)).toEqual(spent);
      expect((await api('GET', '/me')).body.profile.displayName).toBeNull();
    });

    it('keeps an Idempotency-Key header within the body field rules', async () => {
      const { api } = await signedUp();
      const long = await api(
        'POST',
        '/jobs',
        { kind: 'test.hold', payload: { cost: 0 } },
        { 'idempotency-key': 'k'.repeat(5000) },
      );
      expect(long.status).toBe(400);
      expect(Object.keys(long.body.fields)).toEqual(['idempotencyKey']);
      // Node's parser refuses control characters in a header before any route runs: still a 400, not a 500.
      const url = new URL(stack.url);
      const status = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(url.port), url.hostname, () => {
          socket.end(
            `POST /jobs HTTP/1.1\r\nHost: ${url.host}\r\nIdempotency-Key: a${NUL}b\r\nContent-Length: 0\r\n\r\n`,
          );
        });
        let answer = '';
        socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
        socket.on('close', () => resolve(answer.split(' ')[1] ?? ''));
        socket.on('error', reject);
      });
      expect(status).toBe('400');
    });

    it('stores uploaded file names without their invisible characters', async () => {
      const { user, api } = await signedUp();
      const raw = await fetch(`${stack.url}/files/upload?name=${encodeURIComponent(`no${NUL}te${ESC}.txt`)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'text/plain' },
        body: 'uploaded',
      });
      expect(raw.status).toBe(201);
      expect(((await raw.json()) as { name: string }).name).toBe('note.txt');

      const form = multipartImage(`beach${NUL}${ESC}.png`, encodePng(new Uint8Array(300 * 300 * 3).fill(90), 300, 300));
      const image = await fetch(`${stack.url}/videos/uploads`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.idToken}`, 'content-type': form.type },
        body: form.body,
      });
      expect(image.status).toBe(201);
      const uploaded = (await image.json()) as { fileId: string; name: string };
      expect(uploaded.name).toBe('beach.png');
      expect((await api('GET', `/files/${uploaded.fileId}/info`)).body.name).toBe('beach.png');
    });
  });

  describe('list cursors', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const impossible = [
      `0000-01-01T00:00:00.000Z|${id}`,
      `2024-02-30T00:00:00.000Z|${id}`,
      `2024-13-45T99:99:99.999Z|${id}`,
      `+275760-09-13T00:00:00.000Z|${id}`,
      `1800-01-01T00:00:00.000Z|${id}`,
      'yesterday',
    ];

    it('answers cursors no page handed out with a 400 on every list', async () => {
      const { api } = await signedUp();
      for (const list of ['/jobs', '/scripts', '/speech', '/images', '/videos']) {
        for (const cursor of impossible) {
          const res = await api('GET', `${list}?cursor=${encodeURIComponent(cursor)}`);
          expect(res.status, `${list} ${cursor}`).toBe(400);
          expect(res.body.fields, `${list} ${cursor}`).toEqual({ cursor: 'Must be a cursor from a previous page' });
        }
        expect(
          (await api('GET', `${list}?cursor=${encodeURIComponent(`2026-01-01T00:00:00.000Z|${id}`)}`)).status,
          list,
        ).toBe(200);
      }
      for (const cursor of ['99999999999999999999', '9007199254740993', '0', '1e30']) {
        const res = await api('GET', `/credits/ledger?cursor=${cursor}`);
        expect(res.status, cursor).toBe(400);
        expect(res.body.fields, cursor).toEqual({ cursor: 'Must be a cursor from a previous page' });
      }
      expect((await api('GET', '/credits/ledger?cursor=9007199254740991')).body.entries).toHaveLength(1);
    });
  });

  describe('profiles', () => {
    /** A user who signed in but whose browser never sent POST /auth/auth. */
    const fresh = async () => {
      const user = await createUser();
      return { user, api: client(stack.url, user) };
    };
    const grantsOf = async (api: ReturnType<typeof client>) =>
      ((await api('GET', '/credits/ledger?limit=100')).body.entries as { kind: string }[]).filter(
        (e) => e.kind === 'grant',
      ).length;

    it('lets a user who never synced the profile create on every endpoint, with the signup grant made once', async () => {
      const png = encodePng(new Uint8Array(300 * 300 * 3).fill(90), 300, 300);
      const first: [string, (user: TestUser, api: ReturnType<typeof client>) => Promise<number>][] = [
        ['POST /scripts', async (_u, api) => (await api('POST', '/scripts', scriptBody())).status],
        [
          'POST /speech',
          async (_u, api) => (await api('POST', '/speech', { text: 'Hello there.', voiceId: 'en-us-olivia' })).status,
        ],
        [
          'POST /images',
          async (_u, api) =>
            (await api('POST', '/images', { prompt: 'A lighthouse at dusk', engine: 'offline' })).status,
        ],
        [
          'POST /videos',
          async (_u, api) => {
            const res = await api('POST', '/videos', videoBody());
            if (res.status === 202) await api('POST', `/videos/${res.body.id}/cancel`);
            return res.status;
          },
        ],
        [
          'POST /jobs',
          async (_u, api) =>
            (await api('POST', '/jobs', { kind: 'test.hold', payload: { cost: 0, holdMs: 0 } })).status,
        ],
        [
          'POST /files/upload',
          async (user) =>
            (
              await fetch(`${stack.url}/files/upload?name=a.txt`, {
                method: 'POST',
                headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'text/plain' },
                body: 'x',
              })
            ).status,
        ],
        [
          'POST /videos/uploads',
          async (user) => {
            const form = multipartImage('a.png', png);
            return (
              await fetch(`${stack.url}/videos/uploads`, {
                method: 'POST',
                headers: { authorization: `Bearer ${user.idToken}`, 'content-type': form.type },
                body: form.body,
              })
            ).status;
          },
        ],
        ['GET /me', async (_u, api) => (await api('GET', '/me')).status],
      ];
      for (const [what, call] of first) {
        const { user, api } = await fresh();
        expect(await call(user, api), what).toBeLessThan(300);
        const me = await api('GET', '/me');
        expect(me.status, what).toBe(200);
        expect(me.body.profile, what).toMatchObject({ uid: user.uid, email: user.email });
        expect(me.body.credits.balance + me.body.credits.reserved, what).toBeLessThanOrEqual(SIGNUP_GRANT);
        expect(await grantsOf(api), what).toBe(1);
      }
    }, 120_000);

    it('grants once when a new user fires several first requests at once, and a later sync reports no second grant', async () => {
      const { user, api } = await fresh();
      const results = await Promise.all(
        Array.from({ length: 4 }, () => api('POST', '/jobs', { kind: 'test.hold', payload: { cost: 0, holdMs: 0 } })),
      );
      expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
      expect(await grantsOf(api)).toBe(1);
      expect(await credits(api)).toEqual({ balance: SIGNUP_GRANT, reserved: 0 });
      const sync = await api('POST', '/auth/auth', {
        uid: user.uid,
        email: user.email,
        displayName: 'Ada',
        photoURL: null,
      });
      expect(sync.status).toBe(200);
      expect(sync.body).toMatchObject({
        created: false,
        granted: 0,
        profile: { displayName: 'Ada' },
        credits: { balance: SIGNUP_GRANT },
      });
    });

    it('stores the e-mail from the verified token, whatever the body says', async () => {
      const { user, api } = await fresh();
      const sync = await api('POST', '/auth/auth', {
        uid: user.uid,
        email: 'ceo@victim.example',
        displayName: 'Mallory',
        photoURL: null,
      });
      expect(sync.status).toBe(201);
      expect(sync.body).toMatchObject({
        created: true,
        granted: SIGNUP_GRANT,
        profile: { email: user.email, displayName: 'Mallory' },
      });
      await api('POST', '/auth/auth', { uid: user.uid, email: null, displayName: 'Mallory', photoURL: null });
      expect((await api('GET', '/me')).body.profile.email).toBe(user.email);
    });
  });

  it.runIf(name === 'PGlite')(
    'synthesises a voice preview once per step: speeds a hair apart share the cached sample',
    async () => {
      const keyed = await stack.extraApi({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `${cloudUrl}/v1` });
      const user = await createUser();
      const preview = async (query: string) => {
        const res = await fetch(`${keyed.url}/speech/voices/openai-alloy/preview?${query}`, {
          headers: { authorization: `Bearer ${user.idToken}` },
        });
        expect(res.status, query).toBe(200);
        expect(res.headers.get('content-type')).toBe('audio/wav');
        await res.arrayBuffer();
      };
      speech.calls = 0;
      await preview('speed=1.0');
      await preview('speed=1.0000001');
      await preview('speed=1.01&pitch=0');
      await preview('');
      expect(speech.calls).toBe(1);
      await preview('speed=1.05');
      await preview('speed=1.0500001');
      expect(speech.calls).toBe(2);
    },
  );
});
