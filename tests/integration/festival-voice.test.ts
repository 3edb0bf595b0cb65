/**
 * The Festival HTS voice on the real program (Debian `festival` + `festvox-us-slt-hts`, installed by
 * scripts/ensure-system-deps.sh): audio with word times, a finished recording through the speech pipeline, a short
 * captioned video, and the server's behaviour when the program is missing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { speechRequestSchema } from '~/contract/speech';
import { createVideoRequestSchema } from '~/contract/video';
import { findVoice } from '~/contract/voices';
import { synthesizeSpeech } from '~/server/features/speech/synthesize';
import { runVideoPipeline } from '~/server/features/videos/pipeline/run';
import { decodeWav } from '~/server/media/wav';
import { ProviderError } from '~/server/providers/http';
import { createDesignedImageProvider } from '~/server/providers/images/designed-provider';
import { createFestivalProvider, festivalInstalled } from '~/server/providers/tts/festival';
import { availableEngines, createTtsProviders } from '~/server/providers/tts/index';

const FESTIVAL = '/usr/bin/festival';
const installed = festivalInstalled(FESTIVAL);
if (!installed)
  console.warn(
    `Festival tests skipped: ${FESTIVAL} or its SLT HTS voice is not installed (run scripts/ensure-system-deps.sh).`,
  );

const sally = findVoice('en-us-festival-slt')!;
const keys = (festivalPath: string) => ({
  openaiBaseUrl: 'http://unused',
  elevenlabsBaseUrl: 'http://unused',
  festivalPath,
});

describe.skipIf(!installed)('Festival HTS voice', () => {
  it('speaks any text, quotes and backslashes included, with a time for each written word', async () => {
    const text = 'She said "hello" to 21 friends \\ then left, quickly. Done!';
    const festival = createFestivalProvider({ command: FESTIVAL });
    const result = await festival.synthesize(text, sally);
    expect(result.sampleRate).toBe(32_000);
    expect(result.durationMs).toBeGreaterThan(2000);
    expect(result.words.map((w) => w.text)).toEqual([
      'She',
      'said',
      '"hello"',
      'to',
      '21',
      'friends \\',
      'then',
      'left,',
      'quickly.',
      'Done!',
    ]);
    for (let i = 1; i < result.words.length; i++)
      expect(result.words[i]!.startMs).toBeGreaterThan(result.words[i - 1]!.startMs);
    // Speech, not silence, where Festival says "quickly" is.
    const quickly = result.words[8]!;
    const samples = result.pcm.subarray(
      Math.round((quickly.startMs / 1000) * 32_000),
      Math.round((quickly.endMs / 1000) * 32_000),
    );
    expect(Math.max(...samples.map(Math.abs))).toBeGreaterThan(3000);
    // The pause Festival makes after "left," is not counted as part of the word.
    expect(result.words[8]!.startMs - result.words[7]!.endMs).toBeGreaterThan(50);
    const faster = await festival.synthesize(text, sally, { speed: 1.5 });
    expect(faster.durationMs).toBeLessThan(result.durationMs * 0.8);
  });

  it('makes a finished recording in the text-to-speech pipeline, labelled as Festival', async () => {
    const tts = createTtsProviders(keys(FESTIVAL));
    expect(tts.configured.festival).toBe(true);
    try {
      const out = await synthesizeSpeech(
        speechRequestSchema.parse({ text: 'A calm voice, made offline.', voiceId: sally.id }),
        { tts },
      );
      expect(out.engine).toEqual({ id: 'festival', label: 'Festival HTS (offline)' });
      const wav = decodeWav(out.wav);
      expect(wav.sampleRate).toBe(out.sampleRate);
      expect(out.durationMs).toBeGreaterThan(1000);
      expect(out.mp3.subarray(0, 3).toString('latin1') === 'ID3' || out.mp3[0] === 0xff).toBe(true);
    } finally {
      await tts.close();
    }
  });

  it('narrates a video with word captions', async () => {
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nxn-festival-video-'));
    const tts = createTtsProviders(keys(FESTIVAL));
    const images = createDesignedImageProvider();
    try {
      const request = createVideoRequestSchema.parse({
        script: 'Festival reads this video. Every word gets its caption.',
        voiceId: sally.id,
        aspect: '1:1',
        resolution: '720p',
        captions: 'word',
        visuals: 'generated',
        music: { enabled: false, volume: 30 },
      });
      const result = await runVideoPipeline({
        jobId: 'festival',
        workDir,
        request,
        providers: { voices: tts, images },
      });
      expect(fs.statSync(result.video).size).toBeGreaterThan(10_000);
      expect(result.durationMs).toBeGreaterThan(2000);
      const srt = fs.readFileSync(result.subtitles, 'utf8');
      const cues = srt
        .trim()
        .split(/\n\n/)
        .map((cue) => cue.split('\n'));
      expect(cues.map((lines) => lines.slice(2).join(' '))).toEqual([
        'Festival reads this video.',
        'Every word gets its caption.',
      ]);
      // The first caption waits for Festival's first word instead of starting at 0.
      expect(cues[0]![1]).toMatch(/^00:00:00,[1-9]\d{2} --> 00:00:0\d,\d{3}$/);
    } finally {
      await Promise.all([tts.close(), images.close()]);
      fs.rmSync(workDir, { recursive: true, force: true });
    }
  });
});

describe('Festival missing from the server', () => {
  it('shows its voice as unavailable and refuses it with a plain reason, without crashing', async () => {
    expect(availableEngines(keys('/nonexistent/festival')).festival).toBe(false);
    const tts = createTtsProviders(keys('/nonexistent/festival'));
    try {
      expect(() => tts.forVoice(sally)).toThrow('Festival HTS voices need Festival HTS installed on the server.');
      expect(tts.forVoice(findVoice('en-us-olivia')!).engine).toBe('espeak');
    } finally {
      await tts.close();
    }
    const error = await createFestivalProvider({ command: '/nonexistent/festival' })
      .synthesize('Hi.', sally)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).kind).toBe('rejected');
  });
});
