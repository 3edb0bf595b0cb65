import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fieldErrors as flattenIssues } from '~/contract/errors.ts';
import { ASPECT_SIZES, IMAGE_ASPECTS, imageRequestSchema, resolveImageEngine } from '~/contract/images';
import { imageDimensions } from '~/server/media/image-size';
import { withExifOrientation } from '../support/exif';

const fieldErrors = (input: unknown) => {
  const result = imageRequestSchema.safeParse(input);
  return result.success ? {} : flattenIssues(result.error.issues);
};

describe('image request validation', () => {
  it('fills defaults and leaves the seed unset for a random one', () => {
    expect(imageRequestSchema.parse({ prompt: 'a red fox in snow' })).toEqual({
      prompt: 'a red fox in snow',
      negativePrompt: '',
      aspect: '1:1',
      style: 'none',
      engine: 'auto',
      count: 1,
    });
  });

  it('names each invalid field', () => {
    const errors = fieldErrors({ prompt: 'x', aspect: '2:1', style: 'oil', count: 5, seed: -1 });
    expect(errors).toEqual({
      prompt: 'Describe the image in at least 3 characters.',
      aspect: 'Choose an aspect ratio.',
      style: 'Choose a style.',
      count: 'Make at most 4 images at once.',
      seed: 'The seed cannot be negative.',
    });
    expect(fieldErrors({ prompt: 'fox', seed: 1.5 }).seed).toBe('The seed is a whole number.');
    expect(fieldErrors({ prompt: 'fox', count: 0 }).count).toBe('Make at least one image.');
  });

  it('has an exact pixel size for every aspect ratio', () => {
    for (const aspect of IMAGE_ASPECTS) {
      const [w, h] = aspect.split(':').map(Number) as [number, number];
      const size = ASPECT_SIZES[aspect];
      expect(size.width * h).toBe(size.height * w);
      expect(size.width % 16).toBe(0);
      expect(size.height % 16).toBe(0);
    }
  });
});

describe('which engine a request runs on', () => {
  const only =
    (...ids: string[]) =>
    (id: string) =>
      ids.includes(id);

  it('takes FLUX, then OpenAI, then the offline artwork for "auto", and a named engine only when it is there', () => {
    expect(resolveImageEngine('auto', only('fal', 'openai'))).toBe('fal');
    expect(resolveImageEngine('auto', only('openai'))).toBe('openai');
    expect(resolveImageEngine('auto', only())).toBe('offline');
    expect(resolveImageEngine('offline', only('fal'))).toBe('offline');
    expect(resolveImageEngine('openai', only('fal'))).toBeUndefined();
  });
});

describe('image dimensions from file headers', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'nxn-dims-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each(['png', 'jpg', 'webp'])('reads a %s file', (ext) => {
    const file = path.join(dir, `probe.${ext}`);
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=orange:s=40x22',
      '-frames:v',
      '1',
      file,
    ]);
    expect(imageDimensions(readFileSync(file))).toEqual({ width: 40, height: 22 });
  });

  it('reports a JPEG turned by its EXIF orientation at its upright size', () => {
    const file = path.join(dir, 'sideways.jpg');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=orange:s=40x22',
      '-frames:v',
      '1',
      file,
    ]);
    const jpeg = readFileSync(file);
    expect(imageDimensions(withExifOrientation(jpeg, 6, 'MM'))).toEqual({ width: 22, height: 40 });
    expect(imageDimensions(withExifOrientation(jpeg, 8, 'II'))).toEqual({ width: 22, height: 40 });
    expect(imageDimensions(withExifOrientation(jpeg, 3, 'II'))).toEqual({ width: 40, height: 22 });
  });

  it('returns nothing for other bytes', () => {
    expect(imageDimensions(Buffer.from('GIF89a....'))).toBeUndefined();
  });
});
