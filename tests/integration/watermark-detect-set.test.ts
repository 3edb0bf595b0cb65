/**
 * Watermark detection through the API on the labelled set (tests/integration/support/watermark-set.ts): each clip
 * is uploaded over tus and detected by `POST /watermark-removal/:id/detect`, and the boxes are scored against the
 * marks' true boxes. The figures asserted are those docs/benchmarks.md reports (`npx tsx scripts/bench-watermark.ts
 * --set-only`): every mark found, one false box (on "life-text", a tenth of the mark's size, where a game of life's
 * still lifes hold still as a mark does); marks that show for part of the clip get a time range that covers them.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { WatermarkRecord } from '~/contract/watermark.ts';
import { apiSuite } from './support/api-suite.ts';
import { uploadVideo } from './support/tus.ts';
import {
  type ClipScore,
  LABELLED_SET,
  labelledClipFile,
  SET_FRAME,
  scoreClip,
  trueMarks,
} from './support/watermark-set.ts';

const suite = apiSuite('watermark-set', (_req, res) => res.writeHead(404).end());
const files = new Map<string, Buffer>();
beforeAll(() => {
  for (const clip of LABELLED_SET) files.set(clip.name, readFileSync(labelledClipFile(clip)));
}, 300_000);

describe('watermark detection on the labelled set, through the API', () => {
  it('finds every mark of the 18 clips and proposes one false box, smaller than the mark', async () => {
    const { user, api } = await suite.signedUp();
    const scores: Array<ClipScore & { name: string }> = [];
    for (const clip of LABELLED_SET) {
      const { res, id } = await uploadVideo(suite.stack.url, user, files.get(clip.name)!, `${clip.name}.mp4`);
      expect(res.status, clip.name).toBe(204);
      const detected = await api('POST', `/watermark-removal/${id}/detect`);
      expect(detected.status, clip.name).toBe(200);
      const record = detected.body as WatermarkRecord;
      const boxes = record.boxes.map((b) => ({
        x: b.x * SET_FRAME.width,
        y: b.y * SET_FRAME.height,
        w: b.w * SET_FRAME.width,
        h: b.h * SET_FRAME.height,
        startS: b.startS,
        endS: b.endS,
      }));
      const truth = trueMarks(clip);
      const score = scoreClip(truth, boxes);
      scores.push({ name: clip.name, ...score });

      // A mark that shows part of the time: its box holds from no later than it appears to no earlier than it goes.
      for (const mark of truth.filter((t) => t.from !== null || t.to !== null)) {
        const box = boxes.find(
          (b) =>
            b.x < mark.box.x + mark.box.w &&
            mark.box.x < b.x + b.w &&
            b.y < mark.box.y + mark.box.h &&
            mark.box.y < b.y + b.h,
        )!;
        expect(box, `${clip.name}: ${mark.label}`).toBeDefined();
        if (mark.from !== null) expect(box.startS, clip.name).not.toBeNull();
        if (mark.from !== null) expect(box.startS!, clip.name).toBeLessThanOrEqual(mark.from);
        if (mark.to !== null) expect(box.endS!, clip.name).toBeGreaterThanOrEqual(mark.to);
      }
    }
    const total = (key: 'marks' | 'found' | 'falseBoxes') => scores.reduce((n, s) => n + s[key], 0);
    expect(
      scores
        .filter((s) => s.found < s.marks || s.falseBoxes > 0)
        .map((s) => [s.name, s.found, s.marks, s.falseBoxes, s.largestFalse, s.largestMark]),
    ).toEqual([['life-text', 1, 1, 1, 100, 1008]]);
    expect([total('found'), total('marks'), total('falseBoxes')]).toEqual([19, 19, 1]);
  }, 600_000);
});
