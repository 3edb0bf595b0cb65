/**
 * GPU rental over HTTP (API on PGlite, ID tokens from the Auth emulator, RunPod sandbox) and both adapters' error
 * handling against their local servers: refused keys, rate limits, outages, timeouts and machines that are gone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageCreditsPerHour } from '~/contract/gpu.ts';
import { startRunpodSandbox } from '~/sandboxes/runpod/index.ts';
import { createLambdaProvider } from '~/server/providers/gpu/lambda.ts';
import { createRunpodProvider } from '~/server/providers/gpu/runpod.ts';
import { NoCapacityError } from '~/server/providers/gpu/types.ts';
import { ProviderError } from '~/server/providers/http.ts';
import { apiSuite } from './support/api-suite';
import { auditAfterEach } from './support/audit.ts';
import { createUser } from './support/auth-emulator';
import { startLambdaCloud } from './support/lambda-cloud.ts';
import { sshPublicKey } from './support/ssh-key.ts';
import { client } from './support/stack';

const suite = apiSuite('gpu', (_req, res) => res.end());
auditAfterEach(() => suite.stack.database);
let sandbox: Awaited<ReturnType<typeof startRunpodSandbox>>;
let lambdaCloud: Awaited<ReturnType<typeof startLambdaCloud>>;
let gpuApi = '';

beforeAll(async () => {
  sandbox = await startRunpodSandbox({ provisioningMs: 0 });
  lambdaCloud = await startLambdaCloud({ apiKey: 'lambda-key', now: Date.now, bootMs: 0 });
  gpuApi = (
    await suite.stack.extraApi({
      RUNPOD_API_URL: sandbox.url,
      RUNPOD_API_KEY: 'rp-secret-key-123',
      GPU_SANDBOX: '1',
      GPU_LAUNCHES_PER_HOUR: '3',
    })
  ).url;
});
afterAll(async () => {
  await sandbox?.close();
  await lambdaCloud?.close();
});

describe('GPU rental API', () => {
  it('lists sandbox offers, checks keys and launches, and keeps each user to their own rentals', async () => {
    const { api } = await suite.signedUp(gpuApi);
    const other = client(gpuApi, await createUser());
    const offers = await api('GET', '/gpu/offers');
    expect(offers.status).toBe(200);
    expect(offers.body.offers.length).toBeGreaterThan(2);
    expect(JSON.stringify(offers.body)).not.toContain('rp-secret-key-123'); // the key never leaves the server
    expect(offers.body.offers.every((o: any) => o.sandboxLabel === 'Sandbox: no real GPU')).toBe(true);

    const badKey = await api('POST', '/gpu/ssh-keys', { name: '', publicKey: 'ssh-rsa AAAA' });
    expect(badKey.status).toBe(400);
    expect(Object.keys(badKey.body.fields).sort()).toEqual(['name', 'publicKey']);
    const publicKey = sshPublicKey();
    const key = await api('POST', '/gpu/ssh-keys', { name: 'Laptop', publicKey });
    expect(key.status).toBe(201);
    expect(key.body.fingerprint).toMatch(/^SHA256:/);
    expect((await api('POST', '/gpu/ssh-keys', { name: 'Again', publicKey })).status).toBe(409);
    expect((await other('GET', '/gpu/ssh-keys')).body.keys).toEqual([]);

    const offer = offers.body.offers.find((o: any) => o.available);
    const invalid = await api('POST', '/gpu/rentals', {
      offerId: offer.id,
      template: 'custom',
      diskGb: 5,
      sshKeyId: key.body.id,
    });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.fields).sort()).toEqual(['diskGb', 'image']);
    expect(
      (
        await other('POST', '/gpu/rentals', {
          offerId: offer.id,
          template: 'ubuntu-ssh',
          diskGb: 20,
          sshKeyId: key.body.id,
        })
      ).body.fields,
    ).toEqual({
      sshKeyId: 'Choose one of your SSH keys.',
    });

    const rented = await api('POST', '/gpu/rentals', {
      offerId: offer.id,
      template: 'ubuntu-ssh',
      diskGb: 20,
      sshKeyId: key.body.id,
    });
    expect(rented.status).toBe(201);
    expect(rented.body.status).toMatch(/provisioning|running/);
    // A stopped machine costs what the launch form said before renting, for the disk chosen.
    expect(rented.body.stoppedCreditsPerHour).toBe(storageCreditsPerHour(offer.stoppedCreditsPerGbHour, 20));
    expect(rented.body.stoppedCreditsPerHour).toBeGreaterThan(0);
    expect((await other('GET', `/gpu/rentals/${rented.body.id}`)).status).toBe(404);
    expect((await other('POST', `/gpu/rentals/${rented.body.id}/terminate`)).status).toBe(404);
    expect((await other('GET', '/gpu/rentals')).body.rentals).toEqual([]);
    expect((await api('GET', '/gpu/rentals/not-a-uuid')).status).toBe(404);

    // A provider failure on a user's action is a 424 with a message, not a 5xx the client would retry elsewhere.
    sandbox.control.failNext(/^DELETE \/v2\/pods\//, 502);
    const failed = await api('POST', `/gpu/rentals/${rented.body.id}/terminate`);
    expect(failed.status).toBe(424);
    expect(failed.body.error).toBe('RunPod is having trouble right now. Please try again later.');
    expect((await api('POST', `/gpu/rentals/${rented.body.id}/terminate`)).body.status).toBe('terminated');
    expect((await api('POST', `/gpu/rentals/${rented.body.id}/stop`)).status).toBe(409);

    // Launch attempts are rate limited per user (3 an hour here; the two above counted, the refused one too).
    const again = await api('POST', '/gpu/rentals', {
      offerId: offer.id,
      template: 'ubuntu-ssh',
      diskGb: 20,
      sshKeyId: key.body.id,
    });
    expect(again.status).toBe(201);
    const limited = await api('POST', '/gpu/rentals', {
      offerId: offer.id,
      template: 'ubuntu-ssh',
      diskGb: 20,
      sshKeyId: key.body.id,
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    await api('POST', `/gpu/rentals/${again.body.id}/terminate`);
  });

  it('a deployment with no GPU provider answers with an empty catalogue', async () => {
    const { api } = await suite.signedUp();
    expect((await api('GET', '/gpu/offers')).body).toEqual({ offers: [], unavailable: [], usdPerCredit: 0.01 });
  });
});

describe('GPU adapters on provider errors', () => {
  const runpod = (apiKey = 'k', timeoutMs = 300) =>
    createRunpodProvider({ apiKey, baseUrl: sandbox.url, timeoutMs, sandbox: true });
  const kind = (promise: Promise<unknown>) =>
    promise.then(
      () => 'ok',
      (error: unknown) => (error instanceof ProviderError ? error.kind : String(error)),
    );

  it('RunPod v2: 401, 429, 5xx, timeouts and a pod that is gone', async () => {
    const strict = await startRunpodSandbox({ apiKey: 'right' });
    try {
      const wrong = createRunpodProvider({ apiKey: 'wrong', baseUrl: strict.url, timeoutMs: 300, sandbox: true });
      expect(await kind(wrong.listOffers())).toBe('auth');
      expect(await kind(wrong.findByTag('x'))).toBe('auth');
    } finally {
      await strict.close();
    }
    sandbox.control.failNext(/^GET \/v2\/catalog\/gpus$/, 429, {
      title: 'Too Many Requests',
      status: 429,
      detail: 'rate limit exceeded for the minute window',
    });
    expect(await kind(runpod().listOffers())).toBe('rate_limited');
    sandbox.control.failNext(/^GET \/v2\/catalog\/gpus$/, 500);
    expect(await kind(runpod().listOffers())).toBe('unavailable');
    sandbox.control.delayNext(/^GET \/v2\/catalog\/gpus$/, 500);
    expect(await kind(runpod(undefined, 100).listOffers())).toBe('timeout');
    sandbox.control.failNext(/^GET \/v2\/pods\/[^/]+$/, 403, {
      title: 'Forbidden',
      status: 403,
      detail: 'access denied',
    });
    expect(await kind(runpod().get('any'))).toBe('auth');
    expect(await runpod().get('no-such-pod')).toBeNull();
    await expect(runpod().terminate('no-such-pod')).resolves.toBeUndefined();
    expect(await kind(runpod().stop('no-such-pod'))).toBe('rejected');
  });

  it('RunPod v2: the catalog with stock, one pod per tag, no capacity, repeated actions and a pod that disappears', async () => {
    const provider = runpod('k', 2_000);
    const offers = await provider.listOffers();
    const rtx = offers.find((o) => o.key === 'SECURE|1|NVIDIA GeForce RTX 4090')!;
    expect(rtx).toMatchObject({
      gpuModel: 'RTX 4090',
      vramGb: 24,
      usdPerHour: 0.69,
      region: 'Secure cloud',
      available: true,
      vcpus: null,
      ramGb: null,
    });
    expect(offers.find((o) => o.key === 'COMMUNITY|2|NVIDIA GeForce RTX 4090')).toMatchObject({
      usdPerHour: 0.68,
      region: 'Community cloud',
    });
    expect(offers.find((o) => o.key === 'SECURE|1|NVIDIA H100 80GB HBM3')?.available).toBe(false); // out of stock in the catalog
    expect(offers.some((o) => o.key.startsWith('COMMUNITY|') && o.key.endsWith('H100 80GB HBM3'))).toBe(false); // not on community cloud

    const request = {
      tag: 'adapter-test',
      offerKey: rtx.key,
      template: 'pytorch-jupyter' as const,
      image: '',
      diskGb: 20,
      sshPublicKey: 'ssh-ed25519 AAAA test',
    };
    await expect(provider.create({ ...request, offerKey: 'SECURE|1|NVIDIA H100 80GB HBM3' })).rejects.toBeInstanceOf(
      NoCapacityError,
    );
    // A 400 that is a broken rule, not capacity, stays a plain rejection (the launch fails, but it is not "no machine free").
    sandbox.control.failNext(/^POST \/v2\/pods$/, 400, {
      title: 'Bad Request',
      status: 400,
      detail: 'mounts: persistent and network are mutually exclusive',
    });
    const broken = await provider.create(request).catch((error: unknown) => error);
    expect(broken).toBeInstanceOf(ProviderError);
    expect(broken).not.toBeInstanceOf(NoCapacityError);

    const created = await provider.create(request);
    expect(created).toMatchObject({
      tag: 'adapter-test',
      state: 'running',
      ssh: { host: '127.0.0.1', port: sandbox.sshPort, user: 'root' },
    });
    expect(created.links).toEqual([{ label: 'Jupyter', url: `https://${created.id}-8888.proxy.runpod.net` }]);
    await provider.create({ ...request, tag: 'someone-else' });
    expect((await provider.findByTag('adapter-test')).map((m) => m.id)).toEqual([created.id]);
    expect((await provider.listTagged()).map((m) => m.tag).sort()).toEqual(['adapter-test', 'someone-else']);

    await provider.stop(created.id);
    await provider.stop(created.id); // RunPod answers 409 to a second stop; the pod is stopped, so that is done
    expect((await provider.get(created.id))?.state).toBe('stopped');
    await provider.start(created.id);
    await provider.start(created.id);
    expect((await provider.get(created.id))?.state).toBe('running');

    sandbox.control.removePod(created.id);
    expect(await provider.get(created.id)).toBeNull();
    expect(await provider.findByTag('adapter-test')).toEqual([]);
    for (const machine of await provider.listTagged()) await provider.terminate(machine.id);
    expect(sandbox.control.pods()).toEqual([]);
  });

  it('Lambda: a refused key, a missing instance, no stop or start', async () => {
    const lambda = (apiKey: string) => createLambdaProvider({ apiKey, baseUrl: lambdaCloud.url, timeoutMs: 300 });
    expect(await kind(lambda('wrong').listOffers())).toBe('auth');
    expect(await lambda('lambda-key').get('missing')).toBeNull();
    await expect(lambda('lambda-key').terminate('missing')).resolves.toBeUndefined();
    expect(await kind(lambda('lambda-key').stop('x'))).toBe('rejected');
    expect(lambda('lambda-key').supportsStop).toBe(false);
  });

  it('the sandbox refuses to start in production', async () => {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await expect(startRunpodSandbox()).rejects.toThrow(/never runs with NODE_ENV=production/);
    } finally {
      if (previous === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = previous;
    }
  });
});
