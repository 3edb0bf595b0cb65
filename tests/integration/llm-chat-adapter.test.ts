/**
 * The chat adapter against a local server that speaks the chat-completions protocol, including the failure
 * modes real endpoints have: fenced JSON, prose instead of JSON, auth and rate-limit errors, 5xx, and hangs.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { scriptRequestSchema } from '~/contract/scripts';
import { loadConfig } from '~/server/config/index.ts';
import { ProviderError } from '~/server/providers/http';
import { createOpenAICompatibleChat } from '~/server/providers/llm/openaiCompatible';
import { createScriptWriter, llmScriptWriter } from '~/server/providers/llm/scriptWriter';

type Handler = (body: Record<string, unknown>, req: IncomingMessage, res: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let handler: Handler;
const received: Array<{ body: Record<string, unknown>; auth: string | undefined; path: string | undefined }> = [];

const completion = (content: string) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  model: 'test-model',
  choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
});
const sendJson = (res: ServerResponse, status: number, payload: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(payload));
};
const reply =
  (content: string): Handler =>
  (_b, _r, res) =>
    sendJson(res, 200, completion(content));

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      received.push({ body, auth: req.headers.authorization, path: req.url });
      handler(body, req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  received.length = 0;
});

const request = scriptRequestSchema.parse({
  topic: 'Home coffee brewing',
  audience: 'students',
  tone: 'energetic',
  platform: 'shorts',
  targetSeconds: 45,
  keyPoints: ['Grind fresh'],
  callToAction: 'Follow for more',
});
const writer = (timeoutMs = 2000) =>
  llmScriptWriter(createOpenAICompatibleChat({ baseUrl, apiKey: 'sk-test', model: 'test-model', timeoutMs }));

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
};

const goodScript = {
  titles: ['Coffee 101'],
  hook: 'Stop drinking sad coffee!',
  scenes: [
    { narration: 'Grind your beans right before brewing. Freshness is flavour.', visualCue: 'Grinder close-up' },
    { narration: 'Use water just off the boil.', visualCue: 'Kettle pour' },
  ],
  cta: 'Follow for more.',
  description: 'Quick coffee tips.',
  hashtags: ['#coffee'],
};

describe('OpenAI-compatible chat adapter', () => {
  it('sends model, messages and JSON mode with the bearer key, and labels the result as AI', async () => {
    handler = reply(JSON.stringify(goodScript));
    const result = await writer().write(request);
    expect(received).toHaveLength(1);
    expect(received[0]!.path).toBe('/v1/chat/completions');
    expect(received[0]!.auth).toBe('Bearer sk-test');
    expect(received[0]!.body).toMatchObject({ model: 'test-model', response_format: { type: 'json_object' } });
    const messages = received[0]!.body.messages as Array<{ role: string; content: string }>;
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(messages[1]!.content).toContain('Home coffee brewing');
    expect(messages[1]!.content).toContain('about 113 spoken words');
    expect(messages[1]!.content).toContain('- Grind fresh');
    expect(result.engine).toEqual({ kind: 'llm', label: 'AI · test-model' });
    expect(result.scenes.map((s) => s.narration)).toEqual(goodScript.scenes.map((s) => s.narration));
    // The four-word hook takes 1.6 s at 150 wpm; the first scene starts when it ends.
    expect(result.scenes[0]!.startSec).toBe(1.6);
  });

  it('reads JSON inside code fences with chatter around it', async () => {
    handler = reply(
      `Here's your script!\n\`\`\`json\n${JSON.stringify(goodScript, null, 2)}\n\`\`\`\nLet me know if you want changes.`,
    );
    const result = await writer().write(request);
    expect(result.titles).toEqual(['Coffee 101']);
    expect(result.durationSec).toBeGreaterThan(0);
  });

  it('retries without response_format when the server does not support JSON mode', async () => {
    handler = (body, _req, res) =>
      body.response_format
        ? sendJson(res, 400, { error: { message: "'response_format.type' must be 'json_schema'" } })
        : sendJson(res, 200, completion(JSON.stringify(goodScript)));
    const result = await writer().write(request);
    expect(received.map((r) => 'response_format' in r.body)).toEqual([true, false]);
    expect(result.hook).toBe(goodScript.hook);
  });

  it('fails with a readable message when the model answers with prose', async () => {
    handler = reply('I am sorry, but I can only write poems today.');
    const error = await failure(writer().write(request));
    expect(error.kind).toBe('bad_output');
    expect(error.message).toMatch(/could not read/);
  });

  it.each([
    [401, 'auth', /^test-model refused the server's API key/],
    [429, 'rate_limited', /^test-model is busy right now/],
    [500, 'unavailable', /^test-model is having trouble/],
    [503, 'unavailable', /^test-model is having trouble/],
  ] as const)('maps HTTP %i to a plain message', async (status, kind, message) => {
    handler = (_b, _r, res) => sendJson(res, status, { error: { message: 'upstream says no', type: 'x' } });
    const error = await failure(writer().write(request));
    expect(error).toMatchObject({ kind, status });
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain('upstream says no');
    expect(error.detail).toContain('upstream says no');
  });

  it('gives up after its timeout on a server that never answers', async () => {
    handler = () => undefined;
    const error = await failure(writer(300).write(request));
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('test-model took too long to answer.');
  });

  it('reports an unreachable server', async () => {
    const chat = createOpenAICompatibleChat({
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: undefined,
      model: 'm',
      timeoutMs: 2000,
    });
    const error = await failure(chat.complete([{ role: 'user', content: 'hi' }]));
    expect(error.kind).toBe('unreachable');
  });

  it('is what the configuration selects when LLM_BASE_URL is set; the built-in writer otherwise', async () => {
    handler = reply(JSON.stringify(goodScript));
    const llm = (env: Record<string, string>) => loadConfig({ FILE_URL_SECRET: 'test', ...env }).llm;
    const configured = createScriptWriter(llm({ LLM_BASE_URL: baseUrl, LLM_MODEL: 'llama3.2' }));
    expect(configured.engine.label).toBe('AI · llama3.2');
    await configured.write(request);
    expect(received[0]!.auth).toBeUndefined();
    expect(received[0]!.body.model).toBe('llama3.2');
    expect(createScriptWriter(llm({})).engine.label).toBe('Built-in writer');
  });
});
