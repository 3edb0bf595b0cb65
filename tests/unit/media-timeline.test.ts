import { describe, expect, it } from 'vitest';
import { buildTimeline, DEFAULT_TIMELINE, stillSize } from '~/server/media/timeline.ts';

describe('buildTimeline', () => {
  const audio = [8000, 12_500, 9000];
  const timeline = buildTimeline(audio, false);

  it('lasts lead-in + narration + gaps + tail', () => {
    const expected = DEFAULT_TIMELINE.leadInMs + 29_500 + 2 * DEFAULT_TIMELINE.gapMs + DEFAULT_TIMELINE.tailMs;
    expect(Math.abs(timeline.totalMs - expected)).toBeLessThanOrEqual(1000 / DEFAULT_TIMELINE.fps);
    expect(timeline.totalFrames).toBe(Math.round((expected * 25) / 1000));
  });

  it('places each scene’s narration after the previous one plus a gap', () => {
    expect(timeline.scenes.map((s) => s.audioStartMs)).toEqual([300, 300 + 8000 + 500, 300 + 8000 + 500 + 12_500 + 500]);
  });

  it('covers every frame, overlapping neighbours by exactly one crossfade', () => {
    const [a, b, c] = timeline.scenes;
    expect(a!.firstFrame).toBe(0);
    expect(c!.firstFrame + c!.frames).toBe(timeline.totalFrames);
    expect(a!.firstFrame + a!.frames - b!.firstFrame).toBe(timeline.transitionFrames);
    expect(b!.firstFrame + b!.frames - c!.firstFrame).toBe(timeline.transitionFrames);
  });

  it('crossfades in the silence between two scenes, never over their words', () => {
    for (let i = 1; i < timeline.scenes.length; i++) {
      const previous = timeline.scenes[i - 1]!;
      const scene = timeline.scenes[i]!;
      const fadeStartMs = (scene.firstFrame * 1000) / timeline.fps;
      const fadeEndMs = ((scene.firstFrame + timeline.transitionFrames) * 1000) / timeline.fps;
      expect(fadeStartMs).toBeGreaterThanOrEqual(previous.audioStartMs + previous.audioMs - 200);
      expect(fadeEndMs).toBeLessThanOrEqual(scene.audioStartMs + 200);
    }
  });

  it('shortens crossfades so they never overlap around a very short scene', () => {
    const short = buildTimeline([3000, 200, 3000], false, { ...DEFAULT_TIMELINE, gapMs: 100 });
    const [a, b, c] = short.scenes;
    expect(short.transitionFrames).toBeLessThan(DEFAULT_TIMELINE.transitionFrames);
    expect(b!.firstFrame + short.transitionFrames).toBeLessThanOrEqual(c!.firstFrame);
    expect(a!.firstFrame + a!.frames).toBeLessThanOrEqual(c!.firstFrame);
  });

  it('alternates pan directions, along the long side of tall frames', () => {
    const tall = buildTimeline(audio, true);
    expect(new Set(timeline.scenes.map((s) => `${s.pan.dx},${s.pan.dy}`)).size).toBe(3);
    expect(tall.scenes[0]!.pan).toEqual({ dx: 0, dy: 1 });
  });
});

describe('stillSize', () => {
  it('gives every still the frame plus the longest pan on each axis and two spare pixels, rounded to even', () => {
    const timeline = buildTimeline([8000, 12_500, 9000], false);
    const longestX = Math.max(...timeline.scenes.filter((s) => s.pan.dx !== 0).map((s) => s.frames - 1));
    const longestY = Math.max(...timeline.scenes.filter((s) => s.pan.dy !== 0).map((s) => s.frames - 1));
    const size = stillSize(timeline, 1920, 1080);
    // The renderer reads odd pan positions from a copy of the still shifted by one pixel, which gives up two.
    expect(size.width - 1920 - longestX).toBeGreaterThanOrEqual(2);
    expect(size.width - 1920 - longestX).toBeLessThanOrEqual(3);
    expect(size.height - 1080 - longestY).toBeGreaterThanOrEqual(2);
    expect(size.height - 1080 - longestY).toBeLessThanOrEqual(3);
    expect(size.width % 2 + (size.height % 2)).toBe(0);
  });
});
