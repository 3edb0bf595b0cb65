/**
 * Watermark removal (`/watermark-removal`): the user uploads a video they own, detection proposes boxes over static
 * marks, the user adjusts them and picks a method per box, and one job renders the clean file. Boxes are fractions
 * of the displayed frame (0..1) so the browser's preview size never matters.
 */
import { z } from 'zod';
import { linkedFileSchema } from './storage.ts';

export const WATERMARK_LIMITS = {
  /** Containers the upload takes, by file name ending. */
  extensions: ['mp4', 'mov', 'webm', 'mkv'],
  maxBoxes: 12,
  /** Preview clips are this long at most. */
  clipSeconds: 3,
} as const;

export const WATERMARK_METHODS = ['delogo', 'removelogo', 'blur', 'crop'] as const;
export type WatermarkMethod = (typeof WATERMARK_METHODS)[number];

/** What each method is called in the editor. */
export const METHOD_LABELS: Record<WatermarkMethod, string> = {
  delogo: 'Smooth fill',
  removelogo: 'Shape-following fill',
  blur: 'Blur',
  crop: 'Crop at the edge',
};

/** The statement the user confirms before uploading; the terms carry the same rule. */
export const RIGHTS_STATEMENT = 'I own this video or have the right to edit it.';

/** A mark's box on the frame: fractions of width and height; optional seconds of the source it holds for. */
export const watermarkBoxSchema = z
  .object({
    id: z.string().min(1).max(40).describe('Your id for the box, unique in the list.'),
    x: z.number().min(0).max(1).describe("Left edge as a fraction of the frame's width."),
    y: z.number().min(0).max(1).describe("Top edge as a fraction of the frame's height."),
    w: z.number().min(0.005).max(1).describe("Width as a fraction of the frame's width."),
    h: z.number().min(0.005).max(1).describe("Height as a fraction of the frame's height."),
    method: z
      .enum(WATERMARK_METHODS)
      .describe('"delogo" smooth fill, "removelogo" shape-following fill, "blur", or "crop" at the edge.'),
    startS: z.number().min(0).nullable().describe('Second of the source the mark appears; null for the start.'),
    endS: z.number().min(0).nullable().describe('Second the mark disappears; null for the end.'),
    detected: z.boolean().describe('Whether detection proposed it (true) or you drew it.'),
  })
  .refine((b) => b.x + b.w <= 1.0001 && b.y + b.h <= 1.0001, {
    message: 'The box must stay inside the picture',
    path: ['w'],
  })
  .refine((b) => b.startS === null || b.endS === null || b.endS > b.startS, {
    message: 'The end must come after the start',
    path: ['endS'],
  });
export type WatermarkBox = z.infer<typeof watermarkBoxSchema>;

export const boxesRequestSchema = z.object({
  boxes: z
    .array(watermarkBoxSchema)
    .max(WATERMARK_LIMITS.maxBoxes)
    .describe('The marks to remove: boxes in fractions of the frame, each with its method.'),
});
export type BoxesRequest = z.infer<typeof boxesRequestSchema>;

/** `POST /watermark-removal/:id/preview`: a frame or a short clip at `atS` with the given boxes. */
export const previewRequestSchema = boxesRequestSchema.extend({
  atS: z.number().min(0).describe('Second of the video to preview.'),
  kind: z.enum(['frame', 'clip']).describe('"frame": a JPEG; "clip": a short MP4 from atS.'),
});
export type PreviewRequest = z.infer<typeof previewRequestSchema>;

/** `POST /watermark-removal/:id/result-frame`: the clean copy's frame at `atS`, for the before/after view. */
export const resultFrameRequestSchema = z.object({
  atS: z.number().min(0).describe('Second of the clean copy to show.'),
});
export type ResultFrameRequest = z.infer<typeof resultFrameRequestSchema>;

export const WATERMARK_STATUSES = ['uploaded', 'queued', 'active', 'succeeded', 'failed'] as const;
export type WatermarkStatus = (typeof WATERMARK_STATUSES)[number];

export const watermarkRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** `uploaded`: ready for boxes, nothing rendered yet. */
  status: z.enum(WATERMARK_STATUSES),
  progress: z.number(),
  /** "Frame 120 of 1500" while rendering. */
  stage: z.string().nullable(),
  durationMs: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  boxes: z.array(watermarkBoxSchema),
  /** Whether detection has run (boxes may be empty when it found nothing). */
  detected: z.boolean(),
  source: linkedFileSchema.nullable(),
  output: linkedFileSchema.nullable(),
  jobId: z.string().nullable(),
  error: z.string().nullable(),
  /** What rendering costs (the source's started minutes) and, once done, what it cost. */
  cost: z.number().int(),
  creditsCharged: z.number().int(),
  createdAt: z.string(),
});
export type WatermarkRecord = z.infer<typeof watermarkRecordSchema>;

export const watermarkPageSchema = z.object({
  items: z.array(watermarkRecordSchema),
  nextCursor: z.string().nullable(),
});
export type WatermarkPage = z.infer<typeof watermarkPageSchema>;

/** Whether a file name ends like a container the upload takes. */
export const acceptedVideoName = (name: string): boolean =>
  (WATERMARK_LIMITS.extensions as readonly string[]).includes(name.split('.').pop()?.toLowerCase() ?? '');
