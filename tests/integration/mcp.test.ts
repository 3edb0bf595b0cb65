/**
 * The MCP server at /mcp driven by the SDK's own client over Streamable HTTP, on PGlite and on PostgreSQL when one
 * answers: the tools are listed, the balance and voices read, a short video made on the offline engines and polled
 * to done with get_video, and its link downloads an MP4; a bad input comes back as a tool error carrying the API's
 * field message; a request without an API key is a 401 telling how to connect, and a tool outside the key's scopes
 * is refused naming the scope.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_PRESET_MESSAGE } from '~/contract/batches.ts';
import { MCP_TOOLS } from '~/contract/mcp.ts';
import { SIGNUP_GRANT } from '~/contract/pricing.ts';
import { API_KEY_REQUIRED } from '~/server/api/mcp/routes.ts';
import { createUser, ensureAuthEmulator } from './support/auth-emulator.ts';
import { databaseTargets, type Target } from './support/databases.ts';
import { client as apiClient, type Stack, startStack } from './support/stack.ts';

let stopEmulator: () => Promise<void> = async () => undefined;
beforeAll(async () => {
  stopEmulator = await ensureAuthEmulator();
});
afterAll(async () => stopEmulator());

const SCRIPT = 'The lighthouse keeper climbs the stairs at dusk. The lamp turns and the ships come home.';

/** The text of a tool result, its structured data and whether it is an error. */
const read = (result: unknown) => {
  const { content, structuredContent, isError } = result as CallToolResult;
  const text = content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
  return { text, data: (structuredContent ?? {}) as Record<string, any>, isError: isError === true };
};

describe.each(await databaseTargets())('MCP server on %s', (_name, makeTarget) => {
  let target: Target;
  let stack: Stack;
  const clients: Client[] = [];

  /** What a new caller sends as `Authorization: Bearer <credential>`: an API key a new user made with its session. */
  const newCredential = async (scopes = ['read', 'create', 'billing:read']) => {
    const user = await createUser();
    const created = await apiClient(stack.url, user)('POST', '/developer/keys', { name: 'Agent', scopes });
    expect(created.status).toBe(201);
    return created.body.secret as string;
  };

  /** An MCP client connected as a new caller. */
  const connect = async (scopes?: string[]) => {
    const credential = await newCredential(scopes);
    const client = new Client({ name: 'nxn-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL('/mcp', stack.url), {
        requestInit: { headers: { Authorization: `Bearer ${credential}` } },
      }),
    );
    clients.push(client);
    const call = async (name: string, args: Record<string, unknown> = {}) =>
      read(await client.callTool({ name, arguments: args }));
    return { client, call };
  };

  beforeAll(async () => {
    target = await makeTarget();
    stack = await startStack(target);
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    await stack?.close();
    await target?.dispose();
  });

  it('lists its tools and reads the balance and the voices', async () => {
    const { client, call } = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'create_batch',
      'create_video',
      'generate_image',
      'generate_script',
      'get_balance',
      'get_batch',
      'get_image',
      'get_speech',
      'get_video',
      'list_voices',
      'synthesize_speech',
    ]);
    // The /developers page lists the same tools.
    expect(tools.map((tool) => tool.name).sort()).toEqual(MCP_TOOLS.map((tool) => tool.name).sort());
    // The contract's choices reach the model as JSON Schema.
    const create = tools.find((tool) => tool.name === 'create_video')!;
    expect(create.inputSchema.required).toEqual(['script']);
    expect((create.inputSchema.properties as any).aspect.enum).toEqual(['16:9', '9:16', '1:1']);

    const balance = await call('get_balance');
    expect(balance.isError).toBe(false);
    expect(balance.data).toEqual({ balance: SIGNUP_GRANT, reserved: 0 });
    expect(balance.text).toContain(`${SIGNUP_GRANT} credits to spend`);

    const voices = await call('list_voices', { language: 'en-US' });
    expect(voices.data.voices.length).toBeGreaterThan(0);
    expect(voices.data.voices.every((voice: { language: string }) => voice.language === 'en-US')).toBe(true);
    expect(voices.text).toContain('en-us-olivia: Olivia, English (US) (en-US), female, Robotic');
    // The default is the best English voice this server has (Festival's where it is installed).
    expect(voices.text).toContain(`${voices.data.defaultVoiceId}: `);
    expect(voices.text).toMatch(/, the default\n/);
    expect((await call('list_voices', { language: 'Klingon' })).text).toMatch(/^No voice matches/);
  });

  it('makes a batch from rows and a template, naming a bad row and column, and reads it back', async () => {
    const { call } = await connect();
    const template = 'Meet {{product}}, now {{price}}.';
    const settings = { voiceId: 'en-us-olivia', captions: 'off', visualOrder: 'designed' };
    const refused = await call('create_batch', {
      template,
      settings,
      rows: [
        { product: 'the Widget', price: '$9' },
        { product: 'the Gadget', price: '$12', voice: 'nobody' },
      ],
    });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('- rows[2].voice: Choose a voice from the list.');
    // A preset for every row instead of the settings: one the user does not have is named.
    const noPreset = await call('create_batch', {
      template,
      preset: 'builtin-nothing',
      rows: [{ product: 'a', price: '1' }],
    });
    expect(noPreset.isError).toBe(true);
    expect(noPreset.text).toContain(`- preset: ${UNKNOWN_PRESET_MESSAGE}`);
    const created = await call('create_batch', {
      name: 'Spots',
      template,
      settings,
      rows: [{ product: 'the Widget', price: '$9' }],
      idempotencyKey: 'mcp-batch-1',
    });
    expect(created.isError).toBe(false);
    expect(created.text).toMatch(/^Batch accepted\./);
    expect(created.data).toMatchObject({
      name: 'Spots',
      counts: { total: 1 },
      rows: [{ row: 1, title: 'Meet the Widget, now $9.' }],
    });
    const again = await call('create_batch', {
      name: 'Spots',
      template,
      settings,
      rows: [{ product: 'the Widget', price: '$9' }],
      idempotencyKey: 'mcp-batch-1',
    });
    expect(again.data.id).toBe(created.data.id);
    const read = await call('get_batch', { id: created.data.id });
    expect(read.text).toContain(`Batch ${created.data.id} "Spots"`);
    expect(read.data.rows[0].videoId).toBe(created.data.rows[0].videoId);
  });

  it('makes a video from a script and polls it to a downloadable MP4', async () => {
    const { call } = await connect();
    const request = {
      script: SCRIPT,
      voiceId: 'en-us-olivia',
      resolution: '720p',
      captions: 'off',
      visualOrder: 'designed',
      idempotencyKey: 'mcp-video-1',
    };
    const created = await call('create_video', request);
    expect(created.isError).toBe(false);
    expect(created.text).toMatch(/^Video accepted\./);
    expect(created.text).toContain(`Call get_video with id "${created.data.id}"`);
    expect(created.data.cost).toBeGreaterThan(0);
    expect((await call('get_balance')).data).toEqual({
      balance: SIGNUP_GRANT - created.data.cost,
      reserved: created.data.cost,
    });
    // A retried call with the same key is the same video, held once.
    const again = await call('create_video', request);
    expect(again.data.id).toBe(created.data.id);
    expect(again.text).toMatch(/^This idempotency key was used before/);

    let video = created;
    for (let i = 0; i < 180 && !['succeeded', 'failed'].includes(video.data.status); i++) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      video = await call('get_video', { id: created.data.id });
    }
    expect(video.data.error).toBeNull();
    expect(video.data.status).toBe('succeeded');
    expect(video.text).toContain(`MP4: ${video.data.videoUrl}`);
    const mp4 = await fetch(video.data.videoUrl);
    expect(mp4.status).toBe(200);
    const bytes = new Uint8Array(await mp4.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(4, 8))).toBe('ftyp');
    expect((await call('get_balance')).data).toEqual({
      balance: SIGNUP_GRANT - video.data.creditsCharged,
      reserved: 0,
    });
  }, 240_000);

  it('writes a script, reads a text aloud and draws an image on the offline engines', async () => {
    const { call } = await connect();
    const script = await call('generate_script', { topic: 'Why the tide turns', targetSeconds: 15 });
    expect(script.isError).toBe(false);
    expect(script.data).toMatchObject({ offline: true, creditsCharged: 0, writer: 'Built-in writer' });
    expect(script.text).toContain(script.data.narration);

    /** Polls a get_ tool until the job has finished. */
    const finished = async (tool: string, id: string) => {
      let answer = await call(tool, { id });
      for (let i = 0; i < 60 && !['succeeded', 'failed'].includes(answer.data.status); i++) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        answer = await call(tool, { id });
      }
      return answer;
    };
    const speech = await call('synthesize_speech', { text: 'The tide turns twice a day.', voiceId: 'en-us-olivia' });
    expect(speech.text).toMatch(/^Accepted\./);
    const spoken = await finished('get_speech', speech.data.id);
    expect(spoken.data).toMatchObject({ status: 'succeeded', error: null });
    expect((await fetch(spoken.data.mp3Url)).headers.get('content-type')).toBe('audio/mpeg');

    const images = await call('generate_image', { prompt: 'a lighthouse at dusk', engine: 'offline' });
    expect(images.data.ids).toHaveLength(1);
    const drawn = await finished('get_image', images.data.ids[0]);
    expect(drawn.data).toMatchObject({ status: 'succeeded', error: null });
    expect(drawn.text).toContain(`PNG: ${drawn.data.url}`);
    expect((await fetch(drawn.data.url)).headers.get('content-type')).toBe('image/png');
  });

  it("answers bad input with the API's own messages, naming the field", async () => {
    const { call } = await connect();
    // Only the API knows how long a script runs: its 400 comes back as the tool's error.
    const long = await call('create_video', { script: 'word '.repeat(800) });
    expect(long.isError).toBe(true);
    expect(long.text).toMatch(/^Invalid input/);
    expect(long.text).toMatch(/- script: This script would run about 5:\d\d\. Videos can be up to 5 minutes/);
    // A choice outside the contract's list is refused with the contract's message before any request.
    const aspect = await call('create_video', { script: SCRIPT, aspect: '4:5' });
    expect(aspect.isError).toBe(true);
    expect(aspect.text).toContain('Choose 16:9, 9:16 or 1:1.');
    const missing = await call('get_video', { id: '00000000-0000-4000-8000-000000000000' });
    expect(missing).toMatchObject({ isError: true, text: 'Video not found' });
    // Nothing was held by any of it.
    expect((await call('get_balance')).data).toEqual({ balance: SIGNUP_GRANT, reserved: 0 });
  });

  it('answers a lone JSON-RPC tools/call, with no session to open first (curl works)', async () => {
    const res = await fetch(new URL('/mcp', stack.url), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await newCredential()}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'get_balance' } }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('mcp-session-id')).toBeNull();
    const answer = await res.json();
    expect(answer).toMatchObject({ jsonrpc: '2.0', id: 7, result: { structuredContent: { balance: SIGNUP_GRANT } } });
  });

  it("takes an API key only, and keeps each tool within the key's scopes", async () => {
    const session = await fetch(new URL('/mcp', stack.url), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${(await createUser()).idToken}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_balance' } }),
    });
    expect(session.status).toBe(401);
    expect((await session.json()).error.message).toBe(API_KEY_REQUIRED);

    const { call } = await connect(['read']);
    expect((await call('list_voices')).isError).toBe(false);
    const refused = await call('create_video', { script: SCRIPT });
    expect(refused).toMatchObject({ isError: true });
    expect(refused.text).toContain('This API key lacks the "create" scope');
  });

  it('refuses a request without credentials with how to connect, and has no event stream', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
    };
    const res = await fetch(new URL('/mcp', stack.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify(initialize),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ jsonrpc: '2.0', error: { code: -32000, message: API_KEY_REQUIRED }, id: null });

    const client = new Client({ name: 'nxn-test', version: '1.0.0' });
    await expect(client.connect(new StreamableHTTPClientTransport(new URL('/mcp', stack.url)))).rejects.toThrow(
      API_KEY_REQUIRED,
    );

    const stream = await fetch(new URL('/mcp', stack.url), {
      headers: { authorization: `Bearer ${await newCredential()}`, accept: 'text/event-stream' },
    });
    expect(stream.status).toBe(405);
    expect(stream.headers.get('allow')).toBe('POST');
  });
});
