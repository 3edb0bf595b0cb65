/**
 * The FLUX adapter against a local server that speaks fal.ai's synchronous protocol: `POST /{model}` with
 * `Authorization: Key …`, images as data URIs (sync_mode) or as links to download, the safety checker's flag,
 * and fal's error answers (401, 422 with a detail list, 429, 5xx) and a hang.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encodePng } from '~/server/media/png';
import { ProviderError } from '~/server/providers/http';
import { createFalFluxProvider } from '~/server/providers/images/fal';

type Handler = (body: Record<string, unknown>, req: IncomingMessage, res: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let handler: Handler;
const received: Array<{ path: string | undefined; auth: string | undefined; body: Record<string, unknown> }> = [];

const png = (width: number, height: number) => encodePng(new Uint8Array(width * height * 3).fill(200), width, height);
const json = (res: ServerResponse, status: number, payload: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(payload));
};
const falResult = (url: string, nsfw = false) => ({
  images: [{ url, width: 64, height: 36, content_type: 'image/png' }],
  seed: 42,
  has_nsfw_concepts: [nsfw],
  prompt: 'x',
  timings: { inference: 0.1 },
});

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/cdn/image.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(png(80, 60));
      return;
    }
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      received.push({ path: req.url, auth: req.headers.authorization, body });
      handler(body, req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  received.length = 0;
});

const provider = (timeoutMs = 2000) =>
  createFalFluxProvider({ apiKey: 'fal-test-key', baseUrl, model: 'fal-ai/flux/dev', timeoutMs });
const request = {
  prompt: 'a lighthouse at dawn',
  width: 1280,
  height: 720,
  seed: 7,
  negativePrompt: 'text, watermark',
  style: 'cinematic film still',
};

const failure = async (promise: Promise<unknown>): Promise<ProviderError> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
};

describe('FLUX on fal.ai', () => {
  it('sends the documented request and reads a data-URI image', async () => {
    handler = (_b, _r, res) => json(res, 200, falResult(`data:image/png;base64,${png(64, 36).toString('base64')}`));
    const image = await provider().generate(request);
    expect(received[0]).toMatchObject({
      path: '/fal-ai/flux/dev',
      auth: 'Key fal-test-key',
      body: {
        prompt: 'a lighthouse at dawn Style: cinematic film still. Avoid: text, watermark.',
        image_size: { width: 1280, height: 720 },
        num_images: 1,
        seed: 7,
        output_format: 'png',
        sync_mode: true,
        enable_safety_checker: true,
      },
    });
    expect(image.png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect({ width: image.width, height: image.height }).toEqual({ width: 64, height: 36 });
  });

  it('downloads an image given as a link and reports its real size', async () => {
    handler = (_b, _r, res) => json(res, 200, falResult(`${baseUrl}/cdn/image.png`));
    const image = await provider().generate(request);
    expect({ width: image.width, height: image.height }).toEqual({ width: 80, height: 60 });
  });

  it('treats a flagged image as a refusal, not a result', async () => {
    handler = (_b, _r, res) => json(res, 200, falResult(`data:image/png;base64,${png(8, 8).toString('base64')}`, true));
    const error = await failure(provider().generate(request));
    expect(error.kind).toBe('rejected');
    expect(error.message).toMatch(/safety filter blocked this image/);
  });

  it('rejects an answer without a usable image', async () => {
    handler = (_b, _r, res) => json(res, 200, { images: [{ url: 'data:image/png;base64,bm90IGFuIGltYWdl' }] });
    expect((await failure(provider().generate(request))).kind).toBe('bad_output');
  });

  it.each([
    [401, { detail: 'Invalid key' }, 'auth', /refused the server's API key/],
    [
      422,
      { detail: [{ loc: ['body', 'prompt'], msg: 'field required' }] },
      'rejected',
      /could not process this request/,
    ],
    [429, { detail: 'Too many requests' }, 'rate_limited', /busy right now/],
    [500, { detail: 'Internal error' }, 'unavailable', /having trouble/],
  ] as const)('maps HTTP %i to a plain message', async (status, payload, kind, message) => {
    handler = (_b, _r, res) => json(res, status, payload);
    const error = await failure(provider().generate(request));
    expect(error).toMatchObject({ kind, status });
    expect(error.message).toMatch(/^FLUX \(fal\.ai\)/);
    expect(error.message).toMatch(message);
  });

  it('gives up after its timeout on a server that never answers', async () => {
    handler = () => undefined;
    const error = await failure(provider(300).generate(request));
    expect(error.kind).toBe('timeout');
  });
});
