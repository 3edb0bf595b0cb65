/**
 * Stage `captions`: the narration's words grouped into one cue list, written as SRT and WebVTT (always, for download
 * and players) and as the burned-in ASS (when on): the files carry exactly the burned-in words and times.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_CAPTION_OPTIONS } from '~/contract/video.ts';
import { type BrandedTimeline, narrationSlots } from '~/server/media/brand.ts';
import { buildAss, buildSrt, buildVtt, captionLayout, groupCaptions, snapCues } from '~/server/media/captions.ts';
import type { Manifest, NarratedScene } from './manifest.ts';
import type { StageRun } from './stage.ts';

export interface CaptionsInput {
  timeline: BrandedTimeline;
  narration: readonly NarratedScene[];
  /** The brand kit's caption font; the style's own when absent. */
  font: string | undefined;
}

export async function captions(
  { workDir, request, width, height }: StageRun,
  { timeline, narration, font }: CaptionsInput,
): Promise<Required<Pick<Manifest, 'captions'>>> {
  // Jobs queued before caption styles existed carry no options in their stored payload.
  const style = request.captionOptions ?? DEFAULT_CAPTION_OPTIONS;
  const layout = captionLayout(width, height, style);
  const slots = narrationSlots(timeline);
  const cues = snapCues(
    narration.flatMap((scene, i) => {
      const offset = slots[i]!.audioStartMs;
      const words = scene.words.map((w) => ({ ...w, startMs: w.startMs + offset, endMs: w.endMs + offset }));
      return groupCaptions(words, layout);
    }),
  );
  const srt = path.join(workDir, 'captions.srt');
  await fs.writeFile(srt, buildSrt(cues));
  const vtt = path.join(workDir, 'captions.vtt');
  const wordTimestamps = request.captions === 'word' || request.captions === 'karaoke' || request.captions === 'pop';
  await fs.writeFile(vtt, buildVtt(cues, { placement: { layout, height }, wordTimestamps }));
  let ass: string | null = null;
  if (request.captions !== 'off') {
    ass = path.join(workDir, 'captions.ass');
    await fs.writeFile(ass, buildAss(cues, request.captions, layout, width, height, style.color, font));
  }
  return { captions: { srt, vtt, ass } };
}
