import { describe, expect, it } from 'vitest';
import { imageJobs } from '~/server/features/images/job.ts';
import { speechJobs } from '~/server/features/speech/job.ts';
import { videoJobs } from '~/server/features/videos/job.ts';
import { watermarkJobs } from '~/server/features/watermark/job.ts';
import { loadHandler } from '~/server/jobs/runner.ts';
import { remoteJobs, testJobs } from '../integration/support/test-jobs.ts';

/**
 * The compiler checks a handler's name against the type import beside its URL (`handlerIn`); this checks that the
 * URL names that same module, by loading every handler the way a worker does.
 */
const specs = [...videoJobs, ...speechJobs, ...imageJobs, ...watermarkJobs, ...testJobs, ...remoteJobs];

describe('job handlers', () => {
  it.each(specs.map((spec) => [spec.kind, spec] as const))(
    '%s names a function its module exports',
    async (_, spec) => {
      const handler = await loadHandler(spec.handler);
      expect(typeof handler).toBe('function');
    },
  );

  it('refuses a name its module does not export', async () => {
    const [spec] = videoJobs;
    await expect(loadHandler({ module: spec?.handler.module ?? '', export: 'renderVdeo' })).rejects.toThrow(
      'exports no job handler "renderVdeo"',
    );
  });
});
