/**
 * Picture choices that work on this server: the picture dialog opens on a source the server has, a finished video
 * names what its scenes used, one in progress the plan on this server, and a scene newly set to an AI image is
 * found for the storyboard's refusal when there is no image model.
 */
import { describe, expect, it } from 'vitest';
import { openingTab } from '~/app/features/videos/storyboard/model';
import {
  MISSING_SOURCE_REASONS,
  NO_IMAGE_MODEL_MESSAGE,
  picturePlan,
  picturesSummary,
} from '~/contract/picture-choices';
import type { ScenePicture } from '~/contract/video';
import { newAiChoice } from '~/server/features/videos/storyboard/checks';

const none = { stock: false, ai: false };
const all = { stock: true, ai: true };
const pictures = (...sources: ScenePicture['source'][]) => sources.map((source) => ({ source, subjects: [] }));

describe('what a video’s scenes used', () => {
  it('counts each source, most used first, in words', () => {
    expect(
      picturesSummary(
        pictures('illustration', 'designed', 'illustration', 'illustration', 'illustration', 'illustration'),
      ),
    ).toBe('Illustrations (5 scenes), designed background (1)');
    expect(picturesSummary(pictures('designed'))).toBe('Designed background (1 scene)');
    expect(picturesSummary(pictures('stock', 'ai', 'stock', 'upload', 'upload'))).toBe(
      'Stock clips and photos (2 scenes), your uploads (2), AI image (1)',
    );
    // Videos made before pictures were kept say nothing rather than guess.
    expect(picturesSummary([])).toBeNull();
  });

  it('says the plan on this server: never a source it lacks', () => {
    expect(picturePlan('stock-first', none)).toBe(
      "Illustrations drawn from each scene's words, or a designed background where none has a picture",
    );
    expect(picturePlan('ai-first', { stock: true, ai: false })).toBe(
      "Stock clips and photos first, then illustrations drawn from each scene's words, or a designed background where none has a picture",
    );
    expect(picturePlan('stock-first', all)).toMatch(
      /^Stock clips and photos first, then AI images, then illustrations/,
    );
    expect(picturePlan('designed', all)).toBe('Designed backgrounds only');
    expect(picturePlan('stock-first', none)).not.toMatch(/stock|AI/i);
  });
});

describe('where the picture dialog opens', () => {
  const lacking = { stock: true, ai: true };
  it('opens on a source this server has', () => {
    // No keys: not on Stock, which cannot work, but on the first source of the order that does.
    expect(openingTab({ kind: 'auto' }, 'stock-first', lacking)).toBe('illustration');
    expect(openingTab({ kind: 'auto' }, 'ai-first', lacking)).toBe('illustration');
    expect(openingTab({ kind: 'auto' }, 'designed', lacking)).toBe('designed');
    // A scene set to AI on a server that lost its model opens where its picture really comes from.
    expect(openingTab({ kind: 'ai', prompt: 'a lighthouse', seed: 1 }, 'stock-first', lacking)).toBe('illustration');
    expect(openingTab({ kind: 'ai', prompt: 'a lighthouse', seed: 1 }, 'stock-first', { stock: true, ai: false })).toBe(
      'ai',
    );
    expect(openingTab({ kind: 'upload', fileId: 'f', audio: 'mute' }, 'stock-first', lacking)).toBe('upload');
    // With a stock key, Stock first as the order says.
    expect(openingTab({ kind: 'auto' }, 'stock-first', { stock: false, ai: true })).toBe('stock');
    expect(openingTab({ kind: 'auto' }, 'ai-first', { stock: false, ai: true })).toBe('stock');
    // Before the server has answered, nothing is taken as missing.
    expect(openingTab({ kind: 'auto' }, 'stock-first', null)).toBe('stock');
  });

  it('explains a missing source by the key that would add it', () => {
    expect(MISSING_SOURCE_REASONS.stock).toMatch(/PEXELS_API_KEY or PIXABAY_API_KEY/);
    expect(MISSING_SOURCE_REASONS.ai).toMatch(/OPENAI_API_KEY or FAL_KEY/);
    expect(NO_IMAGE_MODEL_MESSAGE).toMatch(/Choose an illustration/);
  });
});

describe('an AI choice on a server without an image model', () => {
  const ai = (seed: number) => ({ kind: 'ai', prompt: 'a lighthouse', seed }) as const;
  const saved = [
    { id: 'a', visual: ai(1) },
    { id: 'b', visual: { kind: 'auto' } as const },
  ];
  it('finds a new AI choice, prompt or seed, and lets one saved before stay', () => {
    expect(newAiChoice(saved, saved)).toBe(-1);
    // As the database gives it back, keys in another order.
    expect(newAiChoice(saved, [{ id: 'a', visual: { seed: 1, prompt: 'a lighthouse', kind: 'ai' } }])).toBe(-1);
    expect(newAiChoice([saved[0]!, { id: 'b', visual: ai(1) }], saved)).toBe(1);
    expect(newAiChoice([{ id: 'a', visual: ai(2) }, saved[1]!], saved)).toBe(0);
    expect(newAiChoice([{ id: 'c', visual: ai(1) }], saved)).toBe(0);
    expect(newAiChoice([saved[1]!], saved)).toBe(-1);
  });
});
