/**
 * The pipeline as a resumable, cancellable job: a run killed after narration resumes without narrating again,
 * cancelling stops ffmpeg at once, and failures come back in plain words.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createVideoRequestSchema, NOTHING_TO_READ_MESSAGE } from '~/contract/video.ts';
import { findVoice, type Voice } from '~/contract/voices.ts';
import { MediaError } from '~/server/features/videos/errors.ts';
import {
  readManifest,
  runVideoPipeline,
  type VideoProviders,
  type VideoStage,
} from '~/server/features/videos/pipeline/run.ts';
import { ProviderError } from '~/server/providers/http.ts';
import { createDesignedImageProvider } from '~/server/providers/images/designed-provider.ts';
import { createEspeakProvider } from '~/server/providers/tts/espeak.ts';
import type { SynthesisOptions, TtsProvider } from '~/server/providers/tts/types.ts';
import { withExifOrientation } from '../support/exif.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'nxn-media-pipeline-'));
const espeak = createEspeakProvider();
const images = createDesignedImageProvider();

const request = createVideoRequestSchema.parse({
  script:
    'Resuming saves a lot of time. A crash costs only one stage of work.\n\nThe rest of the work comes straight from the manifest on disk.',
  voiceId: 'en-us-olivia',
  aspect: '1:1',
  resolution: '720p',
  captions: 'line',
  visuals: 'generated',
  music: { enabled: false, volume: 30 },
});

/** eSpeak, counting how often it is asked to speak. */
function countingVoices(): VideoProviders['voices'] & { calls: number } {
  const counter = {
    calls: 0,
    findVoice: async (id: string) => findVoice(id),
    forVoice: (): TtsProvider => ({
      engine: 'espeak',
      synthesize: (text: string, voice: Voice, options?: SynthesisOptions) => {
        counter.calls++;
        return espeak.synthesize(text, voice, options);
      },
    }),
  };
  return counter;
}

/** Aborts the run the first time `stage` reports progress (at `atLeast` or later). */
function abortAt(stage: VideoStage, atLeast = 0) {
  const controller = new AbortController();
  return {
    signal: controller.signal,
    onProgress: (current: VideoStage, fraction: number) => {
      if (current === stage && fraction >= atLeast && !controller.signal.aborted) controller.abort();
    },
  };
}

const ffmpegRunningIn = (dir: string): boolean =>
  fs.readdirSync('/proc').some((pid) => {
    if (!/^\d+$/.test(pid)) return false;
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      return cmd.startsWith('ffmpeg') && cmd.includes(dir);
    } catch {
      return false;
    }
  });

afterAll(async () => {
  await Promise.all([espeak.close(), images.close()]);
  fs.rmSync(root, { recursive: true, force: true });
});

describe('runVideoPipeline', () => {
  it('resumes after a crash: finished stages are skipped, not redone', async () => {
    const workDir = path.join(root, 'resume');
    const voices = countingVoices();
    const interrupted = abortAt('visuals');
    await expect(
      runVideoPipeline({ jobId: 'resume', workDir, request, providers: { voices, images }, ...interrupted }),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
    const first = (await readManifest(workDir))!;
    expect(Object.keys(first.finished)).toEqual(['clean', 'split', 'narrate']);
    const narrated = voices.calls;
    // A scene per sentence: three sentences, three scenes, each narrated once.
    expect(first.scenes).toHaveLength(3);
    expect(narrated).toBe(3);

    const stages: VideoStage[] = [];
    const result = await runVideoPipeline({
      jobId: 'resume',
      workDir,
      request,
      providers: { voices, images },
      onProgress: (stage) => {
        if (stages.at(-1) !== stage) stages.push(stage);
      },
    });
    const second = (await readManifest(workDir))!;
    expect(voices.calls).toBe(narrated);
    expect(second.finished.narrate).toBe(first.finished.narrate);
    expect(second.finished.clean).toBe(first.finished.clean);
    expect(Object.keys(second.finished)).toEqual([
      'clean',
      'split',
      'narrate',
      'visuals',
      'captions',
      'render',
      'thumbnail',
      'store',
    ]);
    expect(fs.existsSync(result.video)).toBe(true);
    expect([result.width, result.height]).toEqual([720, 720]);

    // A third run finds everything done and returns the same result without working.
    const again = await runVideoPipeline({ jobId: 'resume', workDir, request, providers: { voices, images } });
    expect(again).toEqual(result);
    expect((await readManifest(workDir))!.finished).toEqual(second.finished);
    expect(voices.calls).toBe(narrated);
  });

  it('cancels a render at once: ffmpeg is killed and no partial video is left', async () => {
    const workDir = path.join(root, 'cancel');
    const cancel = abortAt('render', 0.3);
    const pids: number[] = [];
    await expect(
      runVideoPipeline({
        jobId: 'cancel',
        workDir,
        request,
        providers: { voices: countingVoices(), images },
        onFfmpegSpawn: (pid) => pids.push(pid),
        ...cancel,
      }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(pids).toHaveLength(1);
    expect(fs.existsSync(`/proc/${pids[0]}`)).toBe(false);
    expect(ffmpegRunningIn(workDir)).toBe(false);
    expect(fs.existsSync(path.join(workDir, 'video.mp4'))).toBe(false);
    expect(fs.existsSync(path.join(workDir, 'video.partial.mp4'))).toBe(false);
    expect((await readManifest(workDir))!.finished.render).toBeUndefined();
  });

  it('says in plain words which scene failed, with the provider’s reason', async () => {
    let calls = 0;
    const flaky: VideoProviders['voices'] = {
      findVoice: async (id) => findVoice(id),
      forVoice: () => ({
        engine: 'openai',
        synthesize: (text, voice, options) => {
          calls++;
          if (calls === 2)
            return Promise.reject(
              new ProviderError('rate_limited', 'OpenAI is busy right now. Please try again in a minute.', {
                status: 429,
              }),
            );
          return espeak.synthesize(text, voice, options);
        },
      }),
    };
    const error = await runVideoPipeline({
      jobId: 'fail',
      workDir: path.join(root, 'fail'),
      request,
      providers: { voices: flaky, images },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaError);
    expect((error as MediaError).message).toBe(
      "We couldn't generate the narration for scene 2. OpenAI is busy right now. Please try again in a minute.",
    );
    expect((error as MediaError).stage).toBe('narrate');
  });

  it('stops before visuals and rendering when the spoken narration runs past 5 minutes, for good', async () => {
    // A slow voice: each of the three scenes takes 1:40, so with the breaths around them the video would run 5:02.
    const slow: VideoProviders['voices'] = {
      findVoice: async (id) => findVoice(id),
      forVoice: () => ({
        engine: 'openai',
        synthesize: async () => ({ pcm: new Int16Array(100 * 8000), sampleRate: 8000, durationMs: 100_000, words: [] }),
      }),
    };
    const stages: VideoStage[] = [];
    const workDir = path.join(root, 'too-long');
    const error = await runVideoPipeline({
      jobId: 'long',
      workDir,
      request,
      providers: { voices: slow, images },
      onProgress: (stage) => stages.push(stage),
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'MediaError',
      stage: 'narrate',
      retryable: false,
      message:
        'The narration runs 5:02, over the 5-minute limit. Shorten the script and try again. No credits were charged.',
    });
    expect(stages).not.toContain('visuals');
    expect(fs.existsSync(path.join(workDir, 'video.mp4'))).toBe(false);
  });

  it('refuses a script with nothing to read aloud', async () => {
    const empty = { ...request, script: '🚀 https://example.com 🎉' };
    await expect(
      runVideoPipeline({
        jobId: 'empty',
        workDir: path.join(root, 'empty'),
        request: empty,
        providers: { voices: countingVoices(), images },
      }),
    ).rejects.toThrow(NOTHING_TO_READ_MESSAGE);
  });
});

describe('uploaded images', () => {
  /** A solid-colour image file made by ffmpeg, in the format its extension names. */
  const solid = (name: string, color: string, size: string): string => {
    const file = path.join(root, name);
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `color=c=${color}:s=${size}`,
      '-frames:v',
      '1',
      file,
    ]);
    return file;
  };

  /** Mean RGB of the frame at `seconds`, over the rows `from` to `to` of 16 horizontal bands. */
  const colourAt = (video: string, seconds: number, from = 0, to = 16): number[] => {
    const rgb = execFileSync('ffmpeg', [
      '-v',
      'error',
      '-ss',
      String(seconds),
      '-i',
      video,
      '-frames:v',
      '1',
      '-vf',
      'scale=16:16',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-',
    ]);
    const band = rgb.subarray(from * 16 * 3, to * 16 * 3);
    return [0, 1, 2].map((c) => band.filter((_, i) => i % 3 === c).reduce((a, b) => a + b, 0) / (band.length / 3));
  };

  it('shows the user’s images in order, scaled to fill the frame', async () => {
    const uploads = [solid('red.jpg', 'red', '640x480'), solid('blue.png', 'blue', '300x900')];
    const result = await runVideoPipeline({
      jobId: 'uploads',
      workDir: path.join(root, 'uploads'),
      request: { ...request, captions: 'off', visuals: 'uploaded', imageFileIds: ['a', 'b'] },
      uploads,
      providers: { voices: countingVoices(), images },
    });
    const manifest = (await readManifest(path.join(root, 'uploads')))!;
    const [first, second] = manifest.timeline!.scenes;
    const [r1, , b1] = colourAt(result.video, (first!.firstFrame + 10) / 25);
    // The middle of the second scene: its end is now the crossfade into the third.
    const [r2, , b2] = colourAt(result.video, (second!.firstFrame + second!.frames / 2) / 25);
    expect(r1).toBeGreaterThan(200);
    expect(b1).toBeLessThan(40);
    expect(b2).toBeGreaterThan(200);
    expect(r2).toBeLessThan(40);
  });

  it('shows a phone photo upright when its EXIF orientation says it was stored sideways', async () => {
    // Stored landscape, blue on the left; orientation 6 turns it a quarter clockwise, so blue belongs on top.
    const stored = path.join(root, 'sideways-stored.jpg');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=red:s=640x360',
      '-vf',
      'drawbox=x=0:y=0:w=320:h=360:c=blue:t=fill',
      '-frames:v',
      '1',
      stored,
    ]);
    const photo = path.join(root, 'sideways.jpg');
    fs.writeFileSync(photo, withExifOrientation(fs.readFileSync(stored), 6, 'II'));
    const result = await runVideoPipeline({
      jobId: 'sideways',
      workDir: path.join(root, 'sideways'),
      request: {
        ...request,
        script: 'A photo from a phone.',
        aspect: '9:16',
        captions: 'off',
        visuals: 'uploaded',
        imageFileIds: ['a'],
      },
      uploads: [photo],
      providers: { voices: countingVoices(), images },
    });
    const middle = result.durationMs / 2000;
    const [topRed, , topBlue] = colourAt(result.video, middle, 1, 7);
    const [bottomRed, , bottomBlue] = colourAt(result.video, middle, 9, 15);
    expect(topBlue).toBeGreaterThan(200);
    expect(topRed).toBeLessThan(40);
    expect(bottomRed).toBeGreaterThan(200);
    expect(bottomBlue).toBeLessThan(40);
  });

  it('says which image it could not read', async () => {
    const broken = path.join(root, 'broken.png');
    fs.writeFileSync(broken, 'not an image');
    const error = await runVideoPipeline({
      jobId: 'broken',
      workDir: path.join(root, 'broken'),
      request: { ...request, visuals: 'uploaded', imageFileIds: ['a'] },
      uploads: [broken],
      providers: { voices: countingVoices(), images },
    }).catch((e: unknown) => e);
    expect((error as MediaError).message).toBe(
      "We couldn't read your image 1. Please upload JPEG, PNG or WebP images.",
    );
  });
});
