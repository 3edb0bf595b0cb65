import { describe, expect, it } from 'vitest';
import {
  buildTimeline,
  DEFAULT_TIMELINE,
  overlapFrames,
  PAN_FRAMES_PER_PIXEL,
  stillSize,
} from '~/server/media/timeline.ts';

describe('buildTimeline', () => {
  const audio = [8000, 12_500, 9000];
  const timeline = buildTimeline(audio, false);

  it('lasts lead-in + narration + gaps + tail', () => {
    const expected = DEFAULT_TIMELINE.leadInMs + 29_500 + 2 * DEFAULT_TIMELINE.gapMs + DEFAULT_TIMELINE.tailMs;
    expect(Math.abs(timeline.totalMs - expected)).toBeLessThanOrEqual(1000 / DEFAULT_TIMELINE.fps);
    expect(timeline.totalFrames).toBe(Math.round((expected * 25) / 1000));
  });

  it('places each scene’s narration after the previous one plus a gap', () => {
    expect(timeline.scenes.map((s) => s.audioStartMs)).toEqual([
      300,
      300 + 8000 + 500,
      300 + 8000 + 500 + 12_500 + 500,
    ]);
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
    const short = buildTimeline([3000, 200, 3000], false, [], { ...DEFAULT_TIMELINE, gapMs: 100 });
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

describe('buildTimeline with transitions', () => {
  const audio = [8000, 12_500, 9000, 7000];
  const crossfaded = buildTimeline(audio, false);
  const mixed = buildTimeline(audio, false, ['crossfade', 'cut', 'dip', 'crossfade']);

  it('keeps the length and the narration wherever the transitions differ', () => {
    expect(mixed.totalFrames).toBe(crossfaded.totalFrames);
    expect(mixed.scenes.map((s) => s.audioStartMs)).toEqual(crossfaded.scenes.map((s) => s.audioStartMs));
  });

  it('changes picture on the cut frame for a cut or a dip, with no overlap', () => {
    const [, b, c, d] = mixed.scenes;
    const cutFrame = (i: number) =>
      Math.round(((mixed.scenes[i]!.audioStartMs - DEFAULT_TIMELINE.gapMs / 2) * 25) / 1000);
    expect(b!.transition).toBe('cut');
    expect(b!.firstFrame).toBe(cutFrame(1));
    expect(mixed.scenes[0]!.frames).toBe(b!.firstFrame);
    expect(c!.transition).toBe('dip');
    expect(c!.firstFrame).toBe(cutFrame(2));
    expect(b!.firstFrame + b!.frames).toBe(c!.firstFrame);
    // The crossfade into the last scene still overlaps the dip scene by one crossfade.
    expect(c!.firstFrame + c!.frames - d!.firstFrame).toBe(mixed.transitionFrames);
    expect([0, 1, 2, 3].map((i) => overlapFrames(mixed, i))).toEqual([0, 0, 0, mixed.transitionFrames]);
  });

  it('covers every frame exactly once outside crossfades', () => {
    let covered = 0;
    for (const [i, s] of mixed.scenes.entries()) covered += s.frames - overlapFrames(mixed, i);
    expect(covered).toBe(mixed.totalFrames);
  });

  it('reads a timeline saved before transitions as all crossfades', () => {
    const old = { ...crossfaded, scenes: crossfaded.scenes.map(({ transition: _, ...s }) => s) };
    expect(overlapFrames(old, 2)).toBe(crossfaded.transitionFrames);
  });
});

describe('stillSize', () => {
  it('gives every still the frame plus the longest pan on each axis and two spare pixels, rounded to even', () => {
    const timeline = buildTimeline([8000, 12_500, 9000], false);
    // A pixel every PAN_FRAMES_PER_PIXEL frames.
    const travel = (axis: 'dx' | 'dy') =>
      Math.max(
        ...timeline.scenes
          .filter((s) => s.pan[axis] !== 0)
          .map((s) => Math.floor((s.frames - 1) / PAN_FRAMES_PER_PIXEL)),
      );
    const longestX = travel('dx');
    const longestY = travel('dy');
    const size = stillSize(timeline, 1920, 1080);
    // The renderer reads odd pan positions from a copy of the still shifted by one pixel, which gives up two.
    expect(size.width - 1920 - longestX).toBeGreaterThanOrEqual(2);
    expect(size.width - 1920 - longestX).toBeLessThanOrEqual(3);
    expect(size.height - 1080 - longestY).toBeGreaterThanOrEqual(2);
    expect(size.height - 1080 - longestY).toBeLessThanOrEqual(3);
    expect((size.width % 2) + (size.height % 2)).toBe(0);
  });
});
