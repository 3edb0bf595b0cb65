import { describe, expect, it } from 'vitest';
import {
  INITIAL_FORM,
  isVideoRunning,
  move,
  progressHeadline,
  progressSteps,
  scriptFigures,
  submitBlocker,
  toRequest,
  videoHref,
} from '~/app/features/videos/model';
import { createVideoRequestSchema, VIDEO_STAGE_IDS, VIDEO_UPLOAD, videoTitle } from '~/contract/video';
import { uploadProblem } from '~/lib/upload-problem';
import { VIDEO_STAGES } from '~/server/features/videos/pipeline/run';

const words = (n: number) => Array.from({ length: n }, () => 'word').join(' ');

describe('the create form', () => {
  it('turns into a request the shared schema accepts, sending images only for uploaded visuals', () => {
    const image = {
      fileId: '0193f2c4-8d1e-7c55-b1f2-9a0e4d2c6b11',
      name: 'a.png',
      contentType: 'image/png',
      kind: 'image' as const,
      size: 10,
      width: 800,
      height: 600,
      durationSec: null,
      url: 'u',
    };
    const generated = toRequest({ ...INITIAL_FORM, script: 'Hello there.', images: [image] });
    expect(generated.imageFileIds).toEqual([]);
    expect(createVideoRequestSchema.safeParse(generated).success).toBe(true);
    const uploaded = toRequest({ ...INITIAL_FORM, script: 'Hello there.', visuals: 'uploaded', images: [image] });
    expect(uploaded.imageFileIds).toEqual([image.fileId]);
    expect(
      createVideoRequestSchema.safeParse(toRequest({ ...INITIAL_FORM, script: 'Hello.', visuals: 'uploaded' })).success,
    ).toBe(false);
  });

  it('shows live figures at 150 words a minute and refuses only scripts over 5 minutes', () => {
    const minute = scriptFigures(words(150), '1080p');
    expect(minute).toMatchObject({ words: 150, seconds: 60, cost: 15, lengthError: null });
    expect(scriptFigures(words(150), '720p').cost).toBe(10);
    expect(scriptFigures(words(750), '720p').lengthError).toBeNull();
    expect(scriptFigures(words(751), '720p').lengthError).toMatch(/up to 5 minutes/);
    expect(scriptFigures('', '720p')).toMatchObject({ words: 0, cost: 0, lengthError: null });
  });

  it('shows the editor the same figures and refusals the server applies', () => {
    const joined = scriptFigures(Array.from({ length: 225 }, () => 'sea').join(','), '1080p');
    expect(joined).toMatchObject({ words: 225, seconds: 90, cost: 30, lengthError: null });
    const directions = scriptFigures('[Upbeat music]\n\n[Cut to the beach]', '720p');
    expect(directions).toMatchObject({
      words: 0,
      cost: 0,
      lengthError: expect.stringMatching(/nothing here a voice can read/),
    });
    expect(submitBlocker(directions, 100)).toBe(directions.lengthError);
    expect(scriptFigures(words(600), '720p').fill).toBeCloseTo(0.8);
  });

  it('blocks submitting a too-long script or one the balance cannot pay for, naming the numbers', () => {
    expect(submitBlocker(scriptFigures(words(900), '720p'), 100)).toMatch(/Shorten the script/);
    expect(submitBlocker(scriptFigures(words(300), '1080p'), 20)).toBe(
      'This video needs 30 credits and you have 20. Shorten the script, choose 720p, or get more credits.',
    );
    expect(submitBlocker(scriptFigures(words(300), '1080p'), 30)).toBeNull();
    // Balance not known yet: the server decides.
    expect(submitBlocker(scriptFigures(words(300), '1080p'), null)).toBeNull();
  });

  it('checks picked files with the server limits before uploading', () => {
    expect(uploadProblem({ name: 'a.gif', type: 'image/gif', size: 10 })).toMatch(/only JPEG, PNG and WebP/);
    expect(uploadProblem({ name: 'big.jpg', type: 'image/jpeg', size: VIDEO_UPLOAD.maxBytes + 1 })).toMatch(
      /up to 15 MB/,
    );
    expect(uploadProblem({ name: 'ok.webp', type: 'image/webp', size: 1000 })).toBeNull();
    expect(uploadProblem({ name: 'beach.mov', type: '', size: 50 * 1024 * 1024 })).toBeNull();
    expect(uploadProblem({ name: 'trip.m4v', type: 'video/x-m4v', size: 1000 })).toBeNull();
    expect(uploadProblem({ name: 'long.mp4', type: 'video/mp4', size: VIDEO_UPLOAD.maxClipBytes + 1 })).toMatch(
      /clips can be up to 200 MB/,
    );
  });

  it('reorders images by one place, staying inside the list', () => {
    expect(move(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });
});

describe('progress by stage', () => {
  it('names every stage the pipeline persists, in its order', () => {
    expect(VIDEO_STAGE_IDS).toEqual([...VIDEO_STAGES]);
  });

  it('marks the stages before the running one done and the running one current', () => {
    const steps = progressSteps({ status: 'active', stage: 'visuals' });
    expect(steps.map((s) => s.state)).toEqual([
      'done',
      'done',
      'done',
      'current',
      'pending',
      'pending',
      'pending',
      'pending',
    ]);
    expect(progressHeadline({ status: 'active', stage: 'visuals', progress: 0.1 })).toBe('Building the visuals…');
  });

  it('shows where a failed video stopped, and nothing running while queued or retrying', () => {
    expect(progressSteps({ status: 'failed', stage: 'render' }).find((s) => s.state === 'failed')?.id).toBe('render');
    expect(progressSteps({ status: 'queued', stage: 'Retrying' }).every((s) => s.state === 'pending')).toBe(true);
    expect(progressHeadline({ status: 'queued', stage: 'Retrying', progress: 0.3 })).toBe(
      'Trying again after a hiccup…',
    );
    expect(progressSteps({ status: 'succeeded', stage: null }).every((s) => s.state === 'done')).toBe(true);
  });
});

describe('video titles', () => {
  it('uses the opening words, cut at a word and without markdown', () => {
    expect(videoTitle('# The sea\n\nWaves **roll** in.')).toBe('The sea Waves roll in.');
    expect(videoTitle(`${'Lighthouses guided ships through the dark for centuries '.repeat(3)}`)).toBe(
      'Lighthouses guided ships through the dark for centuries…',
    );
    expect(videoTitle('  ')).toBe('Untitled video');
  });
});

describe('history entries', () => {
  it('opens a draft’s storyboard and a video’s page, and polls only what is being made', () => {
    expect(videoHref({ id: 'b1', status: 'draft', storyboardId: 'b1' })).toBe('/nxn-agent/storyboard/b1');
    expect(videoHref({ id: 'v1', status: 'succeeded', storyboardId: 'b1' })).toBe('/nxn-agent/video/v1');
    expect(
      ['draft', 'queued', 'active', 'succeeded', 'failed', 'cancelled'].filter((s) => isVideoRunning(s as never)),
    ).toEqual(['queued', 'active']);
  });
});
