import { describe, expect, it } from 'vitest';
import { generatePad } from '~/server/media/music.ts';
import { decodeWav, encodeWav, normalizingGain } from '~/server/media/wav.ts';

describe('WAV files', () => {
  it('round-trips 16-bit PCM', () => {
    const pcm = Int16Array.from([0, 1000, -1000, 32767, -32768]);
    const decoded = decodeWav(encodeWav({ pcm, sampleRate: 22050, channels: 1 }));
    expect(decoded.sampleRate).toBe(22050);
    expect(decoded.channels).toBe(1);
    expect([...decoded.pcm]).toEqual([...pcm]);
  });

  it('reads streamed WAVs whose data size was left unset', () => {
    const file = encodeWav({ pcm: Int16Array.from([1, 2, 3]), sampleRate: 24000, channels: 1 });
    file.writeUInt32LE(0xffffffff, 40);
    expect([...decodeWav(file).pcm]).toEqual([1, 2, 3]);
  });

  it('normalises the loudest sample to the target peak', () => {
    expect(normalizingGain([Int16Array.from([100, -16384])], 1)).toBeCloseTo(2, 3);
    expect(normalizingGain([new Int16Array(10)])).toBe(1);
  });
});

describe('generatePad', () => {
  const sampleRate = 8000;
  const pad = generatePad({ sampleRate, seconds: 8, seed: 3 });

  it('makes a stereo loop of the asked length at a moderate level', () => {
    expect(pad.length).toBe(sampleRate * 8 * 2);
    const peak = pad.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
    expect(peak).toBeGreaterThan(15_000);
    expect(peak).toBeLessThanOrEqual(16_384);
  });

  it('loops without a click: the wrap is no bigger a step than any other', () => {
    const left = (i: number) => pad[((i + pad.length / 2) % (pad.length / 2)) * 2]!;
    let largestStep = 0;
    for (let i = 1; i < pad.length / 2; i++) largestStep = Math.max(largestStep, Math.abs(left(i) - left(i - 1)));
    expect(Math.abs(left(0) - left(-1))).toBeLessThanOrEqual(largestStep);
  });

  it('changes key with the seed', () => {
    expect(generatePad({ sampleRate, seconds: 8, seed: 4 })).not.toEqual(pad);
  });
});
