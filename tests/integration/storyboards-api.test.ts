/**
 * The storyboard on the real stack (API + worker on PGlite, the real `video` job, eSpeak and ffmpeg): made from a
 * script, edited with version checks and field errors, listed as a draft, previewed, rendered into a video whose
 * length is the narration's, and rendered again after one scene changed, when only that scene is narrated anew.
 * The re-render counts synthesis calls on a local server speaking OpenAI's speech protocol.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIGNUP_GRANT } from '~/contract/pricing';
import { mergeWithNext, moveScene, type StoryboardScene, splitScene, storyboardCost } from '~/contract/storyboard';
import { type Api, apiSuite, until } from './support/api-suite';

/**
 * OpenAI's speech endpoint: a tone whose length follows the text (0.3 s a word), so an edited scene is longer.
 * `speech.calls` counts the requests; `speech.inputs` keeps what was read.
 */
const speech = { calls: 0, inputs: [] as string[] };
const suite = apiSuite('storyboards', (req, res) => {
  const chunks: Buffer[] = [];
  req
    .on('data', (c: Buffer) => chunks.push(c))
    .on('end', () => {
      if (req.url !== '/v1/audio/speech') {
        res.writeHead(404).end();
        return;
      }
      const { input } = JSON.parse(Buffer.concat(chunks).toString()) as { input: string };
      speech.calls++;
      speech.inputs.push(input);
      const seconds = 0.3 * input.split(/\s+/).length;
      const pcm = Int16Array.from({ length: Math.round(24_000 * seconds) }, (_, i) =>
        Math.round(8000 * Math.sin((2 * Math.PI * 220 * i) / 24_000)),
      );
      res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(Buffer.from(pcm.buffer));
    });
});
const { signedUp, balance } = suite;

const settings = {
  voiceId: 'en-us-olivia',
  aspect: '16:9',
  resolution: '720p',
  captions: 'line',
  visualOrder: 'designed',
  music: { enabled: false, volume: 30 },
};

// A beat per sentence: three sentences, three scenes.
const SCRIPT = [
  'The lighthouse keeper climbs the stairs at dusk, as she has every night for forty years.',
  'Tonight the sea is calm, and a small fishing boat drifts toward the harbour after a long day.',
  'She trims the wick, and the beam sweeps across the waves, steady and bright, until the sun comes up.',
].join('\n\n');

const finished = (status: string) => ['succeeded', 'failed', 'cancelled'].includes(status);
const settled = (api: Api, id: string) =>
  until(
    async () => (await api('GET', `/videos/${id}`)).body,
    (v) => finished(v.status),
    180_000,
  );

/** Seconds of an MP4 as ffprobe reads its container. */
async function probedSeconds(url: string, name: string): Promise<number> {
  const file = path.join(suite.dir, name);
  writeFileSync(file, Buffer.from(await (await fetch(url)).arrayBuffer()));
  return Number(
    execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file])
      .toString()
      .trim(),
  );
}

/** The timeline's silences (media/timeline.ts DEFAULT_TIMELINE): lead-in, a breath between scenes, a tail. */
const narrationSeconds = (scenes: Array<{ narratedSec: number | null }>) =>
  scenes.reduce((sum, s) => sum + s.narratedSec!, 0) + 0.3 + 0.5 * (scenes.length - 1) + 0.7;

const save = (api: Api, board: any, scenes: StoryboardScene[], extra: Record<string, unknown> = {}) =>
  api('PUT', `/storyboards/${board.id}`, { version: board.version, settings: board.settings, scenes, ...extra });

const plain = (board: any): StoryboardScene[] =>
  board.scenes.map(({ estimatedSec: _e, narratedSec: _n, ...scene }: any) => scene);

describe('storyboards API', () => {
  it('makes scenes from a script, saves edits by version, answers stale saves and bad scenes plainly, and lists the draft', async () => {
    const { api } = await signedUp();
    const bad = await api('POST', '/storyboards', { ...settings, script: '', voiceId: 'nobody' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['script', 'voiceId']);

    const created = await api('POST', '/storyboards', { ...settings, script: SCRIPT });
    expect(created.status).toBe(201);
    const board = created.body;
    expect(board).toMatchObject({
      status: 'draft',
      version: 1,
      videoId: null,
      title: expect.stringMatching(/^The lighthouse keeper/),
    });
    // The pipeline's own split: one scene a paragraph here, each with a query from the keywords.
    expect(board.scenes.map((s: any) => s.text)).toEqual(SCRIPT.split('\n\n'));
    expect(
      board.scenes.every(
        (s: any) => s.query.length > 0 && s.visual.kind === 'auto' && s.narratedSec === null && s.estimatedSec > 3,
      ),
    ).toBe(true);
    expect(board.cost).toBe(storyboardCost(board.scenes, '720p'));

    // Split the first scene after its first clause, merge the last two, move the new second scene to the end.
    let scenes = splitScene(plain(board), board.scenes[0].id, board.scenes[0].text.indexOf(' as she'));
    scenes = mergeWithNext(scenes, scenes[2]!.id);
    scenes = moveScene(scenes, scenes[1]!.id, 2);
    const saved = await save(api, board, scenes);
    expect(saved.status).toBe(200);
    expect(saved.body.version).toBe(2);
    expect(saved.body.scenes.map((s: any) => s.text)).toEqual([
      'The lighthouse keeper climbs the stairs at dusk,',
      `${SCRIPT.split('\n\n')[1]} ${SCRIPT.split('\n\n')[2]}`,
      'as she has every night for forty years.',
    ]);

    const stale = await save(api, board, scenes);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatch(/changed in another tab or window/);

    const empty = await save(api, saved.body, [
      ...scenes.slice(0, 2),
      { ...scenes[2]!, text: '   ' },
      { ...scenes[0]!, id: scenes[1]!.id },
    ]);
    expect(empty.status).toBe(400);
    expect(empty.body.fields['scenes.2.text']).toMatch(/Write what this scene says/);
    expect(empty.body.fields['scenes.3.id']).toBe('Two scenes have the same id.');
    const unread = await save(api, saved.body, [{ ...scenes[0]!, text: '[Upbeat music]' }], {
      settings: { ...settings, aspect: '4:3' },
    });
    expect(unread.status).toBe(400);
    expect(unread.body.fields['scenes.0.text']).toMatch(/Nothing in this scene can be read aloud/);
    expect(unread.body.fields['settings.aspect']).toBe('Choose 16:9, 9:16 or 1:1.');

    const history = await api('GET', '/videos');
    expect(history.body.items[0]).toMatchObject({
      id: board.id,
      storyboardId: board.id,
      status: 'draft',
      title: saved.body.title,
      creditsCharged: 0,
      video: null,
    });
    expect((await api('GET', `/storyboards/${board.id}`)).body.version).toBe(2);

    const other = await signedUp();
    expect((await other.api('GET', `/storyboards/${board.id}`)).status).toBe(404);
    expect((await other.api('GET', '/videos')).body.items).toEqual([]);
    expect((await api('DELETE', `/storyboards/${board.id}`)).status).toBe(204);
    expect((await api('GET', `/storyboards/${board.id}`)).status).toBe(404);
    expect((await api('GET', '/videos')).body.items).toEqual([]);
    expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT, reserved: 0 });
  });

  it('names the scenes’ uploads that are clips, so the editor can mark them after a reload', async () => {
    const { api, user } = await signedUp();
    const upload = async (name: string, type: string, args: string[]) => {
      const file = path.join(suite.dir, name);
      execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', ...args, file]);
      const form = new FormData();
      form.append('file', new Blob([readFileSync(file)], { type }), name);
      const res = await fetch(`${suite.stack.url}/videos/uploads`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.idToken}` },
        body: form,
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { fileId: string }).fileId;
    };
    const clip = await upload('clip.mp4', 'video/mp4', [
      '-i',
      'testsrc2=s=640x360:r=25:d=2',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
    ]);
    const image = await upload('still.png', 'image/png', ['-i', 'color=c=teal:s=640x360:d=1', '-frames:v', '1']);
    const board = (await api('POST', '/storyboards', { ...settings, script: SCRIPT })).body;
    expect(board.clipFileIds).toEqual([]);
    const scenes = plain(board).map((scene, i) =>
      i < 2
        ? { ...scene, visual: { kind: 'upload' as const, fileId: i === 0 ? image : clip, audio: 'mute' as const } }
        : scene,
    );
    const saved = await save(api, board, scenes);
    expect(saved.status).toBe(200);
    expect(saved.body.clipFileIds).toEqual([clip]);
    expect((await api('GET', `/storyboards/${board.id}`)).body.clipFileIds).toEqual([clip]);
  });

  it('previews a scene: its narration once through the cache, and a JPEG of its picture', async () => {
    const { api, user } = await signedUp();
    const board = (await api('POST', '/storyboards', { ...settings, script: SCRIPT })).body;
    const get = (p: string) =>
      fetch(`${suite.stack.url}${p}`, { headers: { authorization: `Bearer ${user.idToken}` } });
    const wav = await get(`/storyboards/${board.id}/scenes/${board.scenes[0].id}/narration`);
    expect([wav.status, wav.headers.get('content-type')]).toEqual([200, 'audio/wav']);
    const bytes = Buffer.from(await wav.arrayBuffer());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    const narrated = (await api('GET', `/storyboards/${board.id}`)).body.scenes;
    expect(narrated[0].narratedSec).toBeCloseTo((bytes.length - 44) / bytes.readUInt32LE(28), 2);
    expect(narrated[1].narratedSec).toBeNull();

    const jpeg = await get(`/storyboards/${board.id}/scenes/${board.scenes[1].id}/preview`);
    expect([jpeg.status, jpeg.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    const picture = Buffer.from(await jpeg.arrayBuffer());
    expect([...picture.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect((await get(`/storyboards/${board.id}/scenes/nope/preview`)).status).toBe(404);
    // Previews are not charged.
    expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT, reserved: 0 });
  });

  it('limits the previews a user asks for in a minute, but never one already made', async () => {
    const limited = await suite.stack.extraApi({ NARRATION_PREVIEWS_PER_MINUTE: '1', VISUAL_PREVIEWS_PER_MINUTE: '1' });
    try {
      const { api, user } = await signedUp(limited.url);
      // Words no other test has narrated, so nothing is in the cache yet.
      const board = (
        await api('POST', '/storyboards', {
          ...settings,
          script: SCRIPT.replaceAll('lighthouse', 'windmill').replaceAll('sea', 'field'),
        })
      ).body;
      const narration = (i: number) =>
        fetch(`${limited.url}/storyboards/${board.id}/scenes/${board.scenes[i].id}/narration`, {
          headers: { authorization: `Bearer ${user.idToken}` },
        });
      expect((await narration(0)).status).toBe(200);
      const refused = await narration(1);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as { error: string }).error).toMatch(
        /previewed a lot of narration in the last minute/,
      );
      // The first scene's is in the cache: playing it again costs nothing and is not limited.
      expect((await narration(0)).status).toBe(200);

      // New scene pictures likewise; one already made is shown again freely.
      const preview = (i: number) =>
        fetch(`${limited.url}/storyboards/${board.id}/scenes/${board.scenes[i].id}/preview`, {
          headers: { authorization: `Bearer ${user.idToken}` },
        });
      expect((await preview(0)).status).toBe(200);
      const busy = await preview(1);
      expect(busy.status).toBe(429);
      expect(((await busy.json()) as { error: string }).error).toMatch(
        /previewed a lot of scene pictures in the last minute/,
      );
      expect((await preview(0)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('renders with credits held, to a video as long as its narration; a failed render charges nothing and leaves it editable', async () => {
    const { api } = await signedUp();
    const board = (await api('POST', '/storyboards', { ...settings, script: SCRIPT })).body;
    const key = { 'idempotency-key': `render-${board.id}` };
    const render = await api('POST', `/storyboards/${board.id}/render`, undefined, key);
    expect(render.status).toBe(202);
    expect(render.body).toMatchObject({
      storyboardId: board.id,
      cost: board.cost,
      status: expect.stringMatching(/queued|active/),
    });
    const again = await api('POST', `/storyboards/${board.id}/render`, undefined, key);
    expect([again.status, again.body.id]).toEqual([200, render.body.id]);
    expect((await api('POST', `/storyboards/${board.id}/render`)).status).toBe(409);
    expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT - board.cost, reserved: board.cost });
    expect((await api('GET', `/storyboards/${board.id}`)).body).toMatchObject({
      status: 'rendering',
      videoId: render.body.id,
    });

    const done = await settled(api, render.body.id);
    expect(done.status).toBe('succeeded');
    const rendered = (await api('GET', `/storyboards/${board.id}`)).body;
    expect(rendered.status).toBe('rendered');
    expect(rendered.scenes.every((s: any) => s.narratedSec > 1)).toBe(true);
    expect(
      Math.abs((await probedSeconds(done.video.url, 'first.mp4')) - narrationSeconds(rendered.scenes)),
    ).toBeLessThan(0.5);
    expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT - done.creditsCharged, reserved: 0 });
    // Rendered, it is listed as its video, not as a draft.
    expect((await api('GET', '/videos')).body.items.map((v: any) => [v.id, v.status])).toEqual([
      [done.id, 'succeeded'],
    ]);

    // A render whose voice service refuses: the video fails, the credits come back, the storyboard is a draft again.
    const keyed = await suite.stack.reconfigured({
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: `${suite.cloudUrl}/nowhere`,
    });
    try {
      const failing = (await signedUp(keyed.url)).api;
      const draft = (await failing('POST', '/storyboards', { ...settings, voiceId: 'openai-nova', script: SCRIPT }))
        .body;
      const started = await failing('POST', `/storyboards/${draft.id}/render`);
      expect(started.status).toBe(202);
      const failed = await settled(failing, started.body.id);
      expect(failed.status).toBe('failed');
      expect(failed.creditsCharged).toBe(0);
      expect(await balance(failing)).toEqual({ balance: SIGNUP_GRANT, reserved: 0 });
      const back = (await failing('GET', `/storyboards/${draft.id}`)).body;
      expect(back.status).toBe('draft');
      expect((await save(failing, back, plain(back))).status).toBe(200);
    } finally {
      await keyed.close();
    }
  }, 300_000);

  it('renders again after one scene changed, narrating only that scene, and the new video differs only there', async () => {
    const keyed = await suite.stack.reconfigured({
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: `${suite.cloudUrl}/v1`,
    });
    try {
      const { api } = await signedUp(keyed.url);
      const board = (await api('POST', '/storyboards', { ...settings, voiceId: 'openai-nova', script: SCRIPT })).body;
      speech.calls = 0;
      const first = await settled(api, (await api('POST', `/storyboards/${board.id}/render`)).body.id);
      expect(first.status).toBe('succeeded');
      expect(speech.calls).toBe(3);
      const before = (await api('GET', `/storyboards/${board.id}`)).body;

      const edited = plain(before).map((s, i) =>
        i === 1
          ? {
              ...s,
              text: 'Tonight the sea is calm and silver under a thin new moon, and the harbour lights burn low along the old stone quay.',
            }
          : s,
      );
      const saved = (await save(api, before, edited)).body;
      expect(saved.scenes.map((s: any) => s.narratedSec === null)).toEqual([false, true, false]);
      speech.calls = 0;
      speech.inputs = [];
      const second = await settled(api, (await api('POST', `/storyboards/${board.id}/render`)).body.id);
      expect(second.status).toBe('succeeded');
      expect(second.id).not.toBe(first.id);
      expect(speech.calls).toBe(1);
      expect(speech.inputs).toEqual([edited[1]!.text]);

      const after = (await api('GET', `/storyboards/${board.id}`)).body;
      expect(after).toMatchObject({ status: 'rendered', videoId: second.id });
      expect([after.scenes[0].narratedSec, after.scenes[2].narratedSec]).toEqual([
        before.scenes[0].narratedSec,
        before.scenes[2].narratedSec,
      ]);
      expect(after.scenes[1].narratedSec).not.toBe(before.scenes[1].narratedSec);
      expect(
        Math.abs((await probedSeconds(second.video.url, 'second.mp4')) - narrationSeconds(after.scenes)),
      ).toBeLessThan(0.5);
      // Charged like any video of its length: per started minute, once per render.
      expect(await balance(api)).toEqual({
        balance: SIGNUP_GRANT - first.creditsCharged - second.creditsCharged,
        reserved: 0,
      });
      expect(second.creditsCharged).toBeGreaterThan(0);
    } finally {
      await keyed.close();
    }
  }, 300_000);
});
