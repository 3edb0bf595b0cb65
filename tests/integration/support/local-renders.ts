/**
 * Whole-pipeline renders on this machine only: eSpeak NG narration (cloud voices point at a closed port) and
 * designed backgrounds, each video in its own folder under one temporary root.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type CreateVideoRequestInput, createVideoRequestSchema } from '~/contract/video.ts';
import {
  type RunVideoPipelineOptions,
  runVideoPipeline,
  type VideoResult,
} from '~/server/features/videos/pipeline/run.ts';
import { createDesignedImageProvider } from '~/server/providers/images/designed-provider.ts';
import { createTtsProviders } from '~/server/providers/tts/index.ts';

export function localRenders(prefix: string, defaults: CreateVideoRequestInput) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `nxn-${prefix}-`));
  const voices = createTtsProviders({
    openaiBaseUrl: 'http://127.0.0.1:9',
    elevenlabsBaseUrl: 'http://127.0.0.1:9',
    festivalPath: '/usr/bin/festival',
  });
  const images = createDesignedImageProvider();
  const workDir = (name: string) => path.join(root, name);
  return {
    /** Where the video `name` was made, intermediate files included. */
    workDir,
    render(
      name: string,
      overrides: Partial<CreateVideoRequestInput>,
      extra: Pick<RunVideoPipelineOptions, 'musicFile' | 'brand'> = {},
    ): Promise<VideoResult> {
      const request = createVideoRequestSchema.parse({ ...defaults, ...overrides });
      return runVideoPipeline({
        jobId: `${prefix}-${name}`,
        workDir: workDir(name),
        request,
        providers: { voices, images },
        ...extra,
      });
    },
    async close(): Promise<void> {
      await Promise.all([voices.close(), images.close()]);
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
