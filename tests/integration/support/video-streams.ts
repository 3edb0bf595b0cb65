import { expect } from 'vitest';
import type { ProbeResult } from '~/server/media/ffmpeg.ts';

/** What every finished video holds: one H.264 picture of the asked size and one AAC sound, nothing else. */
export function expectOnePictureAndSound(info: ProbeResult, size: { width: number; height: number }): void {
  expect(info.streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
  expect(info.streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'h264', ...size });
  expect(info.streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
}
